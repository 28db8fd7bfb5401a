//! The data lookup follows `NAV_MOVINGAI_DIR` and the `CI=true` rule.
//!
//! One test in this binary: it changes the environment, which no other thread reads meanwhile.

use std::panic::catch_unwind;

use nav_testkit::movingai_dir;

fn set(key: &str, value: Option<&std::path::Path>) {
    // SAFETY: this binary's only test runs on one thread; nothing else reads the environment.
    unsafe {
        match value {
            Some(value) => std::env::set_var(key, value),
            None => std::env::remove_var(key),
        }
    }
}

#[test]
fn follows_the_variable_and_fails_only_under_ci() {
    let present = std::env::temp_dir();
    let missing = present.join(format!("nav-testkit-missing-{}", std::process::id()));
    assert!(!missing.exists());

    set("NAV_MOVINGAI_DIR", Some(&present));
    set("CI", None);
    assert_eq!(movingai_dir(), Some(present.clone()));

    set("NAV_MOVINGAI_DIR", Some(&missing));
    assert_eq!(movingai_dir(), None);
    set("CI", Some("false".as_ref()));
    assert_eq!(movingai_dir(), None);

    set("CI", Some("true".as_ref()));
    assert!(catch_unwind(movingai_dir).is_err());
    set("NAV_MOVINGAI_DIR", Some(&present));
    assert_eq!(movingai_dir(), Some(present));
}
