//! The fuzz properties of `fuzz/src/lib.rs`, run on stable by proptest over
//! references assembled from the ABNF, mutated references and arbitrary
//! bytes: 10,000 cases each (`PROPTEST_CASES` overrides).

mod common;

use common::properties::{self, check_valid};
use common::{config, generated, input, Generated};
use proptest::prelude::*;
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
