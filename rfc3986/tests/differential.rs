//! Differential tests against two other strict RFC 3986 parsers, fluent-uri
//! 0.4 and iri-string 0.7: validity and every component must agree, on
//! references generated from the ABNF, on mutated ones, and on the real URL
//! lists in /work/shared/data/urls (skipped when absent).
//!
//! The comparison is a fuzz property (`fuzz/src/peers.rs`, target
//! `differential`); where a peer disagrees, the RFC decides, and each
//! remaining difference is listed there with the rule that decides it.

mod common;

use common::properties::peers::agree;
use common::{config, generated, input};
use proptest::prelude::*;
use rfc3986::UriRef;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn generated_references_agree(g in generated()) {
        agree(&g.text);
    }

    #[test]
    fn mutated_references_agree(data in input()) {
        common::properties::peers::agrees_with_peers(&data);
    }
}

/// Every line of every list in /work/shared/data/urls, when it is there.
#[test]
fn real_url_lists_agree() {
    let dir = std::path::Path::new("/work/shared/data/urls");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    };
    let mut lines = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        for line in data.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if let Ok(text) = std::str::from_utf8(line) {
                agree(text);
                lines += 1;
            }
        }
    }
    assert!(lines > 100_000, "{lines} lines");
}

/// Error offsets differ by convention, not by validity. This crate reports
/// the length of the longest prefix that some valid reference starts with;
/// fluent-uri points at the `%` of a bad escape, and at the first byte that
/// cannot be a port even while the authority could still turn out to hold a
/// userinfo (`http://example.com:80a@h/` is valid). Elsewhere they agree.
/// Each row: input, this crate's offset, fluent-uri's.
#[test]
fn error_offsets_differ_only_by_convention() {
    let rows: &[(&str, usize, usize)] = &[
        ("/%zz", 2, 1),
        ("/a%4", 4, 2),
        ("http://[::1/", 11, 11),
        ("http://[fe80::1%25eth0]/", 15, 15),
        ("http://exa mple.com/", 10, 10),
        ("http://a@b@c/", 10, 10),
        // "example.com:80a" is still a possible userinfo until the "/".
        ("http://example.com:80a/", 22, 21),
        ("http://u@example.com:80a/", 23, 23),
    ];
    for &(input, ours, theirs) in rows {
        let ours_got = UriRef::parse(input).unwrap_err().offset();
        let theirs_got = fluent_uri::UriRef::parse(input).unwrap_err().index();
        assert_eq!((ours_got, theirs_got), (ours, theirs), "{input:?}");
    }
}
