//! Shared by the robustness tests: the properties of `fuzz/src/lib.rs` (the
//! very functions the fuzz targets run, included here so that stable tests
//! call them rather than a copy), and proptest strategies that assemble
//! references from the ABNF of RFC 3986 and then mutate them.
//!
//! Each test file uses a different part of this module.
#![allow(dead_code)]

#[path = "../../../fuzz/src/lib.rs"]
pub mod properties;

mod shapes;
#[allow(unused_imports)] // not every test file uses it
pub use shapes::huge_inputs;
pub mod workloads;

use std::net::Ipv4Addr;

use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::{Config, RngAlgorithm};
use rfc3986::HostKind;

/// Cases per property: 10,000, or `PROPTEST_CASES` when set (mutation
/// testing runs with fewer). The random generator is XorShift unless
/// `PROPTEST_RNG_ALGORITHM` says otherwise: unoptimized, proptest's default
/// ChaCha took 40% of the time of the operations' properties.
pub fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let default = Config::default();
    let rng_algorithm = match std::env::var_os("PROPTEST_RNG_ALGORITHM") {
        Some(_) => default.rng_algorithm,
        None => RngAlgorithm::XorShift,
    };
    Config {
        cases,
        rng_algorithm,
        // Regressions are written into the test's own source instead.
        failure_persistence: None,
        ..default
    }
}

