//! The properties of the `rfc3986` crate, each written once as a function of
//! arbitrary bytes that panics when the property does not hold.
//!
//! Two kinds of callers share these functions:
//!
//! - the fuzz targets in `fuzz_targets/`, one per entry point, each a single
//!   call into this file (run them with `fuzz/run-all.sh`);
//! - the stable tests in `rfc3986/tests/`, which include this file as a
//!   module: the proptest properties feed it generated and mutated
//!   references, and `fuzz_replay.rs` feeds it every file of `corpus/` and
//!   `artifacts/`.
//!
//! The properties, for every rule of [`RULES`]:
//!
//! 1. No entry point panics, whatever the bytes.
//! 2. A valid input round-trips exactly: `as_str` and `to_string` are the
//!    input, the components with their delimiters concatenate back to it
//!    (section 5.3), the authority is `[userinfo "@"] host [":" port]`, the
//!    segments joined by `/` are the path, and `check_invariants` holds.
//! 3. Every component holds only the characters its ABNF rule allows, the
//!    path has the form its context requires (section 3.3), and the host kind
//!    and parsed host agree with the host text and with `std::net`.
//! 4. An error's offset is within the input and not past the first byte that
//!    no URI may contain; its kind belongs to the rule that was asked for.
//! 5. The offset is the length of the longest valid prefix: every shorter
//!    prefix parses or fails exactly at its own end, every longer one fails
//!    with the same error, and the prefix itself completes to a valid
//!    reference with one of a few short [`COMPLETIONS`], while one byte more
//!    completes with none of them.
//! 6. `&str` and `&[u8]`, borrowed and owned, and the convenience entry points
//!    (`parse_uri`, `TryFrom`, `FromStr`, ...) all give the same answer.
//! 7. Decoded forms never panic and equal a plain percent-decoder's output.
//! 8. fluent-uri and iri-string read the input the same way (`peers.rs`).
//!
//! The operations that produce references have their properties in their
//! own modules, one function per fuzz target, all checked against the plain
//! transcriptions of the RFC in [`rfc`]:
//!
//! - [`build`]: the `Builder` (`build`) and sequences of `UriRefBuf` setters
//!   (`setters`) never panic, fail exactly when a documented rule says so,
//!   and give references that read back as given;
//! - [`encoding`]: `decode(encode(b)) == b` for every byte string and set,
//!   escapes kept by the pre-encoded mode, decoding errors at their place;
//! - [`resolve`]: resolution by every option agrees with section 5.2;
//! - [`normalize`]: normalization (`normalize`) is section 6 component by
//!   component, idempotent, and never decodes a reserved character;
//!   equivalence (`equivalent`) is reflexive, symmetric, blind to case and
//!   percent-encoding, and agrees with the `Normalized` key's `Eq` and `Hash`;
//! - [`relativize`]: the reference found resolves back to the target.
//!
//! Every value any of them produces passes [`check_produced`]: reparse
//! stability, authority presence included.
//!
//! Inputs that hold two references (a base and a reference, two references
//! to compare) separate them with the first `\n`, which no reference
//! contains; inputs that hold components separate them with `0xFF`, which
//! no UTF-8 text contains, so that a component can hold any character.

use std::hash::{BuildHasher, RandomState};
use std::net::{Ipv4Addr, Ipv6Addr};

use rfc3986::{ErrorKind, Host, HostKind, ParseError, Rule, UriRef, UriRefBuf};

pub mod peers;

/// Reads every accessor of a `UriRef` or a `UriRefBuf` into a [`Components`]
/// (the two types have the same inherent methods and no common trait).
macro_rules! components {
    ($u:expr) => {{
        let u = &$u;
        let parts = decoded_parts;
        Components {
            text: u.as_str(),
            is_relative: u.is_relative(),
            is_absolute_uri: u.is_absolute_uri(),
            scheme: u.scheme(),
            has_authority: u.has_authority(),
            authority: u.authority(),
            userinfo: u.userinfo(),
            host: u.host(),
            host_kind: u.host_kind(),
            host_parsed: u.host_parsed(),
            port: u.port(),
            has_port: u.has_port(),
            port_number: u.port_number(),
            path: u.path(),
            segments: u.segments().collect(),
            query: u.query(),
            fragment: u.fragment(),
            decoded: [
                parts(u.userinfo_decoded()),
                parts(u.host_decoded()),
                parts(Some(u.path_decoded())),
                parts(u.query_decoded()),
                parts(u.fragment_decoded()),
            ],
        }
    }};
}

