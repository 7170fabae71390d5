//! `uri parse`, run as a built binary, against the CLI contract.

mod common;

use common::{json_lines, uri};

use std::io::Write;

use serde_json::Value;

#[test]
fn json_has_every_field_of_the_contract() {
    let out = uri(
        &[
            "parse",
            "--json",
            "foo://u@example.com:8042/over/there?name=ferret#nose",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let expected: Value = serde_json::from_str(
        r#"{"input":"foo://u@example.com:8042/over/there?name=ferret#nose","valid":true,
            "kind":"uri","scheme":"foo","authority":"u@example.com:8042","userinfo":"u",
            "host":"example.com","host_kind":"reg-name","port":"8042",
            "path":"/over/there","segments":["","over","there"],
            "query":"name=ferret","fragment":"nose"}"#,
    )
    .unwrap();
    assert_eq!(json_lines(&out), [expected]);
}

#[test]
fn json_absent_empty_and_host_kinds() {
    let out = uri(
        &[
            "parse",
            "--json",
            "//[::1]:/?#",
            "a/",
            "/",
            "",
            "http://1.2.3.4",
            "s://[v1.x]",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v[0]["kind"], "relative");
    assert_eq!(v[0]["scheme"], Value::Null);
    assert_eq!(v[0]["host"], "[::1]");
    assert_eq!(v[0]["host_kind"], "ipv6");
    assert_eq!(v[0]["port"], "");
    assert_eq!(v[0]["userinfo"], Value::Null);
    assert_eq!(v[0]["query"], "");
    assert_eq!(v[0]["fragment"], "");
    assert_eq!(v[1]["segments"], serde_json::json!(["a", ""]));
    assert_eq!(v[2]["segments"], serde_json::json!([""]));
    assert_eq!(v[3]["segments"], serde_json::json!([]));
    assert_eq!(v[3]["path"], "");
    assert_eq!(v[3]["host_kind"], Value::Null);
    assert_eq!(v[4]["host_kind"], "ipv4");
    assert_eq!(v[5]["host_kind"], "ipvfuture");
}

#[test]
fn invalid_line_in_the_middle_does_not_stop_the_rest() {
    let stdin = b"http://a/1\r\nhttp://exa mple.com/\n\xff\xfe\nhttp://a/\x00\nhttp://a/4";
    let out = uri(&["parse", "--json"], stdin);
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 5);
    assert_eq!(v[0]["input"], "http://a/1", "the \\r is stripped");
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["error"]["kind"], "invalid-host");
    assert_eq!(v[1]["error"]["offset"], 10);
    assert!(v[1]["error"]["message"].as_str().unwrap().contains("host"));
    assert_eq!(v[2]["valid"], false);
    assert_eq!(v[2]["error"]["offset"], 0);
    assert_eq!(v[3]["error"]["offset"], 9);
    assert_eq!(
        v[4]["input"], "http://a/4",
        "a last line without newline counts"
    );
    assert_eq!(v[4]["valid"], true);
}

#[test]
fn spaces_are_part_of_the_input() {
    let out = uri(&["parse", "--json"], b" http://a\nhttp://a \n");
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["offset"], 0);
    assert_eq!(v[1]["error"]["offset"], 8);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn human_output_lists_present_components() {
    let out = uri(&["parse", "http://h:8/p?q"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "kind: uri\nscheme: http\nauthority: h:8\nhost: h\nhost_kind: reg-name\nport: 8\n\
         path: /p\nsegments: [\"\",\"p\"]\nquery: q\n\n"
    );
}

#[test]
fn human_error_has_a_caret_under_the_offset() {
    let out = uri(&["parse"], b"http://exa mple.com/\n/ok\n");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<_> = err.lines().collect();
    assert!(
        lines[0].starts_with("error: invalid host at offset 10"),
        "{err}"
    );
    assert_eq!(lines[1], "  http://exa mple.com/");
    assert_eq!(lines[2], "            ^");
    assert!(!err.contains('\x1b'), "NO_COLOR is respected");
    assert!(String::from_utf8(out.stdout).unwrap().contains("path: /ok"));
}

#[test]
fn exit_status_two_for_usage_errors() {
    assert_eq!(uri(&["parse", "--nope"], b"").status.code(), Some(2));
    assert_eq!(uri(&["nope"], b"").status.code(), Some(2));
    assert_eq!(uri(&[], b"").status.code(), Some(2));
}

#[test]
fn many_lines_stream_in_order() {
    let mut stdin = Vec::new();
    for i in 0..20_000 {
        writeln!(stdin, "http://example.com/{i}").unwrap();
    }
    let out = uri(&["parse", "--json"], &stdin);
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 20_000);
    assert_eq!(v[12_345]["path"], "/12345");
}
