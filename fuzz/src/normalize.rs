//! Normalization and equivalence (section 6), with and without the RFC 5952
//! option.

use std::hash::{BuildHasher, RandomState};

use rfc3986::{equivalent as equivalent_by_default, HostKind, Normalizer, UriRef};

use super::rfc::{self, is_reserved, is_unreserved, tokens, Parts};
use super::{check_produced, pair, two_references};

/// Both normalizers, with whether each writes IPv6 canonically.
fn normalizers() -> [(Normalizer, bool); 2] {
    [
        (Normalizer::new(), false),
        (Normalizer::new().ipv6_canonical(), true),
    ]
}

/// The property of the `normalize` target, on the input as one reference,
/// for each normalizer:
///
/// - the normal form passes [`check_produced`] (validity and reparse
///   stability: `foo:/.//x` stays `foo:/.//x`, not `foo://x`);
/// - it is the transcription [`rfc::normalize`], component by component,
///   with the path written with the guard of section 5.3;
/// - no reserved character is decoded: in each component, the multiset of
///   reserved characters written literally and of escaped bytes that are not
///   unreserved is the same before and after (only shrinking in the path,
///   whose dot segments go);
/// - it is idempotent, and borrowed exactly when the text is unchanged;
/// - the input is equivalent to its normal form, and `normalize`,
///   `UriRef::normalize`, `UriRefBuf::normalize`, `into_normalized`,
///   `into_owned` and `into_static` agree.
pub fn normalize(data: &[u8]) {
    let Ok(u) = UriRef::parse_bytes(data) else {
        return;
    };
    for (normalizer, ipv6_canonical) in normalizers() {
        let normal = normalizer.normalize(u);
        let n = normal.as_uri_ref();
        check_produced(n);
        let text = u.as_str();

        let mut expected = rfc::normalize(u, ipv6_canonical);
        expected.path = expected.written_path();
        assert_eq!(Parts::of(n), expected, "{text:?}");
        if u.host_kind() == Some(HostKind::Ipv6) {
            assert_eq!(n.host_parsed(), u.host_parsed(), "{text:?}");
        }
        check_reserved(u, n);

        assert_eq!(normal.is_unchanged(), n.as_str() == text, "{text:?}");
        let again = normalizer.normalize(n);
        assert!(
            again.is_unchanged(),
            "{text:?}: {n:?} normalizes to {again:?}"
        );
        assert!(normalizer.equivalent(u, n), "{text:?} and {n:?}");
        assert!(normalizer.equivalent(n, u), "{n:?} and {text:?}");

        assert_eq!(normal.to_string(), n.as_str());
        assert_eq!(normal.clone().into_owned(), n);
        assert_eq!(normal.clone().into_static(), normal);
        if !ipv6_canonical {
            assert_eq!(rfc3986::normalize(u), normal);
            assert_eq!(u.normalize(), normal);
            let owned = u.to_owned();
            assert_eq!(owned.normalize(), normal);
            assert_eq!(owned.into_normalized(), n);
        }
    }
}

/// The reserved characters of a component: each reserved byte written
/// literally and each escaped byte that is not unreserved, sorted. The `/`
/// of the path is left out (dot segments remove some).
fn reserved(component: &str, path: bool) -> Vec<(u8, bool)> {
    let mut out: Vec<(u8, bool)> = tokens(component)
        .into_iter()
        .filter(|&(b, escaped)| {
            if escaped {
                !is_unreserved(b)
            } else {
                is_reserved(b)
            }
        })
        .filter(|&(b, escaped)| !(path && !escaped && b == b'/'))
        .collect();
    out.sort_unstable();
    out
}

/// Whether sorted `small` is a sub-multiset of sorted `large`.
fn is_sub_multiset(small: &[(u8, bool)], large: &[(u8, bool)]) -> bool {
    let mut large = large.iter();
    small.iter().all(|s| large.by_ref().any(|l| l == s))
}