pub mod build;
pub mod encoding;
pub mod normalize;
pub mod relativize;
pub mod resolve;
pub mod rfc;

/// Every rule an input can be parsed by.
pub const RULES: [Rule; 4] = [
    Rule::UriReference,
    Rule::Uri,
    Rule::AbsoluteUri,
    Rule::RelativeRef,
];

/// A property: panics when it does not hold for the input.
pub type Property = fn(&[u8]);

/// Every fuzz target by name (the file in `fuzz_targets/` and the directory
/// in `corpus/` and `artifacts/`), with the property it runs.
pub const TARGETS: &[(&str, Property)] = &[
    ("parse_bytes", parse_bytes),
    ("parse_str", parse_str),
    ("parse_owned", parse_owned),
    ("prefixes", prefixes),
    ("host_std", host_agrees_with_std),
    ("differential", peers::agrees_with_peers),
    ("builder", build::build),
    ("setters", build::setters),
    ("encoding", encoding::codec),
    ("resolve", resolve::resolve),
    ("normalize", normalize::normalize),
    ("equivalent", normalize::equivalent),
    ("relativize", relativize::relativize),
    ("differential_resolve", peers::resolutions_agree),
    ("differential_normalize", peers::normalizations_agree),
];

/// Runs every property on `data`.
pub fn all(data: &[u8]) {
    for (_, property) in TARGETS {
        property(data);
    }
}

/// `UriRef::parse_bytes` and `parse_bytes_as`, by every rule: properties
/// 1 to 4, 6 (bytes against `&str`) and 7.
pub fn parse_bytes(data: &[u8]) {
    for rule in RULES {
        let result = UriRef::parse_bytes_as(data, rule);
        check_result(data, rule, &result);
        if rule == Rule::UriReference {
            assert_eq!(summary(&UriRef::parse_bytes(data)), summary(&result));
            assert_eq!(summary(&UriRef::try_from(data)), summary(&result));
        }
        match std::str::from_utf8(data) {
            Ok(text) => assert_eq!(
                summary(&UriRef::parse_as(text, rule)),
                summary(&result),
                "&str and &[u8] disagree on {text:?} by {rule:?}"
            ),
            // A valid reference is ASCII, so the parse must have stopped at
            // or before the first byte that is not UTF-8.
            Err(e) => match &result {
                Ok(_) => panic!("non-UTF-8 input {data:?} parsed by {rule:?}"),
                Err(err) => assert!(err.offset() <= e.valid_up_to(), "{data:?} {err:?}"),
            },
        }
    }
}

/// `UriRef::parse` and the other `&str` entry points, by every rule, on the
/// input read as UTF-8 (invalid sequences replaced): properties 1 to 4, 6, 7.
pub fn parse_str(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    for rule in RULES {
        let result = UriRef::parse_as(text, rule);
        check_result(text.as_bytes(), rule, &result);
        let shortcut = match rule {
            Rule::UriReference => {
                assert_eq!(summary(&UriRef::try_from(text)), summary(&result));
                UriRef::parse(text)
            }
            Rule::Uri => UriRef::parse_uri(text),
            Rule::AbsoluteUri => UriRef::parse_absolute_uri(text),
            Rule::RelativeRef => continue,
        };
        assert_eq!(summary(&shortcut), summary(&result), "{text:?} {rule:?}");
    }
}

