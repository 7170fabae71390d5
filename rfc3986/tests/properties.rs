//! The fuzz properties of `fuzz/src/lib.rs`, run on stable by proptest over
//! references assembled from the ABNF, mutated references and arbitrary
//! bytes: 10,000 cases each (`PROPTEST_CASES` overrides). The operations'
//! properties (build, setters, the percent codec, resolve, normalize,
//! equivalent, relativize) get inputs in the layouts their fuzz targets
//! read, from the strategies of `common`.

mod common;

use common::properties::{self, check_valid};
use common::{config, generated, input, Generated};
use proptest::prelude::*;
use rfc3986::encoding::{decode, decode_utf8, DecodeErrorKind};
use rfc3986::{ErrorKind, HostKind, Rule, UriRef};

/// A generated reference parses by every rule that admits it, with exactly
/// the components the generator put in.
fn generated_reference_parses(g: &Generated) {
    let uri = UriRef::parse(&g.text).unwrap_or_else(|e| panic!("{g:?}: {e}"));
    let got = (
        uri.scheme(),
        uri.userinfo(),
        uri.host(),
        uri.host_kind(),
        uri.port(),
        uri.path(),
        uri.query(),
        uri.fragment(),
    );
    let expected = (
        g.scheme.as_deref(),
        g.userinfo.as_deref(),
        g.host.as_deref(),
        g.host_kind,
        g.port.as_deref(),
        g.path.as_str(),
        g.query.as_deref(),
        g.fragment.as_deref(),
    );
    assert_eq!(got, expected, "{:?}", g.text);
    check_valid(g.text.as_bytes(), Rule::UriReference, &uri);
    for rule in properties::RULES {
        let admitted = match rule {
            Rule::UriReference => true,
            Rule::Uri => g.scheme.is_some(),
            Rule::AbsoluteUri => g.scheme.is_some() && g.fragment.is_none(),
            Rule::RelativeRef => g.scheme.is_none(),
        };
        let result = UriRef::parse_as(&g.text, rule);
        assert_eq!(
            result.is_ok(),
            admitted,
            "{:?} by {rule:?}: {result:?}",
            g.text
        );
        if let Err(err) = result {
            let kind = match rule {
                Rule::AbsoluteUri if g.scheme.is_some() => ErrorKind::FragmentNotAllowed,
                Rule::RelativeRef => ErrorKind::SchemeNotAllowed,
                _ => ErrorKind::InvalidScheme,
            };
            assert_eq!(err.kind(), kind, "{:?} by {rule:?}", g.text);
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn generated_references_parse_with_their_components(g in generated()) {
        generated_reference_parses(&g);
    }

    #[test]
    fn parse_bytes_never_panics_and_round_trips(data in input()) {
        properties::parse_bytes(&data);
    }

    #[test]
    fn parse_str_agrees_with_bytes_and_shortcuts(data in input()) {
        properties::parse_str(&data);
    }

    #[test]
    fn owned_and_borrowed_agree(data in input()) {
        properties::parse_owned(&data);
    }

    #[test]
    fn error_offset_is_the_longest_valid_prefix(data in input()) {
        properties::prefixes(&data);
    }

    #[test]
    fn ip_hosts_agree_with_std(host in prop_oneof![
        common::ipv4(),
        common::ipv6(),
        common::host().prop_map(|(h, _)| h.trim_matches(['[', ']']).to_owned()),
        input().prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]) {
        properties::host_agrees_with_std(host.as_bytes());
    }
}

/// The generator covers what it claims: each host kind, each of the nine
/// IPv6 forms (told apart by where the `::` is and whether an IPv4 address
/// ends it), and each path form.
#[test]
fn generator_covers_the_grammar() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut kinds = std::collections::BTreeSet::new();
    let mut forms = std::collections::BTreeSet::new();
    for _ in 0..4000 {
        let g = generated().new_tree(&mut runner).unwrap().current();
        kinds.insert(g.host_kind);
        let path_form = match (&g.host, g.path.as_str()) {
            (Some(_), "") => "abempty-empty",
            (Some(_), _) => "abempty",
            (None, "") => "empty",
            (None, p) if p.starts_with('/') => "absolute",
            (None, _) if g.scheme.is_some() => "rootless",
            (None, _) => "noscheme",
        };
        forms.insert(path_form);
    }
    let all_kinds = [
        None,
        Some(HostKind::RegName),
        Some(HostKind::Ipv4),
        Some(HostKind::Ipv6),
        Some(HostKind::IpvFuture),
    ];
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), all_kinds);
    assert_eq!(forms.len(), 6, "{forms:?}");

    let mut ipv6_shapes = std::collections::BTreeSet::new();
    for _ in 0..4000 {
        let a = common::ipv6().new_tree(&mut runner).unwrap().current();
        let gap = a
            .find("::")
            .map(|at| a[..at].matches(':').count() + usize::from(at > 0));
        let after = a
            .split("::")
            .nth(1)
            .map(|t| t.split(':').filter(|p| !p.is_empty()).count());
        ipv6_shapes.insert((gap, after, a.contains('.')));
        assert!(a.parse::<std::net::Ipv6Addr>().is_ok(), "{a}");
    }
    // Without a gap, 8 pieces (or 6 and an IPv4 address); with one, every
    // number of pieces before it (0 to 7) and after it (0 to 7).
    let before_gap: std::collections::BTreeSet<_> = ipv6_shapes.iter().map(|s| s.0).collect();
    assert_eq!(before_gap.len(), 9, "{before_gap:?}");
    let after_gap: std::collections::BTreeSet<_> = ipv6_shapes.iter().filter_map(|s| s.1).collect();
    assert_eq!(after_gap.len(), 8, "{after_gap:?}");
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn build_fails_by_the_rules_or_reads_back(data in common::build_input()) {
        properties::build::build(&data);
    }

    #[test]
    fn setter_sequences_keep_every_rule(data in common::setters_input()) {
        properties::build::setters(&data);
    }

    #[test]
    fn percent_codec_round_trips_with_every_set(data in common::codec_input()) {
        properties::encoding::codec(&data);
    }

    #[test]
    fn resolution_is_section_5_2_and_reparses(data in common::reference_pair()) {
        properties::resolve::resolve(&data);
    }

    #[test]
    fn normalization_is_section_6_idempotent_and_keeps_reserved(data in prop_oneof![
        input(),
        common::base().prop_map(String::into_bytes),
        common::dot_path().prop_map(String::into_bytes),
    ]) {
        properties::normalize::normalize(&data);
    }

    #[test]
    fn equivalence_is_the_normal_forms(data in common::comparison_pair()) {
        properties::normalize::equivalent(&data);
    }

    #[test]
    fn relativized_references_resolve_back(data in common::reference_pair()) {
        properties::relativize::relativize(&data);
    }
}

