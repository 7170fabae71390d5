//! The operations that produce references, on adversarial inputs of any
//! size: resolution and relativization of pairs, normalization and
//! comparison, building and setting components, and the percent codec.
//! Shared by the 1 MiB tests (`adversarial.rs`, `limits.rs`) and the
//! instruction-count script (`scripts/linear-time`), which includes this
//! file next to `shapes.rs`; it needs nothing but the library.

use rfc3986::encoding::{decode, encode, encode_preserving_escapes, CharSet};
use rfc3986::{relativize, Builder, Normalizer, Resolver, UriRef, UriRefBuf};

/// `prefix`, `unit` repeated, then `suffix`: at least `size` bytes.
pub fn fill(size: usize, prefix: &str, unit: &str, suffix: &str) -> String {
    let count = size
        .saturating_sub(prefix.len() + suffix.len())
        .div_ceil(unit.len());
    [prefix, &unit.repeat(count), suffix].concat()
}

/// Pairs of a base and a second reference, at least `size` bytes together,
/// in the shapes that stress resolution (`../` chains, segments removed as
/// fast as they are added, long segments, queries and authorities, the
/// `//` path that needs the `/.` guard) and relativization (deep paths that
/// share a long prefix, or none; a long query in the same document).
pub fn huge_pairs(size: usize) -> Vec<(&'static str, String, String)> {
    let whole = |prefix: &str, unit: &str, suffix: &str| fill(size, prefix, unit, suffix);
    let half = |prefix: &str, unit: &str, suffix: &str| fill(size / 2, prefix, unit, suffix);
    let base = |text: &str| text.to_owned();
    vec![
        (
            "dot-dot chain",
            base("http://h/a/b/c"),
            whole("", "../", "g"),
        ),
        ("dot chain", base("http://h/a/b/c"), whole("", "./", "g")),
        (
            "segments, then as many dot-dots",
            base("http://h/"),
            "a/".repeat(size / 5) + &"../".repeat(size / 5) + "g",
        ),
        (
            "dot-dots against a rootless base",
            base("foo:a/b"),
            whole("", "../", "g"),
        ),
        ("long segment", base("http://h/a/b"), whole("", "a", "")),
        ("many segments", base("http://h/a/b"), whole("", "a/", "")),
        ("query", base("http://h/a"), whole("?", "q=1&", "")),
        ("fragment", base("http://h/a?q"), whole("#", "f/?", "")),
        ("authority", base("http://h/a"), whole("//", "a", "/p")),
        (
            "double slash after a dot",
            base("foo:/"),
            whole(".//", "@", ""),
        ),
        (
            "deep base, dot-dot reference",
            whole("http://h", "/a", "/b"),
            base("../g"),
        ),
        (
            "deep base, deep target",
            half("http://h", "/a", "/b"),
            half("http://h", "/a", "/c"),
        ),
        (
            "diverging deep paths",
            half("http://h", "/a", "/x"),
            half("http://h", "/b", "/y"),
        ),
        (
            "long query, same document",
            whole("http://h/a?", "q", ""),
            base("http://h/a?r"),
        ),
    ]
}

/// References of at least `size` bytes in the shapes that stress
/// normalization and comparison: dot segments, plain and encoded, escapes
/// to decode or to upper-case, a host to lower-case, a `//` path that keeps
/// its guard, and a relative path whose dot segments stay.
pub fn huge_references(size: usize) -> Vec<(&'static str, String)> {
    let whole = |prefix: &str, unit: &str, suffix: &str| fill(size, prefix, unit, suffix);
    vec![
        ("dot segments", whole("http://h", "/.", "")),
        ("segment and dot-dot pairs", whole("http://h", "/a/..", "")),
        ("encoded dot-dots", whole("http://h", "/%2e%2E", "/g")),
        ("unreserved escapes", whole("http://h/", "%7e", "")),
        ("lower-case escapes", whole("http://h/", "%2f", "")),
        ("upper-case host", whole("HTTP://", "A", "/")),
        ("double slash after a dot", whole("foo:/.", "/", "x")),
        ("escapes in a query", whole("http://h/?", "%3d%41", "")),
        ("relative dot-dots", whole("", "../", "g")),
    ]
}