/// `UriRefBuf` against `UriRef`, by every rule: the same answer, the same
/// components, and equality, ordering and hashing across the two types.
pub fn parse_owned(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let hasher = RandomState::new();
    for rule in RULES {
        let borrowed = UriRef::parse_as(&text, rule);
        let owned = UriRefBuf::parse_as(text.clone(), rule);
        let owned_from_str = UriRefBuf::parse_as(text.as_str(), rule);
        let expected = summary(&borrowed);
        assert_eq!(summary_owned(&owned), expected, "{text:?} {rule:?}");
        assert_eq!(
            summary_owned(&owned_from_str),
            expected,
            "{text:?} {rule:?}"
        );
        if rule == Rule::UriReference {
            assert_eq!(summary_owned(&UriRefBuf::parse(text.as_str())), expected);
            assert_eq!(summary_owned(&UriRefBuf::try_from(text.clone())), expected);
            assert_eq!(summary_owned(&UriRefBuf::try_from(text.as_str())), expected);
            assert_eq!(summary_owned(&text.parse::<UriRefBuf>()), expected);
        }
        let (Ok(borrowed), Ok(owned)) = (borrowed, owned) else {
            continue;
        };
        assert!(owned.check_invariants(), "{text:?}");
        assert_eq!(owned.to_string(), text);
        assert_eq!(components!(owned.as_uri_ref()), components!(borrowed));
        let copied = borrowed.to_owned();
        assert_eq!(components!(copied), components!(borrowed));
        let converted = UriRefBuf::from(borrowed);
        assert_eq!(components!(converted), components!(borrowed));
        // Both directions of the cross-type equality, which are two impls.
        assert!(owned == borrowed, "{text:?}");
        assert!(borrowed == owned, "{text:?}");
        assert!(owned == copied, "{text:?}");
        assert!(owned == *text.as_str() && borrowed == text.as_str());
        assert_eq!(owned.cmp(&copied), std::cmp::Ordering::Equal);
        assert_eq!(hasher.hash_one(&owned), hasher.hash_one(borrowed));
        // The same fields after the type's name.
        let (owned_debug, borrowed_debug) = (format!("{owned:?}"), format!("{borrowed:?}"));
        assert_eq!(
            owned_debug.split_once(" {").map(|d| d.1),
            borrowed_debug.split_once(" {").map(|d| d.1)
        );
        assert_eq!(String::from(owned.clone()), text);
        assert_eq!(owned.into_string(), text);
    }
}

/// Reparse stability, for a value the library produced: its text parses
/// back by `URI-reference` to the very same components (authority presence
/// included), its offsets are the parser's (`check_invariants`), and it
/// passes every check of a valid parse.
#[track_caller]
pub fn check_produced(u: UriRef<'_>) {
    let text = u.as_str();
    assert!(
        u.check_invariants(),
        "{text:?}: offsets differ from a parse"
    );
    let reparsed = UriRef::parse(text).unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
    assert_eq!(components!(reparsed), components!(u), "{text:?}");
    check_valid(text.as_bytes(), Rule::UriReference, &reparsed);
}

/// `data` split at its first `\n` (the second part is empty without one).
pub fn pair(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[]),
    }
}

/// The two references of `data` (see [`pair`]), when both parse.
pub fn two_references(data: &[u8]) -> Option<(UriRef<'_>, UriRef<'_>)> {
    let (a, b) = pair(data);
    Some((UriRef::parse_bytes(a).ok()?, UriRef::parse_bytes(b).ok()?))
}

