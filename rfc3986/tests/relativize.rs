//! Relativization: the shortest reference for each case the issue lists,
//! and resolve(base, relativize(base, t)) == t on generated pairs.

#[path = "common/compose.rs"]
mod compose;

use compose::join;
use proptest::prelude::*;
use rfc3986::{relativize, resolve, RelativizeErrorKind, Resolver, UriRef};

const BASE: &str = "http://a/b/c/d;p?q";

fn parse(s: &str) -> UriRef<'_> {
    UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Relativizes, compares with `expected`, and resolves it back.
#[track_caller]
fn relative(base: &str, target: &str, expected: &str) {
    let r = relativize(parse(base), parse(target)).unwrap();
    assert!(r.check_invariants(), "{r:?}");
    assert_eq!(r, expected, "{target:?} from {base:?}");
    let back = resolve(parse(base), r.as_uri_ref()).unwrap();
    assert_eq!(back, target, "{r} against {base:?}");
}

#[track_caller]
fn rfc(target: &str, expected: &str) {
    relative(BASE, target, expected);
}

#[test]
fn the_targets_of_section_5_4_1() {
    rfc("g:h", "g:h");
    rfc("http://a/b/c/g", "g");
    rfc("http://a/b/c/g/", "g/");
    rfc("http://a/g", "/g");
    rfc("http://g", "//g");
    rfc("http://a/b/c/d;p?y", "?y");
    rfc("http://a/b/c/g?y", "g?y");
    rfc("http://a/b/c/d;p?q#s", "#s");
    rfc("http://a/b/c/g#s", "g#s");
    rfc("http://a/b/c/g?y#s", "g?y#s");
    rfc("http://a/b/c/;x", ";x");
    rfc("http://a/b/c/g;x", "g;x");
    rfc("http://a/b/c/g;x?y#s", "g;x?y#s");
    rfc("http://a/b/c/d;p?q", "");
    rfc("http://a/b/c/", ".");
    rfc("http://a/b/", "..");
    rfc("http://a/b/g", "../g");
    rfc("http://a/", "/");
    rfc("http://a/b/c/g:h", "./g:h");
}

#[test]
fn different_scheme_or_authority() {
    rfc("https://a/b/c/d;p?q", "https://a/b/c/d;p?q");
    rfc("HTTP://a/b/c/d;p?q", "HTTP://a/b/c/d;p?q"); // resolution copies the scheme as written
    rfc("http://A/b/c/g", "//A/b/c/g");
    rfc("http://u@a/b/c/g", "//u@a/b/c/g");
    rfc("http://a:80/b/c/g", "//a:80/b/c/g");
    rfc("http://a", "//a"); // an empty path has no relative form here
    rfc("http:/b/c/g", "http:/b/c/g"); // no authority against one
    relative("http:/b/c/d", "http://a/b/c/g", "//a/b/c/g");
    relative("http:/b/c/d", "http:/b/c/g", "g");
}

#[test]
fn common_prefixes_and_parent_segments() {
    relative("http://a/b/c/d/e", "http://a/b/c/x/y", "../x/y");
    relative("http://a/b/c/d/e", "http://a/b/x/y", "/b/x/y");
    relative("http://a/bbbb/cccc/d/e", "http://a/bbbb/x/y", "../../x/y"); // a tie goes to the relative path
    relative("http://a/b/c/d/e", "http://a/x", "/x");
    relative("http://a/b/c/d/e", "http://a/b/c/d/", ".");
    relative("http://a/b/c/d/e", "http://a/b/c/", "..");
    relative("http://a/bbb/c/d/e", "http://a/bbb/", "../..");
    relative("http://a/b/c/", "http://a/b/c", "../c");
    relative("http://a/b/c/", "http://a/b/c/", "");
    relative("http://a/b/c/", "http://a/b/c/?q", "?q");
    relative("http://a", "http://a/x", "x");
    relative("http://a", "http://a/", "."); // a tie with "/"
    relative("http://a/bb/c", "http://a/b/c", "/b/c");
}

#[test]
fn query_and_fragment_differences() {
    rfc("http://a/b/c/d;p", "d;p"); // no query: "" would keep the base's
    rfc("http://a/b/c/d;p?", "?");
    rfc("http://a/b/c/d;p#", "d;p#");
    rfc("http://a/b/c/d;p?q#", "#");
    relative("http://a/b/c/d;p", "http://a/b/c/d;p", "");
    relative("http://a/b/c/d;p", "http://a/b/c/d;p?q", "?q");
    relative("http://a/b/c/d;p#f", "http://a/b/c/d;p", ""); // the base's fragment is ignored
    relative("http://a/b/c/d;p#f", "http://a/b/c/d;p#f", "#f");
}

#[test]
fn empty_segments_and_colons() {
    relative("http://a/b/c", "http://a/b//x", ".//x");
    relative("http://a/b/c", "http://a/b/x//y", "x//y");
    relative("http://a/b/c/d", "http://a/b//x", "..//x");
    relative("http://a/b/c", "http://a//x", "..//x");
    relative("http://a/b", "http://a//x", ".//x");
    relative("http://a/b/c", "http://a/b/x:y/z", "./x:y/z");
    relative("http://a/b/c/d", "http://a/b/x:y", "../x:y");
    relative("foo:/", "foo:/.//@@", ".//@@");
    relative("foo:/a/b", "foo:/.//x", "..//x");
    relative("foo:/a", "foo:/.//x", ".//x");
}

