//! `uri normalize` and `uri equivalent`, run as a built binary, against the
//! CLI contract.

mod common;

use common::{json_lines, stdout, uri};

use serde_json::json;

#[test]
fn normalizes_syntax_then_scheme() {
    let out = uri(
        &[
            "normalize",
            "HTTP://Example.COM:80",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "http://example.com/?",
            "foo:/.//x",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://example.com/\nexample://a/b/c/%7Bfoo%7D\nhttp://example.com/?\nfoo:/.//x\n"
    );
}

#[test]
fn json_fields_of_the_contract() {
    let out = uri(
        &["normalize", "--json"],
        b"HTTP://a:80/%7e\r\nhttp://exa mple.com/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(
        v[0],
        json!({"input": "HTTP://a:80/%7e", "valid": true, "normalized": "http://a/~"})
    );
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["error"]["kind"], "invalid-host");
    assert_eq!(v[1]["error"]["offset"], 10);
    assert!(v[1].get("normalized").is_none());
}

#[test]
fn ipv6_canonical_is_an_option() {
    let out = uri(&["normalize", "http://[0:0::1]/"], b"");
    assert_eq!(stdout(&out), "http://[0:0::1]/\n");
    let out = uri(&["normalize", "--ipv6-canonical", "http://[0:0::1]/"], b"");
    assert_eq!(stdout(&out), "http://[::1]/\n");
}

#[test]
fn human_error_goes_to_stderr_and_the_rest_goes_on() {
    let out = uri(&["normalize"], b"a b\nHTTP://a\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "http://a/\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("invalid path at offset 1"), "{err}");
}

#[test]
fn equivalent_exit_status() {
    let status = |a: &str, b: &str| uri(&["equivalent", a, b], b"").status.code();
    assert_eq!(
        status("HTTP://Example.com:80/%7Euser", "http://example.com/~user"),
        Some(0)
    );
    assert_eq!(status("http://a/b/../c", "http://a/c"), Some(0));
    assert_eq!(status("http://a/?", "http://a/"), Some(1));
    assert_eq!(status("http://a/%2F", "http://a//"), Some(1));
    assert_eq!(status("http://a b", "http://a"), Some(2));
    assert_eq!(status("http://a", "\u{e9}"), Some(2));
    assert_eq!(uri(&["equivalent", "http://a"], b"").status.code(), Some(2));
    let out = uri(&["equivalent", "http://a/", "http://A:80"], b"");
    assert!(out.stdout.is_empty(), "silent unless asked");
    let out = uri(&["equivalent", "-v", "http://a/", "HTTP://A:80"], b"");
    assert_eq!(stdout(&out), "http://a/\nhttp://a/\n");
    let out = uri(
        &["equivalent", "--ipv6-canonical", "//[::1]", "//[0::1]"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let out = uri(&["equivalent", "a b", "x"], b"");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("  a b\n   ^"), "{err}");
}
