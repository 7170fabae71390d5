//! The command on hostile standard input: valid lines mixed with non-UTF-8
//! bytes, NUL, control characters, CRLF endings, empty lines and 1 MiB
//! lines give exactly one JSON object per line, in order, for `parse` and
//! every other subcommand that streams.

mod common;

use serde_json::Value;

/// Runs `uri ARGS` with `stdin`; returns the exit code and stdout lines.
fn uri(args: &[&str], stdin: Vec<u8>) -> (Option<i32>, Vec<Value>) {
    let output = common::uri(args, &stdin);
    (output.status.code(), common::json_lines(&output))
}

#[test]
fn one_json_line_per_input_line_in_order() {
    let huge_valid = format!("http://example.com/{}", "a".repeat(1 << 20));
    let huge_invalid = format!("http://example.com/{} ", "a".repeat(1 << 20));
    let lines: Vec<Vec<u8>> = vec![
        b"http://example.com/a?b#c".to_vec(),
        b"/caf\xc3\xa9".to_vec(), // UTF-8 but not ASCII
        b"/\xff\xfe".to_vec(),    // not UTF-8
        b"http://a/\0b".to_vec(),
        b"".to_vec(),
        huge_valid.clone().into_bytes(),
        b"http://[::1]:80/\r".to_vec(), // CRLF: the "\r" is stripped
        b"a\rb".to_vec(),               // an inner "\r" is not
        huge_invalid.clone().into_bytes(),
        b"\t".to_vec(),
        b"http://[fe80::1%25eth0]/".to_vec(),
        b"urn:isbn:0451450523".to_vec(),
    ];
    let mut stdin = lines.join(&b'\n');
    stdin.extend_from_slice(b"\n");
    let (code, out) = uri(&["parse", "--json"], stdin);
    assert_eq!(code, Some(1), "some lines are invalid");
    assert_eq!(out.len(), lines.len(), "one JSON line per input line");

    let valid: Vec<bool> = out.iter().map(|v| v["valid"].as_bool().unwrap()).collect();
    assert_eq!(
        valid,
        [true, false, false, false, true, true, true, false, false, false, false, true]
    );
    // In order: each object echoes its line (non-UTF-8 bytes as U+FFFD).
    assert_eq!(out[0]["input"], "http://example.com/a?b#c");
    assert_eq!(out[1]["input"], "/café");
    assert_eq!(out[1]["error"]["offset"], 4);
    assert_eq!(out[2]["input"], "/\u{FFFD}\u{FFFD}");
    assert_eq!(out[2]["error"]["offset"], 1);
    assert_eq!(out[3]["input"], "http://a/\0b");
    assert_eq!(out[3]["error"]["kind"], "invalid-path");
    assert_eq!(out[4]["input"], "");
    assert_eq!(out[4]["path"], "");
    assert_eq!(out[5]["input"], huge_valid.as_str());
    assert_eq!(out[5]["segments"].as_array().unwrap().len(), 2);
    assert_eq!(out[6]["host"], "[::1]");
    assert_eq!(out[7]["error"]["offset"], 1);
    assert_eq!(out[8]["error"]["offset"], huge_invalid.len() - 1);
    assert_eq!(out[9]["input"], "\t");
    assert_eq!(out[10]["error"]["offset"], 15);
    assert_eq!(out[11]["path"], "isbn:0451450523");
}

#[test]
fn a_last_line_without_newline_is_still_a_line() {
    let (code, out) = uri(&["parse", "--json"], b"/a\n/b c".to_vec());
    assert_eq!(code, Some(1));
    assert_eq!(out.len(), 2);
    assert_eq!(out[1]["input"], "/b c");
}

#[test]
fn every_line_valid_exits_0() {
    let stdin = b"http://a/\r\n//b\r\n?q\r\n#f\r\n".to_vec();
    let (code, out) = uri(&["parse", "--json"], stdin);
    assert_eq!(code, Some(0));
    assert_eq!(out.len(), 4);
}

#[test]
fn human_output_survives_the_same_input() {
    let stdin = b"/\xff\n\0\nhttp://a/\n".to_vec();
    let output = common::uri(&["parse"], &stdin);
    assert_eq!(output.status.code(), Some(1));
    let stdout = common::stdout(&output);
    assert!(stdout.contains("host: a"), "{stdout}");
    let stderr = common::stderr(&output);
    assert_eq!(stderr.matches("error").count(), 2, "{stderr}");
}

/// Every subcommand that streams standard input, on hostile lines mixed
/// with valid ones and 1 MiB lines of the shapes that stress it (a `../`
/// chain, dot segments, escapes): one JSON line per input line, in order,
/// each echoing its line, and exit 1 (exit 0 for `encode`, which takes any
/// text).
#[test]
fn every_streaming_subcommand_answers_each_line_in_order() {
    let base = "http://a/b/c/d;p?q";
    let lines: Vec<Vec<u8>> = vec![
        b"../g".to_vec(),
        b"http://a/b/c/g?y#s".to_vec(),
        b"/\xff\xfe".to_vec(),
        b"http://a/\0b".to_vec(),
        b"".to_vec(),
        format!("{}g", "../".repeat(1 << 18)).into_bytes(),
        format!("http://h{}", "/.".repeat(1 << 19)).into_bytes(),
        format!("http://h/{}", "%7e".repeat(1 << 18)).into_bytes(),
        b"HTTP://A:80/%7Euser\r".to_vec(),
        b"a\rb".to_vec(),
        b".//@@".to_vec(),
        b"foo:/.//x".to_vec(),
        b"%zz %4 %".to_vec(),
        b"http://[fe80::1%25eth0]/".to_vec(),
    ];
    let mut stdin = lines.join(&b'\n');
    stdin.extend_from_slice(b"\n");
    let expected_input: Vec<String> = lines
        .iter()
        .map(|l| String::from_utf8_lossy(l.strip_suffix(b"\r").unwrap_or(l)).into_owned())
        .collect();
    let subcommands: [(&[&str], i32); 6] = [
        (&["resolve", "--json", base], 1),
        (
            &[
                "resolve",
                "--json",
                "--non-strict",
                "--keep-parent-above-root",
                base,
            ],
            1,
        ),
        (&["normalize", "--json", "--ipv6-canonical"], 1),
        (&["relativize", "--json", base], 1),
        (&["decode", "--json"], 1),
        (&["encode", "--json", "--component", "query"], 0),
    ];
    for (args, exit) in subcommands {
        let (code, out) = uri(args, stdin.clone());
        assert_eq!(code, Some(exit), "{args:?}");
        assert_eq!(
            out.len(),
            lines.len(),
            "{args:?}: one JSON line per input line"
        );
        for (i, object) in out.iter().enumerate() {
            assert_eq!(
                object["input"],
                expected_input[i].as_str(),
                "{args:?} line {i}"
            );
            assert!(object["valid"].is_boolean(), "{args:?} line {i}");
        }
    }
    // What the shapes give, where the RFC decides.
    let (_, out) = uri(&["resolve", "--json", base], stdin.clone());
    assert_eq!(out[0]["target"], "http://a/b/g");
    assert_eq!(out[5]["target"], "http://a/g");
    assert_eq!(out[10]["target"], "http://a/b/c//@@");
    let (_, out) = uri(&["normalize", "--json"], stdin);
    assert_eq!(out[6]["normalized"], "http://h/");
    assert_eq!(
        out[7]["normalized"],
        format!("http://h/{}", "~".repeat(1 << 18))
    );
    assert_eq!(out[8]["normalized"], "http://a/~user");
    assert_eq!(out[11]["normalized"], "foo:/.//x");
}
