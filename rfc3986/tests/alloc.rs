//! How often each operation allocates, counted with a global allocator
//! wrapper, per thread so that the test harness's own threads do not
//! disturb the count: a borrowed parse never, an owned parse once, a build,
//! a resolution and a normalization that changes something once, a setter
//! with room in its buffer never, an already-normal input never.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use std::net::Ipv6Addr;

use rfc3986::{equivalent, normalize, Builder, Normalizer, Resolver, Rule, UriRef, UriRefBuf};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator unchanged; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

const INPUTS: &[&str] = &[
    "foo://u@example.com:8042/over/there?name=ferret#nose",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[v1.x]:1/",
    "http://192.0.2.16:80/",
    "../../g;p?q#f",
    "",
    "http://exa mple.com/",
    "/a%zz",
];

#[test]
fn borrowed_parse_allocates_nothing() {
    for input in INPUTS {
        for rule in [
            Rule::UriReference,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::RelativeRef,
        ] {
            let (n, _) = allocations(|| UriRef::parse_as(input, rule).map(|u| u.host_kind()));
            assert_eq!(n, 0, "{input:?} {rule:?}");
            let (n, _) = allocations(|| UriRef::parse_bytes_as(input.as_bytes(), rule).is_ok());
            assert_eq!(n, 0, "{input:?} {rule:?} as bytes");
        }
        // Reading every component allocates nothing either.
        if let Ok(u) = UriRef::parse(input) {
            let (n, _) = allocations(|| {
                (
                    u.scheme(),
                    u.authority(),
                    u.userinfo(),
                    u.host_parsed(),
                    u.port_number(),
                    u.segments().count(),
                    u.query(),
                    u.fragment(),
                    u.path_decoded().to_utf8().is_ok(),
                )
            });
            assert_eq!(n, 0, "{input:?} components");
        }
    }
}

#[test]
fn owned_parse_allocates_once() {
    let (n, u) = allocations(|| UriRefBuf::parse(INPUTS[0]).unwrap());
    assert_eq!(n, 1);
    let text = String::from(INPUTS[1]);
    let (n, _) = allocations(|| UriRefBuf::parse(text).unwrap());
    assert_eq!(n, 0, "a String is kept, not copied");
    let (n, _) = allocations(|| u.as_uri_ref().to_owned());
    assert_eq!(n, 1);
}

fn parse(s: &str) -> UriRef<'_> {
    UriRef::parse(s).unwrap()
}

fn b<'a>() -> Builder<'a> {
    UriRefBuf::builder()
}

const BASE: &str = "http://a/b/c/d;p?q";

// ---- Building and setting components.

#[test]
fn a_build_allocates_once() {
    let segments = ["", "a/b", "ア", ""];
    let builders = [
        b().scheme("HTTP")
            .userinfo("u@x")
            .host("bücher.example")
            .port_number(8080)
            .path("/a b/c")
            .query("q=#")
            .fragment("f g"),
        b().host_ip(Ipv6Addr::LOCALHOST).segments(&segments),
        b().host_ipvfuture("v1.x").port(""),
        b().host("[::1]"),
        b().scheme("s").path("//x"), // with the "/." guard
        b().path("a:b"),             // with the "./" guard
        b().query(""),
    ];
    for builder in builders {
        let (n, uri) = allocations(|| builder.build().unwrap());
        assert_eq!(n, 1, "{uri:?}");
    }
    // An error allocates nothing.
    let (n, _) = allocations(|| b().port("80").build().is_err());
    assert_eq!(n, 0);
}

#[test]
fn a_setter_reuses_the_buffer() {
    // With room in the String, setting a component that needs no encoding
    // allocates nothing: the bytes move within the one buffer.
    let mut text = String::with_capacity(100);
    text.push_str("http://u@h:1/p?q#f");
    let mut uri = UriRefBuf::parse(text).unwrap();
    let (n, _) = allocations(|| {
        uri.set_scheme("https").unwrap();
        uri.set_userinfo(None).unwrap();
        uri.set_host("example.com").unwrap();
        uri.set_port_number(8080).unwrap();
        uri.set_path("/a/b").unwrap();
        uri.set_query("x=1").unwrap();
        uri.set_fragment(None).unwrap();
        uri.set_scheme(None).unwrap();
        uri.clear_authority();
    });
    assert_eq!(n, 0);
    assert_eq!(uri, "/a/b?x=1");
}