/// Property 5: the error offset is the length of the longest valid prefix.
///
/// With `k` the offset (or the input's length when it is valid), every
/// prefix of length `j <= k` must parse or fail at `j` (the pass ran to its
/// end and found the input merely incomplete), every prefix of length
/// `j > k` must fail with the same error, and the first `k` bytes must
/// complete to a valid reference by one of [`COMPLETIONS`] while the first
/// `k + 1` complete by none. Long inputs are checked at a sample of prefix
/// lengths, so the cost stays linear.
pub fn prefixes(data: &[u8]) {
    for rule in RULES {
        let result = UriRef::parse_bytes_as(data, rule);
        let stop = match &result {
            Ok(_) => data.len(),
            Err(err) => err.offset(),
        };
        for j in prefix_lengths(data.len(), stop) {
            let prefix = UriRef::parse_bytes_as(&data[..j], rule);
            match (&prefix, &result) {
                (Ok(_), _) if j <= stop => {}
                (Err(err), _) if j <= stop => assert_eq!(
                    err.offset(),
                    j,
                    "prefix {:?} of {data:?} ({rule:?}) should be incomplete, not wrong",
                    &data[..j]
                ),
                (_, Err(err)) => assert_eq!(
                    prefix.as_ref().err(),
                    Some(err),
                    "prefix {:?} of {data:?} ({rule:?}) should fail like the whole",
                    &data[..j]
                ),
                (_, Ok(_)) => unreachable!("j <= stop == len for a valid input"),
            }
        }
        if result.is_err() {
            let prefix = &data[..stop];
            let completes = COMPLETIONS.iter().any(|tail| {
                let mut whole = prefix.to_vec();
                whole.extend_from_slice(tail.as_bytes());
                UriRef::parse_bytes_as(&whole, rule).is_ok()
            });
            assert!(
                completes,
                "{:?}, the valid prefix of {data:?} by {rule:?}, completes by no tail",
                String::from_utf8_lossy(prefix)
            );
            // And it is the longest: with one byte more, no tail helps.
            if let Some(longer) = data.get(..stop + 1) {
                for tail in COMPLETIONS {
                    let mut whole = longer.to_vec();
                    whole.extend_from_slice(tail.as_bytes());
                    assert!(
                        UriRef::parse_bytes_as(&whole, rule).is_err(),
                        "{:?} is valid by {rule:?}, yet {data:?} failed at {stop}",
                        String::from_utf8_lossy(&whole)
                    );
                }
            }
        }
    }
}

/// Short tails that complete every prefix the parser can stop at: a scheme,
/// a percent escape, the `@` that closes a userinfo which looked like a host
/// and port, and the rest of an IPv6 or IPvFuture literal.
pub const COMPLETIONS: &[&str] = &[
    "", ":", "a:", "0", "00", "@", "0@", "00@", "]", ":]", "::]", ":8]", "8]", "2.3.4]", ".3.4]",
    "3.4]", ".4]", "4]", "1.x]", ".x]", "x]",
];

/// The prefix lengths `prefixes` checks: all of them for short inputs;
/// otherwise the ends, the neighbourhood of the stop, and a stride.
fn prefix_lengths(len: usize, stop: usize) -> Vec<usize> {
    if len <= 96 {
        return (0..=len).collect();
    }
    let mut lengths: Vec<usize> = (0..=16).collect();
    lengths.extend(stop.saturating_sub(16)..=(stop + 16).min(len));
    lengths.extend(len - 16..=len);
    lengths.extend((0..len).step_by(len / 32));
    lengths.sort_unstable();
    lengths.dedup();
    lengths
}

/// IPv4 and IPv6 hosts agree with `std::net`: `data` as a host
/// (`//data`) is IPv4 exactly when std parses it as one, and inside brackets
/// (`//[data]`) it is IPv6 exactly when std parses it as one, with the same
/// address. (std's parsers follow RFC 4291 text forms and refuse leading
/// zeros in IPv4 octets, as `dec-octet` does.)
pub fn host_agrees_with_std(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let as_host = format!("//{text}");
    let ours = UriRef::parse(&as_host)
        .ok()
        .filter(|u| u.host() == Some(text));
    match (text.parse::<Ipv4Addr>(), ours.and_then(|u| u.host_parsed())) {
        (Ok(std), ours) => assert_eq!(ours, Some(Host::Ipv4(std)), "{text:?}"),
        (Err(_), Some(Host::Ipv4(ours))) => panic!("{text:?} read as {ours} but std refuses it"),
        (Err(_), _) => {}
    }
    let as_literal = format!("//[{text}]");
    let ours = UriRef::parse(&as_literal).ok();
    match (text.parse::<Ipv6Addr>(), ours.and_then(|u| u.host_parsed())) {
        (Ok(std), ours) => assert_eq!(ours, Some(Host::Ipv6(std)), "{text:?}"),
        (Err(_), Some(Host::Ipv6(ours))) => panic!("{text:?} read as {ours} but std refuses it"),
        (Err(_), _) => {}
    }
}

