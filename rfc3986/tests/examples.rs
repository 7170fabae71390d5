//! Runs every program in `examples/` and checks what it prints.
//!
//! The examples are built by a nested `cargo` with its own target directory,
//! so this test does not wait on the build lock of the `cargo test` that
//! runs it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn run(example: &str, args: &[&str], stdin: &str) -> (bool, String, String) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = manifest
        .parent()
        .unwrap()
        .join("target")
        .join("examples-test");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(cargo)
        .args(["run", "--quiet", "--example", example, "--manifest-path"])
        .arg(manifest.join("Cargo.toml"))
        .arg("--")
        .args(args)
        .env("CARGO_TARGET_DIR", &target)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_example_is_tested() {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "examples"].iter().collect();
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(names, ["build", "dedupe", "parse", "relativize", "resolve"]);
}

#[test]
fn parse_example() {
    let (ok, out, _) = run(
        "parse",
        &["foo://u@example.com:8042/over/there?name=ferret#nose"],
        "",
    );
    assert!(ok);
    assert!(
        out.contains("  host      Some(\"example.com\") (Some(RegName))"),
        "{out}"
    );
    assert!(
        out.contains("  segments  [\"\", \"over\", \"there\"]"),
        "{out}"
    );
    let (ok, _, err) = run("parse", &["http://exa mple.com/"], "");
    assert!(!ok);
    assert!(
        err.contains("          ^ invalid host at offset 10"),
        "{err}"
    );
}

#[test]
fn resolve_example_prints_the_rfc_table() {
    let (ok, out, _) = run("resolve", &[], "");
    assert!(ok);
    assert!(out.contains("\"../g\"       -> http://a/b/g\n"), "{out}");
    assert!(
        out.contains("\"\"           -> http://a/b/c/d;p?q\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 23);
}

#[test]
fn build_example() {
    let (ok, out, _) = run("build", &[], "");
    assert!(ok);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(
        lines[0],
        "https://user%40example@b%C3%BCcher.example:8443/AC%2FDC/Mot%C3%B6rhead?q=rock%20&%20roll%231#top"
    );
    assert_eq!(lines[1], "userinfo  user@example");
    assert_eq!(lines[2], "host      bücher.example");
    assert!(out.contains("segment   AC%2FDC\n"));
    assert!(out.ends_with("http://[::1]:8080/health\n"), "{out}");
}

#[test]
fn dedupe_example() {
    let (ok, out, err) = run(
        "dedupe",
        &[],
        "HTTP://a/%7e\nhttp://a/~\nhttp://a:80/~\nbad line\nhttp://b/\n",
    );
    assert!(ok);
    assert_eq!(out, "HTTP://a/%7e\nhttp://b/\n");
    assert!(err.contains("line 4: invalid path"), "{err}");
}

#[test]
fn relativize_example() {
    let (ok, out, _) = run("relativize", &[], "");
    assert!(ok);
    assert_eq!(
        out,
        "http://example.com/docs/guide/setup.html -> setup.html\n\
         http://example.com/docs/guide/intro.html#install -> #install\n\
         http://example.com/docs/api/ -> ../api/\n\
         http://example.com/about -> /about\n\
         https://example.com/docs/ -> https://example.com/docs/\n"
    );
}