#[test]
fn bases_without_authority_and_rootless_paths() {
    relative("mailto:x", "mailto:y", "y");
    relative("mailto:x", "mailto:x", "");
    relative("mailto:x", "mailto:a:b", "./a:b");
    relative("mailto:x", "mailto:/y", "/y");
    relative("foo:a/b", "foo:a/c", "c");
    relative("foo:a/b/c", "foo:a/x", "../x");
    relative("foo:a/b/c", "foo:a/", "..");
    relative("foo:a/b", "foo:x", "foo:x"); // "../x" would give "foo:/x"
    relative("foo:a/b", "foo:a/", ".");
    relative("foo:/a", "foo:b", "foo:b");
    relative("foo:", "foo:x", "x");
    relative("foo:?q", "foo:", "foo:");
}

/// A target that no reference resolves to comes back as it is.
#[track_caller]
fn unreachable(base: &str, target: &str) {
    let r = relativize(parse(base), parse(target)).unwrap();
    assert_eq!(r, target, "from {base:?}");
}

#[test]
fn targets_that_nothing_resolves_to_are_returned() {
    unreachable(BASE, "http://a/b/../c");
    unreachable(BASE, "http://a/./c");
    unreachable("foo:a/b", "foo:a/./b");
    // Unless the base has the same path: an empty path takes it as written.
    relative("http://a/b/../c?q", "http://a/b/../c?y", "?y");
    relative("http://a/b/../c?q", "http://a/b/../c?q#f", "#f");
    unreachable("http://a/b/../c?q", "http://a/b/../c");
    unreachable("http:", "http:..");
    unreachable("http:", "http://a/..");
    relative("http:..", "http:..", "");
    // A base path with dot segments has no relative-path form.
    relative("http://a/b/../c/d", "http://a/c/x", "/c/x");
}

#[test]
fn relative_base_or_target_is_an_error() {
    let err = relativize(parse("//a/b"), parse("http://a/b")).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (RelativizeErrorKind::RelativeBase, 0)
    );
    let err = relativize(parse("http://a/b"), parse("/b")).unwrap_err();
    assert_eq!(err.kind(), RelativizeErrorKind::RelativeTarget);
    assert_eq!(err.kind().name(), "relative-target");
}

// ---- Generated pairs: targets are resolution results, often of the base
// itself, so that they share its scheme, authority and path prefixes.

fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a", "b", "c", "..", ".", "", "g;x", "@", "c:d", "a", "b", "%2E",
    ])
}

fn path() -> impl Strategy<Value = String> {
    compose::path(segment())
}

fn part() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec!["", "q", "y"]))
}

fn base() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["http", "foo"]),
        prop::option::of(prop::sample::select(vec!["a", "", "u@h:8"])),
        path(),
        part(),
        part(),
    )
        .prop_filter_map("valid base", |(s, a, p, q, f)| join(Some(s), a, &p, q, f))
}

fn reference() -> impl Strategy<Value = String> {
    (
        prop::option::weighted(0.1, prop::sample::select(vec!["http", "foo"])),
        prop::option::weighted(0.15, prop::sample::select(vec!["a", "", "b"])),
        path(),
        part(),
        part(),
    )
        .prop_filter_map("valid reference", |(s, a, p, q, f)| join(s, a, &p, q, f))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn resolving_the_relative_form_gives_the_target(
        base in base(),
        other in base(),
        reference in reference(),
        against_base in prop::bool::weighted(0.7),
    ) {
        let b = parse(&base);
        let from = if against_base { b } else { parse(&other) };
        let target = Resolver::new(from).unwrap().resolve(parse(&reference)).unwrap();
        let t = target.as_uri_ref();
        let r = relativize(b, t).unwrap();
        prop_assert!(r.check_invariants());
        prop_assert!(r.as_str().len() <= t.as_str().len(), "{} for {}", r, t);
        // Resolution removes dot segments from every path except the base's
        // own, which an empty (or fragment-only) reference copies. So a
        // target whose path keeps dot segments is reachable only when it
        // has the base's scheme, authority and path; otherwise no reference
        // gives it, and relativize returns the target itself.
        let guarded = !t.has_authority() && t.path().starts_with("/.//");
        let path = if guarded { &t.path()[2..] } else { t.path() };
        let dots = path.split('/').any(|s| s == "." || s == "..");
        let base_document =
            (t.scheme(), t.authority(), t.path()) == (b.scheme(), b.authority(), b.path());
        if dots && !base_document {
            prop_assert_eq!(r.as_str(), t.as_str());
            return Ok(());
        }
        let back = resolve(b, r.as_uri_ref()).unwrap();
        prop_assert_eq!(back.as_str(), t.as_str(), "{} against {}", r, base);
    }
}
