//! What the command-line tests share: running the `kalmar` binary from the workspace root, its
//! output as text or JSON, and a scratch directory per test program.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `kalmar` with `args` in the workspace root (where `examples/` and `testdata/` are).
pub fn kalmar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalmar"))
        .args(args)
        .current_dir(workspace())
        .output()
        .expect("the kalmar binary runs")
}

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON a successful run printed.
pub fn json_of(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("JSON on standard output")
}

/// The JSON printed by `kalmar` with `args`, which must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    json_of(&kalmar(args))
}

/// A path for `name` in a scratch directory of this test program and process.
pub fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "kalmar-{}-test-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs `kalmar` with `args`, which must be refused as bad input (exit code 2) with a message
/// containing `why`.
pub fn refused(args: &[&str], why: &str) {
    let out = kalmar(args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains(why), "{}", stderr(&out));
}

/// Runs `kalmar` with `args`, a verification of a well-formed but wrong solution, which must be
/// rejected (exit code 3) with a message containing `why`.
pub fn rejected(args: &[&str], why: &str) {
    let out = kalmar(args);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains(why), "{}", stderr(&out));
}