/// Every accessor's answer, for comparing two values component by component.
#[derive(Debug, PartialEq)]
pub struct Components<'a> {
    pub text: &'a str,
    pub is_relative: bool,
    pub is_absolute_uri: bool,
    pub scheme: Option<&'a str>,
    pub has_authority: bool,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub host_kind: Option<HostKind>,
    pub host_parsed: Option<Host<'a>>,
    pub port: Option<&'a str>,
    pub has_port: bool,
    pub port_number: Result<Option<u16>, rfc3986::PortRangeError>,
    pub path: &'a str,
    pub segments: Vec<&'a str>,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
    /// userinfo, host, path, query and fragment, decoded: the raw text, the
    /// bytes, and the UTF-8 text or its error.
    pub decoded: [Option<DecodedParts<'a>>; 5],
}

/// What a `Decoded` gives.
pub type DecodedParts<'a> = (&'a str, Vec<u8>, Result<String, std::str::Utf8Error>);

/// A parse result reduced to comparable parts.
pub fn summary<'a>(
    result: &'a Result<UriRef<'_>, ParseError>,
) -> Result<Components<'a>, ParseError> {
    match result {
        Ok(u) => Ok(components!(u)),
        Err(e) => Err(*e),
    }
}

/// An owned parse result reduced to comparable parts.
pub fn summary_owned(result: &Result<UriRefBuf, ParseError>) -> Result<Components<'_>, ParseError> {
    match result {
        Ok(u) => Ok(components!(u)),
        Err(e) => Err(*e),
    }
}

/// Checks a parse of `input` by `rule`, valid or not.
pub fn check_result(input: &[u8], rule: Rule, result: &Result<UriRef<'_>, ParseError>) {
    match result {
        Ok(uri) => check_valid(input, rule, uri),
        Err(err) => check_error(input, rule, err),
    }
}

/// Properties 2, 3 and 7 for a valid reference.
pub fn check_valid(input: &[u8], rule: Rule, uri: &UriRef<'_>) {
    let c = components!(uri);
    let text = c.text;
    assert_eq!(text.as_bytes(), input);
    assert_eq!(uri.to_string(), text);
    let _ = format!("{uri:?}");
    assert!(uri.check_invariants(), "{text:?}");

    // Section 5.3 recomposition gives the input back.
    let mut recomposed = String::new();
    if let Some(scheme) = c.scheme {
        recomposed += scheme;
        recomposed += ":";
    }
    if let Some(authority) = c.authority {
        recomposed += "//";
        recomposed += authority;
    }
    recomposed += c.path;
    if let Some(query) = c.query {
        recomposed += "?";
        recomposed += query;
    }
    if let Some(fragment) = c.fragment {
        recomposed += "#";
        recomposed += fragment;
    }
    assert_eq!(recomposed, text);

    // The authority is `[ userinfo "@" ] host [ ":" port ]`.
    assert_eq!(c.has_authority, c.authority.is_some());
    assert_eq!(c.has_authority, c.host.is_some());
    assert_eq!(c.has_authority, c.host_kind.is_some());
    assert_eq!(c.has_authority, c.host_parsed.is_some());
    if let (Some(authority), Some(host)) = (c.authority, c.host) {
        let mut rebuilt = String::new();
        if let Some(userinfo) = c.userinfo {
            rebuilt = format!("{userinfo}@");
        }
        rebuilt += host;
        if let Some(port) = c.port {
            rebuilt = format!("{rebuilt}:{port}");
        }
        assert_eq!(rebuilt, authority);
    } else {
        assert_eq!((c.userinfo, c.port), (None, None), "{text:?}");
    }
    assert_eq!(c.has_port, c.port.is_some());

    // The segments are the path split on "/", in the element model.
    if c.path == "/" {
        assert_eq!(c.segments, [""]);
    } else {
        assert_eq!(c.segments.join("/"), c.path);
    }

    // The rule and the reference's kind.
    assert_eq!(c.is_relative, c.scheme.is_none());
    assert_eq!(
        c.is_absolute_uri,
        c.scheme.is_some() && c.fragment.is_none()
    );
    match rule {
        Rule::UriReference => {}
        Rule::Uri => assert!(c.scheme.is_some()),
        Rule::AbsoluteUri => assert!(c.is_absolute_uri),
        Rule::RelativeRef => assert!(c.is_relative),
    }

    check_component_characters(&c);
    check_host(&c);
    check_port_number(&c);

    let raws = [c.userinfo, c.host, Some(c.path), c.query, c.fragment];
    for (raw, decoded) in raws.iter().zip(&c.decoded) {
        check_decoded(*raw, decoded.as_ref());
    }
}

