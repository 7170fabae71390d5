//! Resolution (section 5): the examples of 5.4 verbatim, the options, the
//! bases the issue names, the "/." guard, a megabyte of dot segments, one
//! allocation per target, and a check against a plain transcription of the
//! section 5.2 pseudocode on generated base/reference pairs.

#[path = "common/compose.rs"]
mod compose;

use compose::join;
use proptest::prelude::*;
use rfc3986::{resolve, ResolveErrorKind, Resolver, UriRef, UriRefBuf};

const BASE: &str = "http://a/b/c/d;p?q";

fn parse(s: &str) -> UriRef<'_> {
    UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Checks that the target reparses to the same offsets, then returns it.
fn checked(target: UriRefBuf) -> UriRefBuf {
    assert!(target.check_invariants(), "{target:?}");
    target
}

/// Resolves strictly against `base` and compares with `expected`.
#[track_caller]
fn resolves(base: &str, reference: &str, expected: &str) {
    let target = checked(resolve(parse(base), parse(reference)).unwrap());
    assert_eq!(target, expected, "{reference:?} against {base:?}");
}

/// Against the base of section 5.4.
#[track_caller]
fn rfc(reference: &str, expected: &str) {
    resolves(BASE, reference, expected);
}

#[track_caller]
fn with(resolver: Resolver<'_>, reference: &str, expected: &str) {
    let target = checked(resolver.resolve(parse(reference)).unwrap());
    assert_eq!(
        target,
        expected,
        "{reference:?} against {}",
        resolver.base()
    );
}

#[test]
fn section_5_4_1_normal_examples() {
    rfc("g:h", "g:h");
    rfc("g", "http://a/b/c/g");
    rfc("./g", "http://a/b/c/g");
    rfc("g/", "http://a/b/c/g/");
    rfc("/g", "http://a/g");
    rfc("//g", "http://g");
    rfc("?y", "http://a/b/c/d;p?y");
    rfc("g?y", "http://a/b/c/g?y");
    rfc("#s", "http://a/b/c/d;p?q#s");
    rfc("g#s", "http://a/b/c/g#s");
    rfc("g?y#s", "http://a/b/c/g?y#s");
    rfc(";x", "http://a/b/c/;x");
    rfc("g;x", "http://a/b/c/g;x");
    rfc("g;x?y#s", "http://a/b/c/g;x?y#s");
    rfc("", "http://a/b/c/d;p?q");
    rfc(".", "http://a/b/c/");
    rfc("./", "http://a/b/c/");
    rfc("..", "http://a/b/");
    rfc("../", "http://a/b/");
    rfc("../g", "http://a/b/g");
    rfc("../..", "http://a/");
    rfc("../../", "http://a/");
    rfc("../../g", "http://a/g");
}

#[test]
fn section_5_4_2_abnormal_examples() {
    rfc("../../../g", "http://a/g");
    rfc("../../../../g", "http://a/g");

    rfc("/./g", "http://a/g");
    rfc("/../g", "http://a/g");
    rfc("g.", "http://a/b/c/g.");
    rfc(".g", "http://a/b/c/.g");
    rfc("g..", "http://a/b/c/g..");
    rfc("..g", "http://a/b/c/..g");

    rfc("./../g", "http://a/b/g");
    rfc("./g/.", "http://a/b/c/g/");
    rfc("g/./h", "http://a/b/c/g/h");
    rfc("g/../h", "http://a/b/c/h");
    rfc("g;x=1/./y", "http://a/b/c/g;x=1/y");
    rfc("g;x=1/../y", "http://a/b/c/y");

    rfc("g?y/./x", "http://a/b/c/g?y/./x");
    rfc("g?y/../x", "http://a/b/c/g?y/../x");
    rfc("g#s/./x", "http://a/b/c/g#s/./x");
    rfc("g#s/../x", "http://a/b/c/g#s/../x");

    rfc("http:g", "http:g"); // for strict parsers
    let loose = Resolver::new(parse(BASE)).unwrap().non_strict();
    with(loose, "http:g", "http://a/b/c/g"); // for backward compatibility
}

