//! Differential tests against two other strict RFC 3986 parsers, fluent-uri
//! 0.4 and iri-string 0.7: validity and every component must agree, on
//! references generated from the ABNF, on mutated ones, and on the real URL
//! lists in /work/shared/data/urls (skipped when absent).
//!
//! Resolution and normalization must agree too, on generated pairs of
//! references and on the same lists (each line as a base, with the next
//! line's relative form and a few references of section 5.4 against it).
//!
//! The comparisons are fuzz properties (`fuzz/src/peers.rs`, targets
//! `differential`, `differential_resolve` and `differential_normalize`);
//! where a peer disagrees, the RFC decides, and each remaining difference
//! is listed there with the rule that decides it. `each_listed_difference_
//! shows_on_its_example` below prints the list and shows each one.

mod common;

use common::properties::peers::{
    self, agree, normalization_tally, resolution_tally, Peer, Tally, NORMALIZATION_DIFFERENCES,
    RESOLUTION_DIFFERENCES,
};
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

    #[test]
    fn resolutions_agree(data in common::reference_pair()) {
        peers::resolutions_agree(&data);
    }

    #[test]
    fn normalizations_agree(data in prop_oneof![
        input(),
        common::base().prop_map(String::into_bytes),
        common::dot_path().prop_map(String::into_bytes),
    ]) {
        peers::normalizations_agree(&data);
    }
}

/// The lines of every list in /work/shared/data/urls, when it is there.
fn real_url_lines() -> Option<Vec<Vec<u8>>> {
    let dir = std::path::Path::new("/work/shared/data/urls");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("skipped: {} is absent", dir.display());
        return None;
    };
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut lines = Vec::new();
    for path in paths {
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        for line in data.split(|&b| b == b'\n') {
            lines.push(line.strip_suffix(b"\r").unwrap_or(line).to_vec());
        }
    }
    Some(lines)
}

/// Each line as a base, against the next line's shortest relative form and
/// four references of section 5.4; each line normalized.
#[test]
fn real_url_lists_resolve_and_normalize_alike() {
    let Some(lines) = real_url_lines() else {
        return;
    };
    let uris: Vec<UriRef<'_>> = lines
        .iter()
        .filter_map(|l| UriRef::parse_bytes(l).ok())
        .filter(|u| !u.is_relative())
        .collect();
    let (mut resolved, mut normalized) = (Tally::default(), Tally::default());
    let fixed: Vec<UriRef<'_>> = ["../g", "?y", "#s", "g;x?y#s"]
        .iter()
        .map(|r| UriRef::parse(r).unwrap())
        .collect();
    for pair in uris.windows(2) {
        let (base, next) = (pair[0], pair[1]);
        let relative = rfc3986::relativize(base, next).unwrap();
        resolved += resolution_tally(base, relative.as_uri_ref());
        for &reference in &fixed {
            resolved += resolution_tally(base, reference);
        }
        normalized += normalization_tally(base);
    }
    eprintln!(
        "{} URIs: resolution {resolved:?}, normalization {normalized:?}",
        uris.len()
    );
    assert!(uris.len() > 100_000);
    // Most comparisons agree outright; the rest are listed differences.
    assert!(resolved.agreed > 9 * resolved.explained, "{resolved:?}");
    assert!(
        normalized.agreed > 4 * normalized.explained,
        "{normalized:?}"
    );
}

/// Each listed difference shows on its example: the peer's answer differs
/// from this crate's, and the row applies. Run with `--nocapture` to read
/// the list.
#[test]
fn each_listed_difference_shows_on_its_example() {
    let p = |s| UriRef::parse(s).unwrap();
    for d in RESOLUTION_DIFFERENCES {
        let [base, reference] = d.example;
        let ours = rfc3986::resolve(p(base), p(reference)).unwrap().to_string();
        let theirs = match d.peer {
            Peer::FluentUri => peers::fluent_resolve(base, reference),
            Peer::IriString => peers::iri_string_resolve(base, reference),
        };
        eprintln!(
            "resolve {base:?} {reference:?}: ours {ours:?}, {:?} {theirs:?}\n  {}; {}",
            d.peer, d.what, d.rule
        );
        assert_ne!(theirs.as_deref(), Ok(ours.as_str()), "{d:?}");
        assert!((d.applies)(p(base), p(reference)), "{d:?}");
    }
    for d in NORMALIZATION_DIFFERENCES {
        let [input, _] = d.example;
        let ours = match d.peer {
            Peer::FluentUri => rfc3986::Normalizer::new()
                .ipv6_canonical()
                .normalize(p(input)),
            Peer::IriString => rfc3986::normalize(p(input)),
        };
        let theirs = match d.peer {
            Peer::FluentUri => peers::fluent_normalize(input),
            Peer::IriString => peers::iri_string_normalize(input),
        };
        eprintln!(
            "normalize {input:?}: ours {ours:?}, {:?} {theirs:?}\n  {}; {}",
            d.peer, d.what, d.rule
        );
        assert_ne!(theirs.as_deref(), Ok(ours.as_str()), "{d:?}");
        assert!((d.applies)(p(input), p(input)), "{d:?}");
    }
}

/// On generated pairs, most comparisons agree outright: the listed
/// differences do not hide the rest.
#[test]
fn most_generated_comparisons_agree_outright() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut resolved, mut normalized) = (Tally::default(), Tally::default());
    for _ in 0..2000 {
        let data = common::reference_pair()
            .new_tree(&mut runner)
            .unwrap()
            .current();
        if let Some((base, reference)) = common::properties::two_references(&data) {
            resolved += resolution_tally(base, reference);
        }
        let data = input().new_tree(&mut runner).unwrap().current();
        if let Ok(u) = UriRef::parse_bytes(&data) {
            normalized += normalization_tally(u);
        }
    }
    eprintln!("resolution {resolved:?}, normalization {normalized:?}");
    assert!(resolved.agreed > resolved.explained, "{resolved:?}");
    assert!(
        normalized.agreed > 4 * normalized.explained,
        "{normalized:?}"
    );
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
