//! `uri build`, `uri encode` and `uri decode`, run as a built binary.

mod common;

use common::{json_lines, stderr, stdout, uri};

use serde_json::json;

/// Runs `uri ARGS` with no stdin and checks the exit code and stdout.
#[track_caller]
fn prints(args: &[&str], code: i32, expected: &str) {
    let out = uri(args, b"");
    assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
    assert_eq!(stdout(&out), expected, "{args:?}");
}

#[test]
fn build_prints_the_uri() {
    prints(
        &[
            "build",
            "--scheme",
            "FOO",
            "--userinfo",
            "u",
            "--host",
            "example.com",
            "--port",
            "8042",
            "--path",
            "/over/there",
            "--query",
            "name=ferret",
            "--fragment",
            "nose",
        ],
        0,
        "foo://u@example.com:8042/over/there?name=ferret#nose\n",
    );
    prints(
        &[
            "build",
            "--scheme",
            "https",
            "--host",
            "h",
            "--segment",
            "",
            "--segment",
            "a/b",
            "--segment",
            "c d",
        ],
        0,
        "https://h/a%2Fb/c%20d\n",
    );
    prints(
        &["build", "--query", "a#b", "--fragment", ""],
        0,
        "?a%23b#\n",
    );
    prints(
        &["build", "--userinfo", "a@b", "--host", "h", "--port", ""],
        0,
        "//a%40b@h:\n",
    );
    prints(&["build", "--host", "[::1]"], 0, "//[::1]\n");
    prints(
        &["build", "--host", "[v7.x]", "--path", "/"],
        0,
        "//[v7.x]/\n",
    );
    prints(
        &["build", "--host", "bücher.example"],
        0,
        "//b%C3%BCcher.example\n",
    );
    prints(&["build"], 0, "\n");
    // The two guards.
    prints(&["build", "--scheme", "s", "--path", "//x"], 0, "s:/.//x\n");
    prints(&["build", "--path", "a:b"], 0, "./a:b\n");
}

#[test]
fn build_errors_exit_1_with_a_caret() {
    let out = uri(&["build", "--scheme", "ht tp", "--host", "h"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "error: invalid scheme at offset 2 of the scheme: expected a scheme: a letter, then \
         letters, digits, '+', '-' or '.'\n  ht tp\n    ^\n"
    );
    for (args, kind) in [
        (
            &["build", "--host", "h", "--path", "a"][..],
            "relative-path-with-authority",
        ),
        (&["build", "--userinfo", "u"][..], "userinfo-without-host"),
        (&["build", "--port", "80"][..], "port-without-host"),
        (
            &["build", "--host", "h", "--port", "8o"][..],
            "invalid-port",
        ),
        (&["build", "--host", "[::1"][..], "invalid-host"),
    ] {
        let out = uri(args, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).starts_with("error: "), "{args:?}");
        let mut json_args = args.to_vec();
        json_args.insert(1, "--json");
        let out = uri(&json_args, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(json_lines(&out)[0]["error"]["kind"], kind, "{args:?}");
    }
}

#[test]
fn build_json() {
    let out = uri(&["build", "--json", "--host", "h", "--query", "#"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out), [json!({"valid": true, "uri": "//h?%23"})]);
    let out = uri(&["build", "--json", "--host", "h", "--port", "8o"], b"");
    assert_eq!(
        json_lines(&out)[0],
        json!({"valid": false, "error": {
            "kind": "invalid-port", "component": "port", "offset": 1,
            "message": "invalid port at offset 1 of the port: expected only digits"}})
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["build", "--path", "a", "--segment", "b"][..],
        &["build", "--bogus"][..],
        &["encode", "x"][..],
        &["encode", "--component", "nope", "x"][..],
    ] {
        let out = uri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn encode_each_component() {
    let text = "a b/c?d#e@f:g[h]%";
    for (component, expected) in [
        ("userinfo", "a%20b%2Fc%3Fd%23e%40f:g%5Bh%5D%25"),
        ("host", "a%20b%2Fc%3Fd%23e%40f%3Ag%5Bh%5D%25"),
        ("path", "a%20b/c%3Fd%23e@f:g%5Bh%5D%25"),
        ("segment", "a%20b%2Fc%3Fd%23e@f:g%5Bh%5D%25"),
        ("first-segment", "a%20b%2Fc%3Fd%23e@f%3Ag%5Bh%5D%25"),
        ("query", "a%20b/c?d%23e@f:g%5Bh%5D%25"),
        ("fragment", "a%20b/c?d%23e@f:g%5Bh%5D%25"),
        ("unreserved", "a%20b%2Fc%3Fd%23e%40f%3Ag%5Bh%5D%25"),
    ] {
        prints(
            &["encode", "--component", component, text],
            0,
            &format!("{expected}\n"),
        );
    }
    // Section 2.5.
    prints(
        &["encode", "--component", "path", "A", "À", "ア"],
        0,
        "A\n%C3%80\n%E3%82%A2\n",
    );
    // The scheme is checked and lower-cased, never encoded.
    prints(&["encode", "--component", "scheme", "HTTP"], 0, "http\n");
    prints(&["encode", "--component", "scheme", "a b", "ok"], 1, "ok\n");
    prints(
        &["encode", "--component", "path", "--pre-encoded", "a%20b c%"],
        0,
        "a%20b%20c%25\n",
    );
}

#[test]
fn encode_streams_stdin_lines_including_non_utf8() {
    let out = uri(
        &["encode", "--component", "segment"],
        b"a/b\r\n\xff\xfe\n\nx y\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "a%2Fb\n%FF%FE\n\nx%20y\n");
    let out = uri(&["encode", "--json", "--component", "scheme"], b"S\n1\nt\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json_lines(&out),
        [
            json!({"input": "S", "valid": true, "component": "scheme", "encoded": "s"}),
            json!({"input": "1", "valid": false, "error": {"kind": "invalid-scheme", "offset": 0,
                "message": "invalid scheme at offset 0 of the scheme: expected a scheme: a letter, then letters, digits, '+', '-' or '.'"}}),
            json!({"input": "t", "valid": true, "component": "scheme", "encoded": "t"}),
        ]
    );
}

#[test]
fn decode_args_and_stdin() {
    prints(&["decode", "caf%C3%A9", "a+b", "%25"], 0, "café\na+b\n%\n");
    let out = uri(&["decode"], b"%41\n%4\n%E3%82%A2\r\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "A\nア\n"); // the bad line is reported, the rest go on
    assert_eq!(
        stderr(&out),
        "error: truncated escape at offset 2: expected two hexadecimal digits after '%'\n  %4\n    ^\n"
    );
}

#[test]
fn decode_json() {
    let out = uri(&["decode", "--json", "a%20b", "a%zz", "%FF", "%C3%A9"], b"");
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(
        v[0],
        json!({"input": "a%20b", "valid": true, "decoded": "a b"})
    );
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["error"]["kind"], "invalid-escape");
    assert_eq!(v[1]["error"]["offset"], 2);
    assert_eq!(v[2]["error"]["kind"], "not-utf8");
    assert_eq!(v[2]["error"]["offset"], 0);
    assert_eq!(v[3]["decoded"], "é");
}

#[test]
fn encode_then_decode_round_trips() {
    let text = "100% ア/b?#[x]";
    for component in ["userinfo", "host", "path", "segment", "query", "fragment"] {
        let encoded = stdout(&uri(&["encode", "--component", component, text], b""));
        let decoded = stdout(&uri(&["decode", encoded.trim_end()], b""));
        assert_eq!(decoded, format!("{text}\n"), "{component}");
    }
}