/// Text of at least `size` bytes for a component given to the builder or
/// a setter: text that encodes to three times its length, in one or in
/// two bytes per character, a `/` run, plain letters, and `%` signs.
pub fn huge_texts(size: usize) -> Vec<(&'static str, String)> {
    vec![
        ("spaces", " ".repeat(size)),
        ("two-byte characters", "\u{e9}".repeat(size.div_ceil(2))),
        ("slashes", "/".repeat(size)),
        ("letters", "a".repeat(size)),
        ("percent signs", "%".repeat(size)),
    ]
}

/// One operation on an input of some size, not yet built: `prepare` builds
/// the input (outside what is measured) and gives the run.
pub struct Workload {
    /// `operation: shape`.
    pub name: String,
    pub prepare: Box<dyn Fn() -> Prepared + Send>,
}

/// A workload's input, built, and its run: the operation once, returning
/// something small so that what it allocated is freed.
pub struct Prepared {
    /// The bytes of input, which the limits are counted against.
    pub input_len: usize,
    pub run: Box<dyn Fn() -> usize + Send>,
}

fn prepared(input_len: usize, run: impl Fn() -> usize + Send + 'static) -> Prepared {
    Prepared {
        input_len,
        run: Box::new(run),
    }
}

fn parse(text: &str) -> UriRef<'_> {
    UriRef::parse(text).expect("every shape is a valid reference")
}

/// The `index`-th item of a list of shapes built at `size`.
fn nth<T>(mut shapes: Vec<T>, index: usize) -> T {
    shapes.swap_remove(index)
}

/// Resolve with every option.
fn resolve_every_way(base: &str, second: &str) -> usize {
    let resolver = Resolver::new(parse(base)).expect("a base with a scheme");
    let reference = parse(second);
    [
        resolver,
        resolver.non_strict(),
        resolver.keep_parent_above_root(),
    ]
    .iter()
    .map(|r| r.resolve(reference).map_or(0, |t| t.as_str().len()))
    .sum()
}

/// Relativize the second reference (when a URI), and its target.
fn relativize_both(base: &str, second: &str) -> usize {
    let (base, second) = (parse(base), parse(second));
    let target = rfc3986::resolve(base, second).expect("a base with a scheme");
    let to_second = relativize(base, second).map_or(0, |r| r.as_str().len());
    let to_target = relativize(base, target.as_uri_ref()).map_or(0, |r| r.as_str().len());
    to_second + to_target
}

/// Normalize both ways, and compare with the normal form.
fn normalize_and_compare(text: &str) -> usize {
    let u = parse(text);
    let plain = Normalizer::new().normalize(u);
    let canonical = Normalizer::new().ipv6_canonical().normalize(u);
    let same = rfc3986::equivalent(u, plain.as_uri_ref());
    plain.as_str().len() + canonical.as_str().len() + usize::from(same)
}

/// Build a URI with `text` as one component.
fn build_with(component: &str, text: &str) -> usize {
    let b = Builder::new().scheme("http");
    let b = match component {
        "userinfo" => b.userinfo(text).host("h"),
        "host" => b.host(text),
        // Without an authority, so that any path is allowed.
        "path" => b.path(text),
        "query" => b.query(text),
        _ => b.fragment(text),
    };
    b.build().map_or(0, |u| u.as_str().len())
}

/// Set one component of a short reference to `text`.
fn set_to(component: &str, text: &str) -> usize {
    let mut uri = UriRefBuf::parse("http://u@h:1/p?q#f").expect("valid");
    let result = match component {
        "userinfo" => uri.set_userinfo(text),
        "host" => uri.set_host(text),
        // The path of a reference without an authority.
        "path" => {
            uri.clear_authority();
            uri.set_path(text)
        }
        "query" => uri.set_query(text),
        "fragment" => uri.set_fragment(text),
        _ => uri.set_segments(&["", text]),
    };
    uri.as_str().len() + usize::from(result.is_ok())
}