/// Each component, checked against its ABNF with plain byte tests (an
/// independent reading, not the crate's table).
fn check_component_characters(c: &Components<'_>) {
    let unreserved = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
    let sub_delims = |b: u8| b"!$&'()*+,;=".contains(&b);
    let pchar = |b: u8| unreserved(b) || sub_delims(b) || b == b':' || b == b'@';
    let text = c.text;

    if let Some(scheme) = c.scheme {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        let b = scheme.as_bytes();
        assert!(b[0].is_ascii_alphabetic(), "{text:?}");
        assert!(
            b.iter()
                .all(|&b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)),
            "{text:?}"
        );
    }
    if let Some(userinfo) = c.userinfo {
        // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        assert!(
            encoded_of(userinfo, |b| unreserved(b) || sub_delims(b) || b == b':'),
            "{text:?}"
        );
    }
    if let Some(port) = c.port {
        assert!(port.bytes().all(|b| b.is_ascii_digit()), "{text:?}");
    }
    assert!(encoded_of(c.path, |b| pchar(b) || b == b'/'), "{text:?}");
    for part in [c.query, c.fragment].into_iter().flatten() {
        // query = fragment = *( pchar / "/" / "?" )
        assert!(
            encoded_of(part, |b| pchar(b) || b == b'/' || b == b'?'),
            "{text:?}"
        );
    }

    // Section 3.3: which path forms each context allows.
    if c.has_authority {
        assert!(
            c.path.is_empty() || c.path.starts_with('/'),
            "path-abempty {text:?}"
        );
    } else {
        assert!(!c.path.starts_with("//"), "path-absolute {text:?}");
        if c.scheme.is_none() {
            let first = c.path.split('/').next().unwrap_or("");
            assert!(!first.contains(':'), "path-noscheme {text:?}");
        }
    }
}

