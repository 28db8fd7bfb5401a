//! Helpers shared by the integration tests: running the `nav` binary, temporary files, the
//! Moving AI data, and a minimal SVG structure check.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a run of `nav` produced.
#[derive(Debug)]
pub struct Run {
    /// Exit status (`None` if killed by a signal, e.g. a panic that aborted).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// The one JSON object printed on standard output.
    pub fn json(&self) -> serde_json::Value {
        assert_eq!(
            self.stdout.lines().count(),
            1,
            "expected one line of JSON, got {:?}",
            self.stdout
        );
        serde_json::from_str(&self.stdout).expect("stdout is JSON")
    }

    /// Asserts exit status 2 with exactly one line `error: ...` on standard error that
    /// contains every one of `needles`, and nothing on standard output.
    pub fn assert_bad_input(&self, needles: &[&str]) {
        assert_eq!(self.code, Some(2), "{self:?}");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "one line of error: {:?}", self.stderr);
        assert!(lines[0].starts_with("error: "), "{:?}", lines[0]);
        for needle in needles {
            assert!(
                lines[0].contains(needle),
                "error {:?} should mention {needle:?}",
                lines[0]
            );
        }
        assert!(!lines[0].contains("panicked"), "{:?}", lines[0]);
        assert_eq!(self.stdout, "", "nothing on stdout after bad input");
    }
}

/// Runs `nav` with `args`.
pub fn nav<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    nav_with_env(args, &[])
}

/// Runs `nav` with `args` and extra environment variables.
pub fn nav_with_env<S: AsRef<std::ffi::OsStr>>(args: &[S], env: &[(&str, &Path)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nav"));
    command.args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().expect("nav runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

/// A fresh, empty directory under the system's temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new directory whose name contains `tag`.
    pub fn new(tag: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("nav-cli-test-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temporary directory");
        Self(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// A path inside the directory.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes `text` to `name` inside the directory and returns its path.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.join(name);
        std::fs::write(&path, text).expect("write temporary file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The text of a Moving AI map with the given rows.
pub fn map_text(rows: &[&str]) -> String {
    let mut text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        rows.len(),
        rows[0].len()
    );
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

/// The Moving AI data directory: `NAV_MOVINGAI_DIR`, else `<workspace>/../shared/data/movingai`.
/// `None` (after printing why) when it is missing; under `CI=true` a missing directory panics.
pub fn movingai_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("NAV_MOVINGAI_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/movingai"),
    };
    if dir.join("dao/arena.map.scen").is_file() {
        return Some(dir);
    }
    let message = format!(
        "Moving AI data (dao/arena.map.scen) not found under {} (set NAV_MOVINGAI_DIR)",
        dir.display()
    );
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{message}; CI=true requires it");
    }
    eprintln!("skipping: {message}");
    None
}

/// Checks that `text` is a well-formed SVG document as far as these tests need: an XML
/// declaration, one `<svg>` root with the SVG namespace and a size, properly nested elements,
/// no stray `<` or `&` in text and attributes, and no NaN or infinite numbers. Returns the
/// number of elements of each name.
pub fn check_svg(text: &str) -> std::collections::BTreeMap<String, usize> {
    let text = text.trim();
    let body = text
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .expect("XML declaration");
    let mut stack: Vec<String> = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    let mut rest = body;
    let mut roots = 0;
    while let Some(open) = rest.find('<') {
        let content = &rest[..open];
        check_escaped(content);
        if stack.is_empty() {
            assert!(
                content.trim().is_empty(),
                "text outside the root: {content:?}"
            );
        }
        let close = rest[open..].find('>').expect("unterminated tag") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().expect("tag name").to_string();
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric()),
            "odd tag name {name:?}"
        );
        let attributes = &tag[name.len()..];
        assert_eq!(
            attributes.matches('"').count() % 2,
            0,
            "unbalanced quotes: {tag}"
        );
        check_escaped(attributes);
        for bad in ["NaN", "inf"] {
            assert!(!attributes.contains(bad), "{bad} in {tag}");
        }
        if stack.is_empty() {
            roots += 1;
            assert_eq!(name, "svg", "the root is <svg>");
            assert!(attributes.contains("xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(attributes.contains(" width=\"") && attributes.contains(" height=\""));
        }
        *counts.entry(name.clone()).or_insert(0) += 1;
        if !self_closing {
            stack.push(name);
        }
    }
    check_escaped(rest);
    assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
    assert!(stack.is_empty(), "unclosed elements {stack:?}");
    assert_eq!(roots, 1, "one root element");
    counts
}

/// Asserts that every `&` in `text` starts an entity.
fn check_escaped(text: &str) {
    for (i, _) in text.match_indices('&') {
        let entity = &text[i..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| entity.starts_with(e)),
            "unescaped & in {text:?}"
        );
    }
}