// ---- Resolution.

#[test]
fn each_resolution_allocates_once() {
    let cases = [
        (BASE, "g;x?y#s"),
        (BASE, "../../../../g"),
        (BASE, ""),
        (BASE, "//g"),
        (BASE, "g:h"),
        ("foo:/", ".//@@"),
        ("http://a", "g"),
        ("mailto:x", "y"),
        (BASE, "/.."),
        // Each way resolve takes: copies of text with no dot segment (a
        // scheme, an authority, an empty path with and without a query, an
        // absolute path, a merge), a merge that removes dot segments, and
        // the general way (dot segments in the base's path or after a
        // scheme or an authority).
        (BASE, "http://x/y"),
        (BASE, "//x/y?q"),
        (BASE, "?y"),
        (BASE, "#s"),
        (BASE, "/g?y"),
        (BASE, "g/h#s"),
        ("foo:a", "b"),
        (BASE, "../g"),
        ("http://a/b/./c", "g"),
        (BASE, "http://x/./y"),
        (BASE, "//x/../y"),
    ];
    for (base, reference) in cases {
        let (base, reference) = (parse(base), parse(reference));
        for resolver in [
            Resolver::new(base).unwrap(),
            Resolver::new(base).unwrap().keep_parent_above_root(),
            Resolver::new(base).unwrap().non_strict(),
        ] {
            let (n, target) = allocations(|| resolver.resolve(reference).unwrap());
            assert_eq!(n, 1, "{reference} against {base}: {target}");
        }
    }
}

// ---- Normalization and equivalence.

#[test]
fn normal_input_allocates_nothing_and_the_rest_once() {
    let normal = [
        "http://example.com/a/b?q#f",
        "foo:/.//x",
        "//[::1]:8080/a",
        "a/../b",
        "",
        "mailto:fred@example.com",
        "http://[2001:db8::1]/",
    ];
    let canonical = Normalizer::new().ipv6_canonical();
    for input in normal {
        let uri = parse(input);
        let (n, normalized) = allocations(|| normalize(uri));
        assert_eq!((n, normalized.is_unchanged()), (0, true), "{input}");
        let (n, normalized) = allocations(|| canonical.normalize(uri));
        assert_eq!((n, normalized.is_unchanged()), (0, true), "{input}");
        let owned = UriRefBuf::parse(input).unwrap();
        let (n, _) = allocations(|| owned.into_normalized());
        assert_eq!(n, 0, "{input}");
    }
    let changed = [
        "HTTP://EXAMPLE.com:80",
        "foo:/././/x",
        "http://[A::1]/",
        "http://a/%7e/%2E%2E/b/./c?%7e#%7e",
        "http://a/..",
    ];
    for input in changed {
        let uri = parse(input);
        for normalizer in [Normalizer::new(), canonical] {
            let (n, normalized) = allocations(|| normalizer.normalize(uri));
            assert_eq!((n, normalized.is_unchanged()), (1, false), "{input}");
        }
    }
    let (n, normalized) = allocations(|| canonical.normalize(parse("//[0:0::1]")));
    assert_eq!((n, normalized.as_str()), (1, "//[::1]"));
}

#[test]
fn equivalence_allocates_only_for_dot_segments() {
    let pairs = [
        ("HTTP://A:80/%7e?%7e#%7e", "http://a/~?~#~"),
        ("http://a", "http://a/"),
        ("foo://[::1]/x", "foo://[0::1]/x"),
    ];
    let canonical = Normalizer::new().ipv6_canonical();
    for (a, b) in pairs {
        let (a, b) = (parse(a), parse(b));
        let (n, _) = allocations(|| (equivalent(a, b), canonical.equivalent(a, b)));
        assert_eq!(n, 0, "{a} {b}");
    }
}