/// Whether `s` is `*( allowed / pct-encoded )`.
fn encoded_of(s: &str, allowed: impl Fn(u8) -> bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = |j: usize| b.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
        } else if allowed(b[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// The host kind, the parsed host and the host text agree, and IP hosts agree
/// with `std::net`.
fn check_host(c: &Components<'_>) {
    let (Some(host), Some(kind), Some(parsed)) = (c.host, c.host_kind, c.host_parsed) else {
        return;
    };
    let text = c.text;
    let literal = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    // The `host_kind` names of the CLI contract.
    let name = match kind {
        HostKind::RegName => "reg-name",
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::IpvFuture => "ipvfuture",
    };
    assert_eq!(kind.name(), name);
    match (kind, parsed) {
        (HostKind::RegName, Host::RegName(name)) => {
            assert_eq!(name, host);
            assert!(
                host.parse::<Ipv4Addr>().is_err(),
                "first-match-wins {text:?}"
            );
            let reg_name = |b: u8| {
                b.is_ascii_alphanumeric() || b"-._~".contains(&b) || b"!$&'()*+,;=".contains(&b)
            };
            assert!(encoded_of(host, reg_name), "reg-name {text:?}");
        }
        (HostKind::Ipv4, Host::Ipv4(address)) => {
            assert_eq!(host.parse::<Ipv4Addr>().ok(), Some(address), "{text:?}");
        }
        (HostKind::Ipv6, Host::Ipv6(address)) => {
            let std = literal.and_then(|l| l.parse::<Ipv6Addr>().ok());
            assert_eq!(std, Some(address), "{text:?}");
        }
        (HostKind::IpvFuture, Host::IpvFuture(inner)) => {
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
            assert_eq!(literal, Some(inner), "{text:?}");
            let (version, rest) = inner[1..].split_once('.').expect("IPvFuture has a '.'");
            assert!(inner.starts_with(['v', 'V']), "{text:?}");
            assert!(!version.is_empty() && version.bytes().all(|b| b.is_ascii_hexdigit()));
            assert!(!rest.is_empty() && !rest.contains('%'), "{text:?}");
        }
        (kind, parsed) => panic!("{text:?}: kind {kind:?} but parsed as {parsed:?}"),
    }
}

/// `port_number` is the port's value when it fits in 16 bits, an error when
/// it does not, never a wrapped or truncated number.
fn check_port_number(c: &Components<'_>) {
    let expected = match c.port {
        None | Some("") => Ok(None),
        Some(digits) => {
            let significant = digits.trim_start_matches('0');
            match significant.parse::<u32>() {
                _ if significant.is_empty() => Ok(Some(0)),
                Ok(n) if significant.len() <= 5 && n <= 65535 => Ok(Some(n as u16)),
                _ => Err(rfc3986::PortRangeError),
            }
        }
    };
    assert_eq!(c.port_number, expected, "{:?}", c.text);
}

/// A decoded component equals a plain percent-decoder's output, and its
/// UTF-8 form is there exactly when those bytes are UTF-8.
fn check_decoded(raw: Option<&str>, decoded: Option<&DecodedParts<'_>>) {
    let (Some(raw), Some((as_raw, bytes, utf8))) = (raw, decoded) else {
        assert_eq!(raw.is_some(), decoded.is_some());
        return;
    };
    assert_eq!(raw, *as_raw);
    let expected = percent_decode(raw);
    assert_eq!(*bytes, expected, "{raw:?}");
    match std::str::from_utf8(&expected) {
        Ok(s) => assert_eq!(utf8.as_deref(), Ok(s)),
        Err(e) => assert_eq!(utf8.as_ref().err(), Some(&e)),
    }
}

/// What a `Decoded` gives, for comparing.
pub fn decoded_parts(decoded: Option<rfc3986::Decoded<'_>>) -> Option<DecodedParts<'_>> {
    decoded.map(|d| {
        let utf8 = d.to_utf8().map(std::borrow::Cow::into_owned);
        (d.as_raw(), d.to_bytes().into_owned(), utf8)
    })
}

/// Replaces each `%XX` by its byte; anything else is copied.
pub fn percent_decode(raw: &str) -> Vec<u8> {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let escape = b.get(i + 1..i + 3).and_then(|hex| {
            let hex = std::str::from_utf8(hex).ok()?;
            u8::from_str_radix(hex, 16).ok()
        });
        match (b[i], escape) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

/// Bytes that no URI-reference contains anywhere (section 2: not reserved,
/// not unreserved, not `%`), so no valid prefix extends past one.
pub fn never_allowed(b: u8) -> bool {
    !(b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:/?#[]@%".contains(&b))
}

/// Property 4 for an error.
pub fn check_error(input: &[u8], rule: Rule, err: &ParseError) {
    let offset = err.offset();
    assert!(
        offset <= input.len(),
        "{input:?}: offset {offset} past the end"
    );
    if let Some(bad) = input.iter().position(|&b| never_allowed(b)) {
        assert!(offset <= bad, "{input:?}: offset {offset} past byte {bad}");
    }
    let allowed = match err.kind() {
        ErrorKind::InvalidScheme => matches!(rule, Rule::Uri | Rule::AbsoluteUri),
        ErrorKind::FragmentNotAllowed => rule == Rule::AbsoluteUri,
        ErrorKind::SchemeNotAllowed => rule == Rule::RelativeRef,
        ErrorKind::TooLong => false,
        _ => true,
    };
    assert!(allowed, "{input:?}: {err:?} by {rule:?}");
    let kind = err.kind();
    assert!(!kind.name().is_empty() && !kind.expected().is_empty() && !kind.rule().is_empty());
    assert!(err.to_string().contains(&format!("offset {offset}")));
}