#[test]
fn non_strict_ignores_only_the_base_scheme() {
    let loose = Resolver::new(parse(BASE)).unwrap().non_strict();
    with(loose, "HTTP:g", "http://a/b/c/g");
    with(loose, "http:/g", "http://a/g");
    with(loose, "http://g", "http://g");
    with(loose, "HTTP://u@g:8/x?y#z", "http://u@g:8/x?y#z");
    with(loose, "http:?y", "http://a/b/c/d;p?y");
    with(loose, "https:g", "https:g");
    with(loose, "g:h", "g:h");
}

#[test]
fn leading_dot_segments_climb_the_base_path() {
    // Each leading "../" takes one segment of the merge prefix, empty
    // segments too, and none at the root; "./" takes none.
    let empty_segment = Resolver::new(parse("http://a/b//c/d?q#f")).unwrap();
    with(empty_segment, "../g", "http://a/b//g");
    with(empty_segment, "../../g", "http://a/b/g");
    with(empty_segment, "../../../g", "http://a/g");
    with(empty_segment, "../../../../g?y#s", "http://a/g?y#s");
    with(empty_segment, "./../.", "http://a/b//");
    with(empty_segment, ".././..", "http://a/b/");
    with(empty_segment, "..", "http://a/b//");
    // A dot segment after the first ordinary one, and a path left starting
    // with "/", take the general way; so do bases whose prefix is not an
    // absolute path of their own.
    with(empty_segment, "../g/../h", "http://a/b//h");
    with(empty_segment, "..//g", "http://a/b///g");
    let root = Resolver::new(parse("foo:/b")).unwrap();
    with(root, "..//g", "foo:/.//g");
    with(root, "../g", "foo:/g");
    let rootless = Resolver::new(parse("foo:a/b")).unwrap();
    with(rootless, "../g", "foo:/g");
    with(rootless, "./g", "foo:a/g");
    let empty_path = Resolver::new(parse("http://a")).unwrap();
    with(empty_path, "../g", "http://a/g");
}

#[test]
fn errata_4547_keeps_parent_segments_above_the_root() {
    let keep = Resolver::new(parse(BASE)).unwrap().keep_parent_above_root();
    with(keep, "../../../g", "http://a/../g");
    with(keep, "../../../../g", "http://a/../../g");
    with(keep, "/../g", "http://a/../g");
    with(keep, "../../..", "http://a/../");
    with(keep, "../../../g/../h", "http://a/../h");
    // Everything that stays within the root is as the RFC says.
    with(keep, "../../g", "http://a/g");
    with(keep, "g/../h", "http://a/b/c/h");
    with(keep, "./g/.", "http://a/b/c/g/");
    with(keep, "g:h/../../x", "g:/../x"); // 2C turns the rootless path absolute
}

#[test]
fn base_fragment_is_stripped_and_relative_base_refused() {
    resolves("http://a/b/c/d;p?q#f", "g", "http://a/b/c/g");
    resolves("http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q");
    resolves("http://a/b/c/d;p?q#f", "#s", "http://a/b/c/d;p?q#s");
    for base in ["//a/b", "/a/b", "a/b", "", "?q", "#f"] {
        let err = resolve(parse(base), parse("g")).unwrap_err();
        assert_eq!(err.kind(), ResolveErrorKind::RelativeBase, "{base:?}");
        assert_eq!(err.offset(), 0);
    }
}

#[test]
fn bases_without_authority_or_with_rootless_paths() {
    resolves("mailto:x", "y", "mailto:y");
    resolves("mailto:x", "", "mailto:x");
    resolves("mailto:x", "?q", "mailto:x?q");
    resolves("mailto:x", "#f", "mailto:x#f");
    resolves("mailto:x", "/y", "mailto:/y");
    resolves("mailto:x", "//h/y", "mailto://h/y");
    resolves("foo:a/b", "c", "foo:a/c");
    resolves("foo:a/b", "./c/", "foo:a/c/");
    resolves("foo:a/b", "../c", "foo:/c"); // 2C leaves its "/"
    resolves("foo:a/b", ".", "foo:a/");
    resolves("foo:a/b", "..", "foo:/");
    resolves("foo:", "x", "foo:x");
    resolves("foo:?q", "x", "foo:x");
    resolves("urn:isbn:0451450523", "x", "urn:x");
    resolves("http://a", "g", "http://a/g"); // merge: authority, empty path
    resolves("http://a", "", "http://a");
    resolves("http://a?q", "#f", "http://a?q#f");
    resolves("http://u@a:8/b", "c", "http://u@a:8/c");
    resolves("http://a/b", "//u@[::1]:/c", "http://u@[::1]:/c");
}

