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
            "http://example.com/a%2Fb/caf%C3%A9?q=%23#",
            "file:///etc/hosts",
        ] {
            let parts = Parts::of(line).unwrap();
            let built = build(&parts);
            // http::Uri holds no fragment, and no empty authority.
            if lib.name == "http" && (line.contains('#') || line.contains(":///")) {
                assert_eq!(built, None);
                continue;
            }
            assert_eq!(built.as_deref(), Some(line), "{}", lib.name);
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

/// What each normalizer does of RFC 3986 sections 6.2.2 and 6.2.3, as the
/// report describes it: one input per step, and the output of each library.
#[test]
fn normalizers_do_what_the_report_says() {
    let cases = [
        // 6.2.2.1 case: scheme and host lowered, hex digits raised.
        "HTTP://EXAMPLE.com/%7b",
        // 6.2.2.2 percent-encoding: unreserved decoded.
        "http://example.com/%7Euser/%41",
        // 6.2.2.3 dot segments, literal and encoded.
        "http://example.com/a/./b/../%2E%2E/c",
        // 6.2.3 default port, empty path.
        "http://example.com:80",
        // 3.2.3 empty port.
        "foo://example.com:/x",
        // IPv6 text (RFC 5952).
        "http://[2001:DB8:0:0::1]/",
    ];
    let expected: &[(&str, [&str; 6])] = &[
        (
            "rfc3986",
            [
                "http://example.com/%7B",
                "http://example.com/~user/A",
                "http://example.com/c",
                "http://example.com/",
                "foo://example.com/x",
                "http://[2001:db8::1]/",
            ],
        ),
        (
            "fluent-uri",
            [
                "http://example.com/%7B",
                "http://example.com/~user/A",
                "http://example.com/c",
                "http://example.com",
                "foo://example.com/x",
                "http://[2001:db8::1]/",
            ],
        ),
        (
            "iri-string",
            [
                "http://example.com/%7B",
                "http://example.com/~user/A",
                "http://example.com/c",
                "http://example.com:80",
                "foo://example.com/x",
                "http://[2001:db8:0:0::1]/",
            ],
        ),
        (
            "uriparse",
            [
                "http://example.com/%7B",
                "http://example.com/~user/A",
                "http://example.com/c",
                "http://example.com:80/",
                "foo://example.com/x",
                "http://[2001:db8::1]/",
            ],
        ),
        (
            "url",
            [
                "http://example.com/%7b",
                "http://example.com/%7Euser/%41",
                "http://example.com/c",
                "http://example.com/",
                "foo://example.com/x",
                "http://[2001:db8::1]/",
            ],
        ),
        (
            "rhymuri",
            [
                "http://example.com/%7B",
                "http://example.com/~user/A",
                "http://example.com/c",
                "http://example.com:80/",
                "foo://example.com/x",
                "http://[2001:db8:0:0::1]/",
            ],
        ),
    ];
    let mut got = Vec::new();
    for lib in libraries() {
        let Some(normalize) = lib.normalize.get() else {
            continue;
        };
        let outputs: Vec<String> = cases
            .iter()
            .map(|c| normalize(c).map_or("(rejected)".to_owned(), |n| n.into_owned()))
            .collect();
        got.push((lib.name, outputs));
    }
    let want: Vec<(&str, Vec<String>)> = expected
        .iter()
        .map(|(name, outs)| (*name, outs.iter().map(|s| s.to_string()).collect()))
        .collect();
    assert_eq!(got, want);
}

/// On the generated corpus, the strict resolvers give the same targets as
/// rfc3986, line for line, in both resolution workloads: the workloads do
/// the same work for each of them.
#[test]
fn strict_resolvers_agree_on_the_generated_corpus() {
    let corpus = bench::Corpus::generated();
    let libs = libraries();
    let this = &libs[0];
    assert_eq!(this.name, "rfc3986");
    let (resolve, resolve_base) = (
        this.resolve.get().unwrap(),
        this.resolve_base.get().unwrap(),
    );
    for peer in libs
        .iter()
        .filter(|l| ["fluent-uri", "oxiri", "iri-string"].contains(&l.name))
    {
        let (peer_resolve, peer_base) = (
            peer.resolve.get().unwrap(),
            peer.resolve_base.get().unwrap(),
        );
        for line in &corpus.lines {
            if let (Some(ours), Some(theirs)) = (resolve(line), peer_resolve(line)) {
                assert_eq!(ours, theirs, "{} {line:?}", peer.name);
            }
            // fluent-uri refuses a base with a rootless path (`mailto:x`).
            if let (Some(ours), Some(theirs)) = (resolve_base(line), peer_base(line)) {
                assert_eq!(ours, theirs, "{} {line:?}", peer.name);
            }
        }
    }
}

/// rfc3986's builder, given the decoded parts, builds every buildable line
/// of the generated corpus into a reference with the same decoded parts
/// (the text may differ where encoding differs: `%24` in a userinfo is
/// written `$`, which the userinfo allows).
#[test]
fn rfc3986_builds_every_generated_line_back() {
    let corpus = bench::Corpus::generated();
    let build = libraries()[0].build.get().unwrap();
    let mut n = 0;
    for line in corpus.lines.iter().filter(|l| Parts::buildable(l)) {
        let built = build(&Parts::of(line).unwrap()).unwrap();
        let (a, b) = (
            Parts::of(line).unwrap().text,
            Parts::of(&built).unwrap().text,
        );
        let key = |t: bench::peers::Text<'_>| {
            format!(
                "{:?}",
                (
                    t.scheme.map(str::to_ascii_lowercase),
                    t.userinfo,
                    t.host,
                    t.port,
                    t.segments,
                    t.query,
                    t.fragment
                )
            )
        };
        assert_eq!(key(a), key(b), "{line:?} {built:?}");
        n += 1;
    }
    assert!(n > 3700, "{n}");
}
