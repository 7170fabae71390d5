//! `uri resolve` and `uri relativize`, run as a built binary, against the
//! CLI contract.

mod common;

use common::{json_lines, stdout, uri};

use std::io::Write;

use serde_json::json;

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolves_arguments_one_line_each() {
    let out = uri(&["resolve", BASE, "g", "../..", "?y", "#s", "http:g"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://a/b/c/g\nhttp://a/\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp:g\n"
    );
}

#[test]
fn json_fields_of_the_contract() {
    let out = uri(&["resolve", "--json", BASE, "../g"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json_lines(&out),
        [json!({"base": BASE, "input": "../g", "valid": true, "target": "http://a/b/g"})]
    );
}

#[test]
fn non_strict_and_the_erratum_option() {
    let out = uri(&["resolve", "--non-strict", BASE, "http:g"], b"");
    assert_eq!(stdout(&out), "http://a/b/c/g\n");
    let out = uri(
        &["resolve", "--keep-parent-above-root", BASE, "../../../g"],
        b"",
    );
    assert_eq!(stdout(&out), "http://a/../g\n");
    let out = uri(&["resolve", BASE, "../../../g"], b"");
    assert_eq!(stdout(&out), "http://a/g\n");
}

#[test]
fn references_from_stdin_and_a_bad_one_in_the_middle() {
    let out = uri(&["resolve", "--json", BASE], b"g\r\na b\n\xff\n//x\n");
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["target"], "http://a/b/c/g");
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["error"]["kind"], "invalid-path");
    assert_eq!(v[1]["error"]["offset"], 1);
    assert_eq!(v[1]["error"]["source"], "input");
    assert_eq!(v[2]["valid"], false);
    assert_eq!(v[3]["target"], "http://x");
}

#[test]
fn an_invalid_base_fails_every_line() {
    for (base, kind, offset) in [
        ("//a/b", "relative-base", 0),
        ("ht tp://a", "invalid-path", 2),
    ] {
        let out = uri(&["resolve", "--json", base, "g", "h"], b"");
        assert_eq!(out.status.code(), Some(1), "{base}");
        let v = json_lines(&out);
        assert_eq!(v.len(), 2);
        for line in &v {
            assert_eq!(line["base"], base);
            assert_eq!(line["valid"], false);
            assert_eq!(line["error"]["kind"], kind);
            assert_eq!(line["error"]["offset"], offset);
            assert_eq!(line["error"]["source"], "base");
            assert!(line.get("target").is_none());
        }
    }
    let out = uri(&["resolve", "//a/b", "g"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: base: the base is a relative reference"),
        "{err}"
    );
    assert!(err.contains("\n  //a/b\n  ^\n"), "{err}");
}

#[test]
fn a_base_fragment_is_ignored() {
    let out = uri(&["resolve", "http://a/b#f", "", "c"], b"");
    assert_eq!(stdout(&out), "http://a/b\nhttp://a/c\n");
}

#[test]
fn usage_errors() {
    assert_eq!(uri(&["resolve"], b"").status.code(), Some(2));
    assert_eq!(
        uri(&["resolve", "--strict", BASE], b"").status.code(),
        Some(2)
    );
    assert_eq!(uri(&["relativize"], b"").status.code(), Some(2));
}

#[test]
fn relativize_arguments_and_json() {
    let out = uri(
        &[
            "relativize",
            BASE,
            "http://a/b/g",
            "http://a/b/c/d;p?y",
            "https://a/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "../g\n?y\nhttps://a/\n");
    let out = uri(&["relativize", "--json", BASE], b"http://a/b/c/g#s\n/x\n");
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(
        v[0],
        json!({"base": BASE, "input": "http://a/b/c/g#s", "valid": true, "relative": "g#s"})
    );
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["error"]["kind"], "relative-target");
    let out = uri(&["relativize", "--json", "x", "http://a/"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"]["kind"], "relative-base");
}

#[test]
fn many_lines_stream_in_order() {
    let mut stdin = Vec::new();
    for i in 0..20_000 {
        writeln!(stdin, "../{i}").unwrap();
    }
    let out = uri(&["resolve", "--json", BASE], &stdin);
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 20_000);
    assert_eq!(v[12_345]["target"], "http://a/b/12345");
}