#[test]
fn double_slash_path_without_authority_gets_the_dot_guard() {
    resolves("foo:/", ".//@@", "foo:/.//@@");
    resolves("foo:/a/b", "..//x", "foo:/.//x");
    resolves("foo:/", "/.//x", "foo:/.//x");
    resolves("foo:x", "foo:/.//y?q#f", "foo:/.//y?q#f");
    // With an authority the same path needs no guard.
    resolves("foo://h/", ".//@@", "foo://h//@@");
    for (base, reference) in [("foo:/", ".//@@"), ("foo:/a/b", "..//x")] {
        let target = resolve(parse(base), parse(reference)).unwrap();
        let reparsed = UriRefBuf::parse(target.as_str()).unwrap();
        assert_eq!(reparsed.authority(), None);
        assert_eq!(reparsed.authority(), target.authority());
        assert_eq!(reparsed.path(), target.path());
        assert_eq!(reparsed.scheme(), target.scheme());
        assert_eq!(reparsed.query(), target.query());
    }
}

#[test]
fn colon_in_the_first_segment_needs_no_guard_with_a_scheme() {
    resolves("foo:a", "./b:c", "foo:b:c");
    resolves("foo:/a", "b:c", "b:c");
}

#[test]
fn only_literal_dots_are_dot_segments() {
    rfc("%2E%2E/g", "http://a/b/c/%2E%2E/g");
    rfc("%2e/g", "http://a/b/c/%2e/g");
    rfc(".%2E", "http://a/b/c/.%2E");
    resolves("http://a/b/%2E%2E/c", "d", "http://a/b/%2E%2E/d");
}

#[test]
fn components_are_copied_as_written() {
    resolves("HTTP://A/B/c", "d", "HTTP://A/B/d");
    resolves("http://a/b", "g%41?%41#%41", "http://a/g%41?%41#%41");
    resolves("http://a/b/../c", "", "http://a/b/../c"); // Base.path is not cleaned
    resolves("http:/.//a", "", "http:/.//a"); // nor given a second guard
    resolves("http://a/b?", "", "http://a/b?");
    resolves("http://a/b?q", "#", "http://a/b?q#");
    resolves("http://a/b?q", "?", "http://a/b?");
}

#[test]
fn a_megabyte_of_dot_segments_completes() {
    let reference = "../".repeat(200_000) + &"./".repeat(200_000) + "g";
    rfc(&reference, "http://a/g");
    let keep = Resolver::new(parse(BASE)).unwrap().keep_parent_above_root();
    let target = keep.resolve(parse(&reference)).unwrap();
    assert_eq!(target.path().len(), 3 * (200_000 - 2) + 2);
    assert!(target.check_invariants());
    // A deep base climbed out of segment by segment, then back in.
    let base = "http://a/".to_string() + &"x/".repeat(300_000);
    let reference = "../".repeat(300_000) + &"y/./".repeat(50_000);
    let target = resolve(parse(&base), parse(&reference)).unwrap();
    assert_eq!(target.path(), "/".to_string() + &"y/".repeat(50_000));
    // Alternating down and up: "a/../a/../..." over a megabyte.
    let reference = "a/../".repeat(200_000) + "g";
    rfc(&reference, "http://a/b/c/g");
}

// ---- A plain transcription of sections 5.2.2 to 5.2.4 and 5.3.