/// A reference assembled from the ABNF, with the components that went in.
#[derive(Clone, Debug)]
pub struct Generated {
    pub text: String,
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub host_kind: Option<HostKind>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

// Character-level rules of section 2 and 3, as regular expressions over
// their alternatives (proptest generates strings from these).
const UNRESERVED: &str = "[A-Za-z0-9._~-]";
const SUB_DELIMS: &str = "[!$&'()*+,;=]";
const PCT_ENCODED: &str = "%[0-9A-Fa-f]{2}";

/// `count` repetitions of any of `alternatives`.
fn repeat(alternatives: &[&str], count: &str) -> BoxedStrategy<String> {
    let pattern = format!("(?:{}){{{count}}}", alternatives.join("|"));
    proptest::string::string_regex(&pattern)
        .expect("a valid pattern")
        .boxed()
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
pub fn scheme() -> BoxedStrategy<String> {
    prop_oneof![
        3 => repeat(&["[A-Za-z][A-Za-z0-9+.-]{0,6}"], "1"),
        1 => select(&["http", "HTTPS", "urn", "a", "z9+-.", "file", "v1"][..]).prop_map(String::from),
    ]
    .boxed()
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
pub fn userinfo() -> BoxedStrategy<String> {
    repeat(&[UNRESERVED, PCT_ENCODED, SUB_DELIMS, ":"], "0,8")
}

/// `dec-octet`, weighted towards the edges of its five alternatives.
pub fn dec_octet() -> BoxedStrategy<String> {
    prop_oneof![
        select(&[0u8, 9, 10, 99, 100, 199, 200, 249, 250, 255][..]),
        any::<u8>(),
    ]
    .prop_map(|n| n.to_string())
    .boxed()
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
pub fn ipv4() -> BoxedStrategy<String> {
    [dec_octet(), dec_octet(), dec_octet(), dec_octet()]
        .prop_map(|o| o.join("."))
        .boxed()
}

/// `h16 = 1*4HEXDIG`
pub fn h16() -> BoxedStrategy<String> {
    repeat(&["[0-9A-Fa-f]"], "1,4")
}

/// `IPv6address`, in each of its nine forms:
///
/// ```text
///                              6( h16 ":" ) ls32     form 0
///                         "::" 5( h16 ":" ) ls32     form 1
///   [               h16 ] "::" 4( h16 ":" ) ls32     form 2
///   [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32     form 3
///   [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32     form 4
///   [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32     form 5
///   [ *4( h16 ":" ) h16 ] "::"              ls32     form 6
///   [ *5( h16 ":" ) h16 ] "::"              h16      form 7
///   [ *6( h16 ":" ) h16 ] "::"                       form 8
/// ```
pub fn ipv6() -> BoxedStrategy<String> {
    let pieces = proptest::collection::vec(h16(), 8);
    (0..9usize, pieces, any::<Index>(), any::<bool>(), ipv4())
        .prop_map(|(form, pieces, before, ls32_is_ipv4, v4)| {
            let ls32 = if ls32_is_ipv4 {
                v4
            } else {
                format!("{}:{}", pieces[6], pieces[7])
            };
            if form == 0 {
                return format!("{}:{ls32}", pieces[..6].join(":"));
            }
            // Pieces after the gap: h16 ":" repeated, then ls32 or h16.
            let after: Vec<&str> = pieces[..6usize.saturating_sub(form)]
                .iter()
                .map(String::as_str)
                .collect();
            let tail = match form {
                1..=6 => after.iter().map(|p| format!("{p}:")).collect::<String>() + &ls32,
                7 => pieces[0].clone(),
                _ => String::new(),
            };
            // Form 1 has nothing before the gap; form k up to k - 1 pieces.
            let before = if form == 1 { 0 } else { before.index(form) };
            let head = pieces[..before].join(":");
            format!("{head}::{tail}")
        })
        .boxed()
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
pub fn ipvfuture() -> BoxedStrategy<String> {
    (
        repeat(&["[vV][0-9A-Fa-f]{1,3}"], "1"),
        repeat(&[UNRESERVED, SUB_DELIMS, ":"], "1,6"),
    )
        .prop_map(|(version, rest)| format!("{version}.{rest}"))
        .boxed()
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`, with names that
/// look like IPv4 addresses but are not (first-match-wins).
pub fn reg_name() -> BoxedStrategy<String> {
    prop_oneof![
        4 => repeat(&[UNRESERVED, PCT_ENCODED, SUB_DELIMS], "0,12"),
        1 => select(&[
            "", "1.2.3.256", "01.2.3.4", "1.2.3", "1.2.3.4.", "256.1.1.1", "0x7f.0.0.1",
            "1.2.3.04", "1.2.3.4.5", "localhost", "EXAMPLE.com", "%5B%3A%3A1%5D", "v1.x",
        ][..])
        .prop_map(String::from),
    ]
    .boxed()
}

/// `host = IP-literal / IPv4address / reg-name`, with its kind.
pub fn host() -> BoxedStrategy<(String, HostKind)> {
    prop_oneof![
        reg_name().prop_map(|h| {
            // A generated name can happen to be an IPv4 address.
            let kind = if h.parse::<Ipv4Addr>().is_ok() {
                HostKind::Ipv4
            } else {
                HostKind::RegName
            };
            (h, kind)
        }),
        ipv4().prop_map(|h| (h, HostKind::Ipv4)),
        ipv6().prop_map(|h| (format!("[{h}]"), HostKind::Ipv6)),
        ipvfuture().prop_map(|h| (format!("[{h}]"), HostKind::IpvFuture)),
    ]
    .boxed()
}

/// `port = *DIGIT`: empty, short, or far past 16 bits.
pub fn port() -> BoxedStrategy<String> {
    prop_oneof![
        repeat(&["[0-9]"], "0,6"),
        select(
            &[
                "",
                "0",
                "80",
                "65535",
                "65536",
                "00000000000000000080",
                "99999999999999999999"
            ][..]
        )
        .prop_map(String::from),
    ]
    .boxed()
}

/// `segment = *pchar`, with dot segments now and then.
pub fn segment() -> BoxedStrategy<String> {
    prop_oneof![
        4 => repeat(&[UNRESERVED, PCT_ENCODED, SUB_DELIMS, ":", "@"], "0,6"),
        1 => select(&[".", "..", "%2E", "%2e%2E", "", "a:b", "@"][..]).prop_map(String::from),
    ]
    .boxed()
}

/// `segment-nz = 1*pchar`
pub fn segment_nz() -> BoxedStrategy<String> {
    repeat(&[UNRESERVED, PCT_ENCODED, SUB_DELIMS, ":", "@"], "1,6")
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
pub fn segment_nz_nc() -> BoxedStrategy<String> {
    repeat(&[UNRESERVED, PCT_ENCODED, SUB_DELIMS, "@"], "1,6")
}

/// `query = *( pchar / "/" / "?" )`, the same set as `fragment`.
pub fn query() -> BoxedStrategy<String> {
    repeat(
        &[UNRESERVED, PCT_ENCODED, SUB_DELIMS, ":", "@", "/", "\\?"],
        "0,10",
    )
}

/// The five path forms of section 3.3, of which the context allows some:
/// `path-abempty` after an authority; else `path-absolute`, `path-empty`, and
/// `path-rootless` after a scheme or `path-noscheme` without one.
fn path(has_authority: bool, has_scheme: bool) -> BoxedStrategy<String> {
    let rest = proptest::collection::vec(segment(), 0..4)
        .prop_map(|segments| segments.iter().map(|s| format!("/{s}")).collect::<String>());
    if has_authority {
        // path-abempty = *( "/" segment )
        return rest.boxed();
    }
    let first = if has_scheme {
        segment_nz()
    } else {
        segment_nz_nc()
    };
    prop_oneof![
        // path-absolute = "/" [ segment-nz *( "/" segment ) ]
        Just(String::from("/")),
        (segment_nz(), rest.clone()).prop_map(|(s, r)| format!("/{s}{r}")),
        // path-rootless = segment-nz *( "/" segment ), or path-noscheme with
        // segment-nz-nc first
        (first, rest).prop_map(|(s, r)| format!("{s}{r}")),
        // path-empty = 0<pchar>
        Just(String::new()),
    ]
    .boxed()
}

/// A URI-reference assembled from the ABNF: every host kind, every path form,
/// empty and absent components.
pub fn generated() -> BoxedStrategy<Generated> {
    let authority = proptest::option::weighted(
        0.7,
        (
            proptest::option::of(userinfo()),
            host(),
            proptest::option::of(port()),
        ),
    );
    (proptest::option::of(scheme()), authority)
        .prop_flat_map(|(scheme, authority)| {
            let path = path(authority.is_some(), scheme.is_some());
            (
                Just(scheme),
                Just(authority),
                path,
                proptest::option::of(query()),
                proptest::option::of(query()),
            )
        })
        .prop_map(|(scheme, authority, path, query, fragment)| {
            let mut text = String::new();
            if let Some(scheme) = &scheme {
                text += scheme;
                text += ":";
            }
            let (mut userinfo, mut host, mut host_kind, mut port) = (None, None, None, None);
            if let Some((u, (h, kind), p)) = authority {
                text += "//";
                if let Some(u) = &u {
                    text += u;
                    text += "@";
                }
                text += &h;
                if let Some(p) = &p {
                    text += ":";
                    text += p;
                }
                (userinfo, host, host_kind, port) = (u, Some(h), Some(kind), p);
            }
            text += &path;
            if let Some(query) = &query {
                text += "?";
                text += query;
            }
            if let Some(fragment) = &fragment {
                text += "#";
                text += fragment;
            }
            Generated {
                text,
                scheme,
                userinfo,
                host,
                host_kind,
                port,
                path,
                query,
                fragment,
            }
        })
        .boxed()
}

/// One small change to a reference.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Insert a delimiter or a byte that is never allowed.
    Insert(Index, u8),
    Delete(Index),
    Duplicate(Index),
    /// Swap the case of an ASCII letter.
    ChangeCase(Index),
    /// Replace a byte by its `%XX` escape.
    PercentEncode(Index, bool),
}

/// Bytes worth inserting: every delimiter, the bytes of IP literals and
/// ports, and bytes no URI contains (space, controls, `\`, non-ASCII).
pub const INSERTED: &[u8] = b":/?#[]@%!$&'()*+,;=.-_~vV019aF \t\r\n\0\\\"<>^`{|}\x7f\x80\xc3\xff";

pub fn mutation() -> BoxedStrategy<Mutation> {
    prop_oneof![
        (any::<Index>(), select(INSERTED)).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<Index>().prop_map(Mutation::Delete),
        any::<Index>().prop_map(Mutation::Duplicate),
        any::<Index>().prop_map(Mutation::ChangeCase),
        (any::<Index>(), any::<bool>()).prop_map(|(i, upper)| Mutation::PercentEncode(i, upper)),
    ]
    .boxed()
}

/// Applies `mutation` to `bytes`.
pub fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len) };
    match mutation {
        Mutation::Insert(i, b) => {
            let i = at(i, bytes.len() + 1);
            bytes.insert(i, *b);
        }
        _ if bytes.is_empty() => {}
        Mutation::Delete(i) => {
            bytes.remove(at(i, bytes.len()));
        }
        Mutation::Duplicate(i) => {
            let i = at(i, bytes.len());
            bytes.insert(i, bytes[i]);
        }
        Mutation::ChangeCase(i) => {
            let i = at(i, bytes.len());
            bytes[i] = if bytes[i].is_ascii_lowercase() {
                bytes[i].to_ascii_uppercase()
            } else {
                bytes[i].to_ascii_lowercase()
            };
        }
        Mutation::PercentEncode(i, upper) => {
            let i = at(i, bytes.len());
            let escape = if *upper {
                format!("%{:02X}", bytes[i])
            } else {
                format!("%{:02x}", bytes[i])
            };
            bytes.splice(i..=i, escape.into_bytes());
        }
    }
}

/// A generated reference with one to three mutations: mostly invalid, often
/// only just.
pub fn mutated() -> BoxedStrategy<Vec<u8>> {
    (generated(), proptest::collection::vec(mutation(), 1..=3))
        .prop_map(|(g, mutations)| {
            let mut bytes = g.text.into_bytes();
            for m in &mutations {
                apply(&mut bytes, m);
            }
            bytes
        })
        .boxed()
}

/// Inputs for the properties: valid references, mutated ones, and plain
/// arbitrary bytes.
pub fn input() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        2 => generated().prop_map(|g| g.text.into_bytes()),
        5 => mutated(),
        1 => proptest::collection::vec(any::<u8>(), 0..48),
        1 => proptest::collection::vec(select(INSERTED), 0..24),
    ]
    .boxed()
}

// ---- Inputs for the properties of the operations: two references, or
// components for the builder and the setters, in the byte layouts that
// `fuzz/src/*.rs` read (see each property's docs).

/// Relative references made of dot segments and the segments around them,
/// with the shapes that reach the corners of section 5.2: `..` above the
/// root, `.//` and `/..//` (a path that would start with `//`), a colon in
/// the first segment, `%2E` (a dot segment only for normalization).
pub fn dot_path() -> BoxedStrategy<String> {
    let segment = select(&[".", "..", "", "a", "b", "g:h", "@", "%2E", "%2e%2E", "..a"][..]);
    (
        any::<bool>(),
        proptest::collection::vec(segment, 0..7),
        proptest::option::of(select(&["", "q", "y"][..])),
        proptest::option::of(select(&["", "s"][..])),
    )
        .prop_map(|(absolute, segments, query, fragment)| {
            let mut text = String::from(if absolute { "/" } else { "" });
            text += &segments.join("/");
            if let Some(query) = query {
                text = format!("{text}?{query}");
            }
            if let Some(fragment) = fragment {
                text = format!("{text}#{fragment}");
            }
            text
        })
        .boxed()
}

/// Bases: generated references (most have a scheme), the base of section
/// 5.4, and bases without an authority, with a rootless or empty path.
pub fn base() -> BoxedStrategy<String> {
    prop_oneof![
        3 => generated().prop_map(|g| g.text),
        1 => select(&[
            "http://a/b/c/d;p?q", "foo:/", "foo:", "mailto:x", "foo:a/b", "foo:/.//x", "http://a",
            "http://a/b/../c", "foo://u@h:8/a/b/..", "s:a:b/c", "HTTP://a/b/c/%2E%2E/d#f",
        ][..])
        .prop_map(String::from),
        1 => (scheme(), dot_path()).prop_map(|(s, p)| format!("{s}:{p}")),
    ]
    .boxed()
}

/// A base and a second reference separated by `\n`: a relative reference
/// full of dot segments, a generated one, a mutated one (often invalid), or
/// another base.
pub fn reference_pair() -> BoxedStrategy<Vec<u8>> {
    let second = prop_oneof![
        3 => dot_path().prop_map(String::into_bytes),
        3 => generated().prop_map(|g| g.text.into_bytes()),
        1 => mutated(),
        1 => base().prop_map(String::into_bytes),
    ];
    (base(), second)
        .prop_map(|(base, second)| [base.into_bytes(), b"\n".to_vec(), second].concat())
        .boxed()
}

/// Two references to compare: unrelated, or the second a case change or a
/// percent-encoding of the first (often equivalent), separated by `\n`.
pub fn comparison_pair() -> BoxedStrategy<Vec<u8>> {
    let related = (generated(), proptest::collection::vec(mutation(), 1..3)).prop_map(|(g, ms)| {
        let mut other = g.text.clone().into_bytes();
        for m in ms
            .iter()
            .filter(|m| matches!(m, Mutation::ChangeCase(..) | Mutation::PercentEncode(..)))
        {
            apply(&mut other, m);
        }
        [g.text.into_bytes(), b"\n".to_vec(), other].concat()
    });
    prop_oneof![
        2 => related,
        1 => reference_pair(),
        1 => (input(), input()).prop_map(|(a, b)| [a, b"\n".to_vec(), b].concat()),
    ]
    .boxed()
}

/// Text for one component given to the builder or a setter: text full of
/// delimiters and `%`, the shapes the rules single out, and any characters.
pub fn component_text() -> BoxedStrategy<String> {
    prop_oneof![
        2 => proptest::string::string_regex("[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;= -]{0,10}").expect("valid"),
        2 => select(&[
            "", "//x", "a:b", "/.//x", "[::1]", "[v1.x]", "[::1", "1.2.3.4", "01.2.3.4", "v7.a:b",
            "8080", "8o", "%", "%41", "http", "a b", "\u{e9}", "..", "./a:b", "/a", "a/b",
        ][..])
        .prop_map(String::from),
        1 => any::<String>().prop_map(|s| s.chars().take(8).collect()),
    ]
    .boxed()
}

/// The components of a generated reference, in the builder's order:
/// scheme, userinfo, host, port, path, query, fragment.
fn slots(g: Generated) -> [Option<String>; 7] {
    [
        g.scheme,
        g.userinfo,
        g.host,
        g.port,
        Some(g.path),
        g.query,
        g.fragment,
    ]
}

/// A path given as segments: each one after a `0xFE`.
fn segments_bytes() -> BoxedStrategy<Vec<u8>> {
    proptest::collection::vec(component_text(), 0..4)
        .prop_map(|segments| {
            segments
                .iter()
                .flat_map(|s| [&[0xFE][..], s.as_bytes()].concat())
                .collect()
        })
        .boxed()
}

/// Components for the builder: a flags byte, a choices byte, then seven
/// components separated by `0xFF` (the path as text or segments), each the
/// component of a generated reference or other text.
pub fn build_input() -> BoxedStrategy<Vec<u8>> {
    (
        any::<u8>(),
        any::<u8>(),
        generated(),
        proptest::collection::vec((any::<bool>(), component_text()), 7),
        segments_bytes(),
    )
        .prop_map(|(flags, choices, g, texts, segments)| {
            let mut data = vec![flags, choices];
            for (i, (slot, (from_generated, text))) in slots(g).into_iter().zip(texts).enumerate() {
                if i > 0 {
                    data.push(0xFF);
                }
                let text = slot.filter(|_| from_generated).unwrap_or(text);
                if i == 4 && choices & 8 != 0 {
                    data.extend_from_slice(&segments);
                } else {
                    data.extend_from_slice(text.as_bytes());
                }
            }
            data
        })
        .boxed()
}

/// A starting reference and up to eight changes, separated by `0xFF`: each
/// change a byte that picks the setter and its argument.
pub fn setters_input() -> BoxedStrategy<Vec<u8>> {
    let argument = prop_oneof![
        4 => component_text().prop_map(String::into_bytes),
        1 => segments_bytes(),
        1 => proptest::collection::vec(any::<u8>(), 0..17),
    ];
    (
        generated(),
        proptest::collection::vec((any::<u8>(), argument), 1..9),
    )
        .prop_map(|(g, ops)| {
            let mut data = g.text.into_bytes();
            for (code, argument) in ops {
                data.push(0xFF);
                data.push(code);
                data.extend_from_slice(&argument);
            }
            data
        })
        .boxed()
}

/// Bytes for the percent codec: escapes valid, cut short or invalid, among
/// delimiters, and any bytes.
pub fn codec_input() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        2 => proptest::string::string_regex("(%[0-9a-fA-FgG]{0,2}|[a-z/?#:@ ~.-]){0,12}")
            .expect("valid")
            .prop_map(String::into_bytes),
        1 => proptest::collection::vec(any::<u8>(), 0..32),
        1 => any::<String>().prop_map(|s| s.chars().take(8).collect::<String>().into_bytes()),
    ]
    .boxed()
}