/// Encode with four sets, both ways, one result at a time.
fn encode_every_way(text: &str) -> usize {
    let mut sum = 0;
    for set in [
        CharSet::UNRESERVED,
        CharSet::PATH,
        CharSet::SEGMENT,
        CharSet::QUERY,
    ] {
        sum += encode(text, set).len();
        sum += encode_preserving_escapes(text, set).len();
    }
    sum
}

/// Set every component of a long reference, one after the other.
fn set_each_component(text: &str) -> usize {
    let mut uri = UriRefBuf::parse(text).expect("valid");
    let results = [
        uri.set_scheme("https"),
        uri.set_userinfo("user"),
        uri.set_host("example.com"),
        uri.set_port_number(8080),
        uri.set_query("r"),
        uri.set_fragment("g"),
        uri.set_scheme(None),
        uri.set_port(None),
        uri.set_userinfo(None),
        uri.set_host(None),
        uri.set_path("//x"),
    ];
    results.iter().filter(|r| r.is_ok()).count() + uri.as_str().len()
}

fn workload(name: String, prepare: impl Fn() -> Prepared + Send + 'static) -> Workload {
    Workload {
        name,
        prepare: Box::new(prepare),
    }
}

/// Every workload at `size`: resolve (every option) and relativize on each
/// pair; normalize (both ways) and equivalent on each reference; build
/// each component from each text, and a path from many segments; the
/// setters with each text, and on a long reference; encode (both ways)
/// and decode each text. Nothing is built until a workload is prepared.
pub fn workloads(size: usize) -> Vec<Workload> {
    let mut all = Vec::new();
    for (i, (shape, _, _)) in huge_pairs(16).into_iter().enumerate() {
        all.push(workload(format!("resolve: {shape}"), move || {
            let (_, base, second) = nth(huge_pairs(size), i);
            prepared(base.len() + second.len(), move || {
                resolve_every_way(&base, &second)
            })
        }));
        all.push(workload(format!("relativize: {shape}"), move || {
            let (_, base, second) = nth(huge_pairs(size), i);
            prepared(base.len() + second.len(), move || {
                relativize_both(&base, &second)
            })
        }));
    }
    for (i, (shape, _)) in huge_references(16).into_iter().enumerate() {
        all.push(workload(format!("normalize: {shape}"), move || {
            let (_, text) = nth(huge_references(size), i);
            prepared(text.len(), move || normalize_and_compare(&text))
        }));
    }
    let components = ["userinfo", "host", "path", "query", "fragment"];
    for (i, (shape, _)) in huge_texts(16).into_iter().enumerate() {
        for component in components {
            all.push(workload(
                format!("build: {component} of {shape}"),
                move || {
                    let (_, text) = nth(huge_texts(size), i);
                    prepared(text.len(), move || build_with(component, &text))
                },
            ));
        }
        for component in components.into_iter().chain(["segments"]) {
            all.push(workload(
                format!("set: {component} to {shape}"),
                move || {
                    let (_, text) = nth(huge_texts(size), i);
                    prepared(text.len(), move || set_to(component, &text))
                },
            ));
        }
        all.push(workload(format!("encode: {shape}"), move || {
            let (_, text) = nth(huge_texts(size), i);
            prepared(text.len(), move || encode_every_way(&text))
        }));
        all.push(workload(format!("decode: {shape}"), move || {
            let (_, text) = nth(huge_texts(size), i);
            let encoded = encode(&text, CharSet::UNRESERVED).into_owned();
            prepared(encoded.len(), move || {
                decode(&encoded).map_or(0, |d| d.len())
            })
        }));
    }
    all.push(workload("build: many segments".into(), move || {
        // An absolute path: a first empty segment, then many.
        let mut segments: Vec<&'static str> = vec![""];
        segments.resize(size / 2, "a");
        prepared(size, move || {
            let b = Builder::new().scheme("http").host("h");
            b.segments(&segments)
                .build()
                .map_or(0, |u| u.as_str().len())
        })
    }));
    all.push(workload(
        "set: each component of a long reference".into(),
        move || {
            let text = fill(size, "http://u@h:1/", "a/", "?q#f");
            prepared(text.len(), move || set_each_component(&text))
        },
    ));
    all
}
