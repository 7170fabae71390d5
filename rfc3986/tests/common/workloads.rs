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

/// One operation on prepared inputs: it runs the operation once and
/// returns something small, so that what it allocated is freed.
pub struct Workload {
    /// `operation: shape`.
    pub name: String,
    /// The bytes of input, which the limits are counted against.
    pub input_len: usize,
    pub run: Box<dyn Fn() -> usize + Send>,
}

fn workload(
    operation: &str,
    shape: &str,
    input_len: usize,
    run: impl Fn() -> usize + Send + 'static,
) -> Workload {
    Workload {
        name: format!("{operation}: {shape}"),
        input_len,
        run: Box::new(run),
    }
}

fn parse(text: &str) -> UriRef<'_> {
    UriRef::parse(text).expect("every shape is a valid reference")
}

/// Every workload at `size`: resolve (every option) and relativize on each
/// pair; normalize (both ways) and equivalent on each reference; build
/// each component from each text, and a path from many segments; the
/// setters on a reference of `size` bytes, and with each text; encode,
/// encode preserving escapes, and decode each text.
pub fn workloads(size: usize) -> Vec<Workload> {
    let mut all = Vec::new();
    for (shape, base, second) in huge_pairs(size) {
        let len = base.len() + second.len();
        let (b, s) = (base.clone(), second.clone());
        all.push(workload("resolve", shape, len, move || {
            let resolver = Resolver::new(parse(&b)).expect("a base with a scheme");
            let reference = parse(&s);
            [
                resolver,
                resolver.non_strict(),
                resolver.keep_parent_above_root(),
            ]
            .iter()
            .map(|r| r.resolve(reference).map_or(0, |t| t.as_str().len()))
            .sum()
        }));
        all.push(workload("relativize", shape, len, move || {
            let (base, second) = (parse(&base), parse(&second));
            let target = rfc3986::resolve(base, second).expect("a base with a scheme");
            let to_second = relativize(base, second).map_or(0, |r| r.as_str().len());
            let to_target = relativize(base, target.as_uri_ref()).map_or(0, |r| r.as_str().len());
            to_second + to_target
        }));
    }
    for (shape, text) in huge_references(size) {
        all.push(workload("normalize", shape, text.len(), move || {
            let u = parse(&text);
            let plain = Normalizer::new().normalize(u);
            let canonical = Normalizer::new().ipv6_canonical().normalize(u);
            let same = rfc3986::equivalent(u, plain.as_uri_ref());
            plain.as_str().len() + canonical.as_str().len() + usize::from(same)
        }));
    }
    for (shape, text) in huge_texts(size) {
        for component in ["userinfo", "host", "path", "query", "fragment"] {
            let text = text.clone();
            all.push(workload(
                "build",
                &format!("{component} of {shape}"),
                text.len(),
                move || {
                    let b = Builder::new().scheme("http");
                    let b = match component {
                        "userinfo" => b.userinfo(text.as_str()).host("h"),
                        "host" => b.host(text.as_str()),
                        // Without an authority, so that any path is allowed.
                        "path" => b.path(&text),
                        "query" => b.query(text.as_str()),
                        _ => b.fragment(text.as_str()),
                    };
                    b.build().map_or(0, |u| u.as_str().len())
                },
            ));
        }
        for component in ["userinfo", "host", "path", "query", "fragment", "segments"] {
            let text = text.clone();
            all.push(workload(
                "set",
                &format!("{component} to {shape}"),
                text.len(),
                move || {
                    let mut uri = UriRefBuf::parse("http://u@h:1/p?q#f").expect("valid");
                    let result = match component {
                        "userinfo" => uri.set_userinfo(text.as_str()),
                        "host" => uri.set_host(text.as_str()),
                        // The path of a reference without an authority.
                        "path" => {
                            uri.clear_authority();
                            uri.set_path(&text)
                        }
                        "query" => uri.set_query(text.as_str()),
                        "fragment" => uri.set_fragment(text.as_str()),
                        _ => uri.set_segments(&["", text.as_str()]),
                    };
                    uri.as_str().len() + usize::from(result.is_ok())
                },
            ));
        }
        let t = text.clone();
        all.push(workload("encode", shape, text.len(), move || {
            let mut sum = 0;
            for set in [
                CharSet::UNRESERVED,
                CharSet::PATH,
                CharSet::SEGMENT,
                CharSet::QUERY,
            ] {
                // One result at a time: each is dropped before the next.
                sum += encode(&t, set).len();
                sum += encode_preserving_escapes(&t, set).len();
            }
            sum
        }));
        let encoded = encode(&text, CharSet::UNRESERVED).into_owned();
        all.push(workload("decode", shape, encoded.len(), move || {
            decode(&encoded).map_or(0, |d| d.len())
        }));
    }
    // An absolute path: a first empty segment, then many.
    let mut segments: Vec<&'static str> = vec![""];
    segments.resize(size / 2, "a");
    all.push(workload("build", "many segments", size, move || {
        let b = Builder::new().scheme("http").host("h");
        b.segments(&segments)
            .build()
            .map_or(0, |u| u.as_str().len())
    }));
    let long = fill(size, "http://u@h:1/", "a/", "?q#f");
    all.push(workload(
        "set",
        "each component of a long reference",
        size,
        move || {
            let mut uri = UriRefBuf::parse(long.as_str()).expect("valid");
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
        },
    ));
    all
}