/// The issue's two examples of a path that the literal algorithms would
/// start with `//` and no authority: the result keeps no authority, is
/// written with the `/.` guard, and reparses to the same components.
#[test]
fn the_dot_guard_keeps_a_double_slash_path_a_path() {
    let guarded = |uri: rfc3986::UriRefBuf| {
        properties::check_produced(uri.as_uri_ref());
        (
            uri.to_string(),
            uri.authority().map(String::from),
            uri.path().to_owned(),
        )
    };
    let resolved = rfc3986::resolve(
        UriRef::parse("foo:/").unwrap(),
        UriRef::parse(".//@@").unwrap(),
    );
    assert_eq!(
        guarded(resolved.unwrap()),
        ("foo:/.//@@".into(), None, "/.//@@".into())
    );
    let normalized = UriRef::parse("foo:/.//x").unwrap().normalize().into_owned();
    assert_eq!(
        guarded(normalized),
        ("foo:/.//x".into(), None, "/.//x".into())
    );
    // The literal texts would read otherwise: `foo://@@` does not parse, and
    // `foo://x` has the host `x`.
    assert!(UriRef::parse("foo://@@").is_err());
    assert_eq!(UriRef::parse("foo://x").unwrap().host(), Some("x"));
    // Both through the properties too.
    properties::resolve::resolve(b"foo:/\n.//@@");
    properties::normalize::normalize(b"foo:/.//x");
}

/// A target with the base's dot-segment path but without the base's query
/// is the target of no reference: the empty reference keeps the query, any
/// other loses the dots. It comes back as it is.
#[test]
fn a_dotted_target_without_the_base_query_is_unreachable() {
    let base = UriRef::parse("s://h/../?q").unwrap();
    let target = UriRef::parse("s://h/../").unwrap();
    assert!(!properties::relativize::reachable(base, target));
    assert_eq!(rfc3986::relativize(base, target).unwrap(), "s://h/../");
    properties::relativize::relativize(b"s://h/../?q\ns://h/../");
    let with_query = UriRef::parse("s://h/../?r").unwrap();
    assert_eq!(rfc3986::relativize(base, with_query).unwrap(), "?r");
}

/// `decode` of `input` gives `expected`.
#[track_caller]
fn decodes(input: &str, expected: Result<&[u8], (DecodeErrorKind, usize)>) {
    properties::encoding::codec(input.as_bytes());
    let got = decode(input);
    let got = got.as_deref().map_err(|e| (e.kind(), e.offset()));
    assert_eq!(got, expected, "{input:?}");
    assert_eq!(
        decode_utf8(input).is_ok(),
        expected.is_ok_and(|b| std::str::from_utf8(b).is_ok())
    );
}

#[test]
fn percent_escapes_cut_short_or_invalid_are_errors() {
    decodes("%", Err((DecodeErrorKind::TruncatedEscape, 1)));
    decodes("%4", Err((DecodeErrorKind::TruncatedEscape, 2)));
    decodes("%zz", Err((DecodeErrorKind::InvalidEscape, 1)));
    decodes("%4z", Err((DecodeErrorKind::InvalidEscape, 2)));
    decodes("a%", Err((DecodeErrorKind::TruncatedEscape, 2)));
    decodes("%00", Ok(b"\0"));
    decodes("%41%2f%2F", Ok(b"A//"));
    decodes("%FF", Ok(b"\xFF"));
    decodes("", Ok(b""));
}

/// The oracles are right where the RFC gives the answers: section 5.4's
/// examples through the transcription of section 5.2.
#[test]
fn the_resolution_oracle_gives_section_5_4() {
    use properties::rfc::{remove_dot_segments, resolve, Parts};
    let base = Parts::of(UriRef::parse("http://a/b/c/d;p?q").unwrap());
    let target = |r: &str, strict: bool| {
        resolve(&base, &Parts::of(UriRef::parse(r).unwrap()), strict).to_string()
    };
    for (r, expected) in [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ] {
        assert_eq!(target(r, true), expected, "{r:?}");
    }
    assert_eq!(target("http:g", false), "http://a/b/c/g");
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
}
