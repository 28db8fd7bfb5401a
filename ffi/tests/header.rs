//! The committed header `include/nav.h` is what cbindgen generates from the sources today,
//! and its version macros are the crate's version.

use std::path::{Path, PathBuf};

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn generate() -> String {
    let dir = manifest_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml"))
        .expect("ffi/cbindgen.toml should be a valid cbindgen configuration");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen should parse ffi/src");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

fn committed_path() -> PathBuf {
    manifest_dir().join("include/nav.h")
}

#[test]
fn committed_header_matches_a_fresh_generation() {
    let fresh = generate();
    let path = committed_path();
    if std::env::var_os("NAV_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write ffi/include/nav.h");
        eprintln!("wrote {}", path.display());
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let first_difference = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(fresh.lines().count()));
        panic!(
            "ffi/include/nav.h is out of date with ffi/src (first difference at line {}).\n\
             Regenerate it with: NAV_UPDATE_HEADER=1 cargo test -p nav-ffi --test header\n\
             and commit the new header.",
            first_difference + 1
        );
    }
}

fn header_macro(header: &str, name: &str) -> u32 {
    let prefix = format!("#define {name} ");
    header
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("nav.h has no #define {name}"))
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("#define {name} is not a number"))
}

#[test]
fn version_macros_and_nav_version_match_cargo_toml() {
    let header = std::fs::read_to_string(committed_path()).expect("read ffi/include/nav.h");
    let cargo = [
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    ]
    .map(|part| part.parse::<u32>().unwrap());
    let macros = [
        "NAV_VERSION_MAJOR",
        "NAV_VERSION_MINOR",
        "NAV_VERSION_PATCH",
    ]
    .map(|name| header_macro(&header, name));
    assert_eq!(
        macros,
        cargo,
        "the NAV_VERSION_* constants in ffi/src/version.rs must be the version in Cargo.toml ({})",
        env!("CARGO_PKG_VERSION")
    );
    let mut version = nav_ffi::NavVersion::default();
    // SAFETY: a valid out-pointer.
    assert_eq!(
        unsafe { nav_ffi::nav_version(&mut version) },
        nav_ffi::NavStatus::NavOk
    );
    assert_eq!([version.major, version.minor, version.patch], cargo);
}

#[test]
fn header_has_the_required_frame() {
    let header = std::fs::read_to_string(committed_path()).expect("read ffi/include/nav.h");
    for needle in [
        "#ifndef NAV_H",
        "#define NAV_H",
        "extern \"C\" {",
        "NAV_BUFFER_TOO_SMALL = 6",
        "typedef struct NavGrid NavGrid;",
        "NavStatus nav_last_error(",
    ] {
        assert!(header.contains(needle), "nav.h lacks `{needle}`");
    }
    assert!(Path::new(&committed_path()).exists());
}