/// The five components, `None` when undefined.
#[derive(Clone, Debug, PartialEq)]
struct Components {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn components(u: &UriRef<'_>) -> Components {
    Components {
        scheme: u.scheme().map(String::from),
        authority: u.authority().map(String::from),
        path: u.path().to_string(),
        query: u.query().map(String::from),
        fragment: u.fragment().map(String::from),
    }
}

/// Section 5.2.2, line by line.
fn transform(base: &Components, r: &Components, strict: bool) -> Components {
    let mut r = r.clone();
    let mut t = Components {
        scheme: None,
        authority: None,
        path: String::new(),
        query: None,
        fragment: None,
    };
    // Schemes are case-insensitive, so "identical" is compared that way.
    let same = |a: &Option<String>, b: &Option<String>| match (a, b) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    };
    if !strict && same(&r.scheme, &base.scheme) {
        r.scheme = None;
    }
    if r.scheme.is_some() {
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                if r.query.is_some() {
                    t.query = r.query.clone();
                } else {
                    t.query = base.query.clone();
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = merge(base, &r.path);
                    t.path = remove_dot_segments(&t.path);
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// Section 5.2.3.
fn merge(base: &Components, r_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{r_path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{r_path}", &base.path[..=i]),
        None => r_path.to_string(),
    }
}

/// Section 5.2.4, with the two string buffers.
fn remove_dot_segments(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    let remove_last_segment = |output: &mut String| match output.rfind('/') {
        Some(i) => output.truncate(i),
        None => output.clear(),
    };
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".to_string();
        } else if input.starts_with("/../") {
            input.replace_range(..4, "/");
            remove_last_segment(&mut output);
        } else if input == "/.." {
            input = "/".to_string();
            remove_last_segment(&mut output);
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |i| i + from);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}

/// Section 5.3.
fn recompose(t: &Components) -> String {
    let mut result = String::new();
    if let Some(scheme) = &t.scheme {
        result += scheme;
        result += ":";
    }
    if let Some(authority) = &t.authority {
        result += "//";
        result += authority;
    }
    result += &t.path;
    if let Some(query) = &t.query {
        result += "?";
        result += query;
    }
    if let Some(fragment) = &t.fragment {
        result += "#";
        result += fragment;
    }
    result
}

// ---- Generated references: small alphabets, so that dot segments, empty
// segments, shared schemes and the "//" corner come up often.

fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a", "b", "g", "..", ".", "", "..", ".", "%2E", "%2E%2E", ".a", "a.", "g;x=1", "@", "c:d",
    ])
}

fn path() -> impl Strategy<Value = String> {
    compose::path(segment())
}

fn scheme() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["http", "HTTP", "foo", "s"])
}

fn authority() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec!["a", "", "u@h:8", "[::1]", "h:"]))
}

fn part() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec!["", "q", "y/../x", "a=1"]))
}

fn base() -> impl Strategy<Value = String> {
    (scheme(), authority(), path(), part(), part()).prop_filter_map(
        "valid base",
        |(scheme, authority, path, query, fragment)| {
            join(Some(scheme), authority, &path, query, fragment)
        },
    )
}

fn reference() -> impl Strategy<Value = String> {
    (
        prop::option::weighted(0.2, scheme()),
        prop::option::weighted(0.2, prop::sample::select(vec!["a", "", "u@h:8"])),
        path(),
        part(),
        part(),
    )
        .prop_filter_map("valid reference", |(s, a, p, q, f)| join(s, a, &p, q, f))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// The resolver gives the transcription's components, written by 5.3,
    /// except that a path starting with "//" and no authority carries the
    /// "/." guard.
    #[test]
    fn agrees_with_the_transcription(base in base(), reference in reference(), strict in any::<bool>()) {
        let (b, r) = (parse(&base), parse(&reference));
        let mut resolver = Resolver::new(b).unwrap();
        if !strict {
            resolver = resolver.non_strict();
        }
        let target = resolver.resolve(r).unwrap();
        let expected = transform(&components(&b), &components(&r), strict);
        prop_assert!(target.check_invariants());
        let mut got = components(&target.as_uri_ref());
        if got.authority.is_none() && expected.path.starts_with("//") {
            prop_assert!(got.path.starts_with("/.//"), "{}", target);
            got.path.drain(..2);
        }
        prop_assert_eq!(&got, &expected);
        if !expected.path.starts_with("//") || expected.authority.is_some() {
            prop_assert_eq!(target.as_str(), recompose(&expected));
        }
    }
}