/// Normalization never decodes a reserved character nor encodes one: per
/// component, the same reserved characters, literal or escaped.
fn check_reserved(before: UriRef<'_>, after: UriRef<'_>) {
    let text = before.as_str();
    let pairs = [
        (before.userinfo(), after.userinfo()),
        (before.query(), after.query()),
        (before.fragment(), after.fragment()),
    ];
    for (b, a) in pairs {
        assert_eq!(
            reserved(b.unwrap_or(""), false),
            reserved(a.unwrap_or(""), false),
            "{text:?}"
        );
    }
    if before.host_kind() != Some(HostKind::Ipv6) {
        assert_eq!(
            reserved(before.host().unwrap_or(""), false),
            reserved(after.host().unwrap_or(""), false),
            "{text:?}"
        );
    }
    let (b, a) = (reserved(before.path(), true), reserved(after.path(), true));
    assert!(
        is_sub_multiset(&a, &b),
        "{text:?}: path {a:?} not within {b:?}"
    );
}

/// The property of the `equivalent` target, on two references separated by
/// the first `\n` (and on the first alone), for each normalizer:
///
/// - equivalence is reflexive and symmetric;
/// - it holds exactly when the normal forms are the same text, and then the
///   `Normalized` keys are equal and hash alike;
/// - a reference is equivalent to itself respelled by section 6.2.2: the
///   scheme and host in upper case, every unreserved character of the other
///   components percent-encoded with lower-case hex, and every escape's hex
///   digits in lower case ([`respelled`]).
pub fn equivalent(data: &[u8]) {
    if let Ok(a) = UriRef::parse_bytes(pair(data).0) {
        let other = respelled(a);
        let b = UriRef::parse(&other).unwrap_or_else(|e| panic!("{other:?}: {e}"));
        for (normalizer, _) in normalizers() {
            assert!(normalizer.equivalent(a, b), "{a:?} and {b:?}");
            assert_eq!(normalizer.normalize(a), normalizer.normalize(b), "{a:?}");
        }
        compare(a, b);
        compare(a, a);
    }
    if let Some((a, b)) = two_references(data) {
        compare(a, b);
    }
}

/// Equivalence of `a` and `b` against their normal forms and keys.
fn compare(a: UriRef<'_>, b: UriRef<'_>) {
    let hasher = RandomState::new();
    for (normalizer, ipv6_canonical) in normalizers() {
        let same = normalizer.equivalent(a, b);
        assert_eq!(same, normalizer.equivalent(b, a), "{a:?} and {b:?}");
        assert!(normalizer.equivalent(a, a) && normalizer.equivalent(b, b));
        let (x, y) = (normalizer.normalize(a), normalizer.normalize(b));
        assert_eq!(same, x.as_str() == y.as_str(), "{a:?} {x:?}, {b:?} {y:?}");
        assert_eq!(same, x == y);
        let (x, y) = (x.into_static(), y.into_static());
        assert_eq!(same, x == y);
        if same {
            assert_eq!(hasher.hash_one(&x), hasher.hash_one(&y), "{x:?}");
        }
        if !ipv6_canonical {
            assert_eq!(equivalent_by_default(a, b), same);
        }
    }
}

/// `u` spelled differently but equivalently by section 6.2.2: the scheme
/// and host in upper case (section 6.2.2.1), every unreserved character of
/// the userinfo, a registered name, the path, the query and the fragment
/// percent-encoded with lower-case hex, and every escape's hex digits in
/// lower case (section 6.2.2.2; a `%2E` segment is a dot segment for
/// normalization, section 6.2.2.3).
pub fn respelled(u: UriRef<'_>) -> String {
    fn encoded(component: &str) -> String {
        let mut out = String::new();
        for (b, escaped) in tokens(component) {
            if escaped || is_unreserved(b) {
                out += &format!("%{b:02x}");
            } else {
                out.push(char::from(b));
            }
        }
        out
    }
    let mut text = String::new();
    if let Some(scheme) = u.scheme() {
        text += &scheme.to_ascii_uppercase();
        text += ":";
    }
    if let Some(host) = u.host() {
        text += "//";
        if let Some(userinfo) = u.userinfo() {
            text += &encoded(userinfo);
            text += "@";
        }
        // An IP literal cannot hold escapes; a reg-name (an IPv4 address
        // becomes one) can, in either case.
        if host.starts_with('[') {
            text += &host.to_ascii_uppercase();
        } else {
            text += &encoded(host).to_ascii_uppercase();
        }
        if let Some(port) = u.port() {
            text += ":";
            text += port;
        }
    }
    text += &encoded(u.path());
    if let Some(query) = u.query() {
        text += "?";
        text += &encoded(query);
    }
    if let Some(fragment) = u.fragment() {
        text += "#";
        text += &encoded(fragment);
    }
    text
}
