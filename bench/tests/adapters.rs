//! The adapters do what they claim: each library resolves the RFC's own
//! examples, and accepts or rejects lines as its documentation says.

use bench::peers::{libraries, Parts, BASE, REFERENCES};

/// The targets of section 5.4.1 for `REFERENCES` against `BASE`, verbatim.
const TARGETS: [&str; 23] = [
    "g:h",
    "http://a/b/c/g",
    "http://a/b/c/g",
    "http://a/b/c/g/",
    "http://a/g",
    "http://g",
    "http://a/b/c/d;p?y",
    "http://a/b/c/g?y",
    "http://a/b/c/d;p?q#s",
    "http://a/b/c/g#s",
    "http://a/b/c/g?y#s",
    "http://a/b/c/;x",
    "http://a/b/c/g;x",
    "http://a/b/c/g;x?y#s",
    "http://a/b/c/d;p?q",
    "http://a/b/c/",
    "http://a/b/c/",
    "http://a/b/",
    "http://a/b/",
    "http://a/b/g",
    "http://a/",
    "http://a/",
    "http://a/g",
];

/// Where a peer's resolution differs from the RFC's table (a peer bug or
/// a WHATWG rule, kept so the benchmark's numbers are read knowingly).
/// All three add a `/` that section 5.4.1 does not have: `url` by the
/// WHATWG rule for special schemes; uriparse and rhymuri on their own.
const KNOWN_DEVIATIONS: &[(&str, &str, &str)] = &[
    ("uriparse", "//g", "http://g/"),
    ("url", "//g", "http://g/"),
    ("rhymuri", "//g", "http://g/"),
];

#[test]
fn every_resolver_gets_the_rfc_examples() {
    let mut deviations = Vec::new();
    for lib in libraries() {
        let Some(resolve) = lib.resolve.get() else {
            continue;
        };
        let mut total = 0;
        for (r, want) in REFERENCES.iter().zip(TARGETS) {
            let got = resolve(r).unwrap_or_default();
            total += got.len();
            if got != want {
                deviations.push((lib.name, *r, got));
            }
        }
        // With the RFC's base as the line, the other resolution workload
        // does the same 23 resolutions.
        let resolve_base = lib.resolve_base.get().unwrap();
        assert_eq!(resolve_base(BASE), Some(total), "{}", lib.name);
    }
    let listed: Vec<_> = KNOWN_DEVIATIONS
        .iter()
        .map(|&(l, r, g)| (l, r, g.to_owned()))
        .collect();
    assert_eq!(deviations, listed);
}

#[test]
fn validate_and_components_agree() {
    for lib in libraries() {
        for line in [
            "http://example.com/a?b#c",
            "https://x.org/",
            "http://exa mple.com/",
        ] {
            assert_eq!(
                (lib.validate)(line),
                (lib.components)(line).is_some(),
                "{} {line:?}",
                lib.name
            );
        }
        assert!(!(lib.validate)("http://exa mple.com/"), "{}", lib.name);
    }
}

#[test]
fn builders_recompose_the_line() {
    for lib in libraries() {
        let Some(build) = lib.build.get() else {
            continue;
        };
        for line in [
            "http://u@example.com:8080/a/b?q=1",
            "https://[2001:db8::7]/x?y",
        ] {
            let parts = Parts::of(line).unwrap();
            assert_eq!(build(&parts).as_deref(), Some(line), "{}", lib.name);
        }
    }
}

#[test]
fn normalizers_lower_the_scheme() {
    for lib in libraries() {
        let Some(normalize) = lib.normalize.get() else {
            continue;
        };
        let out = normalize("HTTP://example.com/a/./b/../c").unwrap();
        assert_eq!(out, "http://example.com/a/c", "{}", lib.name);
    }
}
