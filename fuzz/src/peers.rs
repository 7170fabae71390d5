//! The same input through this crate, fluent-uri 0.4 and iri-string 0.7,
//! two other strict RFC 3986 parsers: validity by each rule, every component
//! and the parsed IP address must agree, and so must resolution and
//! normalization. Where a peer disagrees the RFC decides, and the
//! difference is listed ([`KNOWN_DIFFERENCES`] for parsing,
//! [`RESOLUTION_DIFFERENCES`] and [`NORMALIZATION_DIFFERENCES`]) with the
//! rule that decides it.

use std::net::IpAddr;

use rfc3986::{HostKind, Rule, UriRef};

/// The property: `data`, read as UTF-8 (the peers take `&str`), reads the
/// same in all three parsers.
pub fn agrees_with_peers(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        agree(text);
    }
}

/// What one parser read: validity, then every component.
#[derive(Debug, PartialEq)]
struct Reading<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    host_kind: Option<HostKind>,
    /// The address of an IPv4 or IPv6 host.
    address: Option<IpAddr>,
}

fn ours(input: &str) -> Option<Reading<'_>> {
    let u = UriRef::parse(input).ok()?;
    Some(Reading {
        scheme: u.scheme(),
        authority: u.authority(),
        userinfo: u.userinfo(),
        host: u.host(),
        port: u.port(),
        path: u.path(),
        query: u.query(),
        fragment: u.fragment(),
        host_kind: u.host_kind(),
        address: match u.host_parsed() {
            Some(rfc3986::Host::Ipv4(a)) => Some(IpAddr::V4(a)),
            Some(rfc3986::Host::Ipv6(a)) => Some(IpAddr::V6(a)),
            _ => None,
        },
    })
}

fn fluent(input: &str) -> Option<Reading<'_>> {
    use fluent_uri::component::Host;
    let u = fluent_uri::UriRef::parse(input).ok()?;
    let authority = u.authority();
    Some(Reading {
        scheme: u.scheme().map(|s| s.as_str()),
        authority: authority.map(|a| a.as_str()),
        userinfo: authority.and_then(|a| a.userinfo()).map(|s| s.as_str()),
        host: authority.map(|a| a.host()),
        port: authority.and_then(|a| a.port()).map(|p| p.as_str()),
        path: u.path().as_str(),
        query: u.query().map(|q| q.as_str()),
        fragment: u.fragment().map(|f| f.as_str()),
        host_kind: authority.map(|a| match a.host_parsed() {
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::IpvFuture { .. } => HostKind::IpvFuture,
            Host::RegName(_) => HostKind::RegName,
        }),
        address: authority.and_then(|a| match a.host_parsed() {
            Host::Ipv4(a) => Some(IpAddr::V4(a)),
            Host::Ipv6(a) => Some(IpAddr::V6(a)),
            _ => None,
        }),
    })
}

fn iri_string(input: &str) -> Option<Reading<'_>> {
    let u = iri_string::types::UriReferenceStr::new(input).ok()?;
    let authority = u.authority_components();
    let host = authority.as_ref().map(|a| a.host());
    Some(Reading {
        scheme: u.scheme_str(),
        authority: u.authority_str(),
        userinfo: authority.as_ref().and_then(|a| a.userinfo()),
        host,
        port: authority.as_ref().and_then(|a| a.port()),
        path: u.path_str(),
        query: u.query_str(),
        fragment: u.fragment().map(|f| f.as_str()),
        // iri-string does not classify hosts; take ours where the rest agrees.
        host_kind: ours(input).and_then(|o| o.host_kind),
        address: ours(input).and_then(|o| o.address),
    })
}

/// The differences in parsing that remain, each with the rule that decides
/// it.
///
/// On validity and components there are none: on every generated, mutated
/// and real input the three parsers agree. Resolution and normalization do
/// differ: see [`RESOLUTION_DIFFERENCES`] and [`NORMALIZATION_DIFFERENCES`].
pub const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

fn known_difference(input: &str) -> Option<&'static str> {
    KNOWN_DIFFERENCES
        .iter()
        .find(|(known, _)| *known == input)
        .map(|(_, rule)| *rule)
}

/// Validity by `URI-reference`, `URI`, `absolute-URI` and `relative-ref`,
/// by each parser (fluent-uri has no type for the last two).
///
/// Error offsets are not compared: fluent-uri reports where the bad escape
/// or IP literal starts (`/%zz` at 1), this crate the length of the longest
/// valid prefix (`/%zz` at 2, since `/%` can still become `/%41`); the
/// `prefixes` property checks this crate's offsets against that definition.
fn validity_by_rule(input: &str) -> [[Option<bool>; 4]; 3] {
    use iri_string::types::{UriAbsoluteStr, UriReferenceStr, UriRelativeStr, UriStr};
    let ours = |rule| Some(UriRef::parse_as(input, rule).is_ok());
    [
        [
            ours(Rule::UriReference),
            ours(Rule::Uri),
            ours(Rule::AbsoluteUri),
            ours(Rule::RelativeRef),
        ],
        [
            Some(fluent_uri::UriRef::parse(input).is_ok()),
            Some(fluent_uri::Uri::parse(input).is_ok()),
            None,
            None,
        ],
        [
            Some(UriReferenceStr::new(input).is_ok()),
            Some(UriStr::new(input).is_ok()),
            Some(UriAbsoluteStr::new(input).is_ok()),
            Some(UriRelativeStr::new(input).is_ok()),
        ],
    ]
}

/// Compares the three parsers on `input`; panics on an unlisted difference.
#[track_caller]
pub fn agree(input: &str) {
    let (a, b, c) = (ours(input), fluent(input), iri_string(input));
    let [ours_by_rule, fluent_by_rule, iri_by_rule] = validity_by_rule(input);
    let same_rules = ours_by_rule[..2] == fluent_by_rule[..2] && ours_by_rule == iri_by_rule;
    if a == b && a == c && same_rules {
        return;
    }
    if known_difference(input).is_some() {
        return;
    }
    panic!(
        "{input:?}\n  rfc3986:    {a:?} {ours_by_rule:?}\n  fluent-uri: {b:?} {fluent_by_rule:?}\n  \
         iri-string: {c:?} {iri_by_rule:?}"
    );
}

// ---- Resolution and normalization.

/// One of the two peers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    FluentUri,
    IriString,
}

/// A way a peer's answer differs from this crate's, with the rule that
/// decides it and the inputs where it can show.
#[derive(Clone, Copy, Debug)]
pub struct Difference {
    pub peer: Peer,
    /// What the peer does.
    pub what: &'static str,
    /// The RFC's rule, which this crate follows.
    pub rule: &'static str,
    /// An input where it shows: a base and a reference for resolution, a
    /// reference and `""` for normalization.
    pub example: [&'static str; 2],
    /// Whether the difference can show on an input (the second reference
    /// is ignored for normalization).
    pub applies: fn(UriRef<'_>, UriRef<'_>) -> bool,
}

/// Whether a segment is `.` or `..` once `%2E` is decoded; with `literal`,
/// only as written.
fn is_dot(segment: &str, literal: bool) -> bool {
    if literal {
        return segment == "." || segment == "..";
    }
    let decoded = segment.replace("%2E", ".").replace("%2e", ".");
    decoded == "." || decoded == ".."
}

/// Whether a path has a segment that is a dot segment (as written, or once
/// decoded).
fn has_dots(path: &str, literal: bool) -> bool {
    path.split('/').any(|s| is_dot(s, literal))
}

/// Whether a path has a segment that is a dot segment only once decoded.
fn has_encoded_dots(path: &str) -> bool {
    path.split('/')
        .any(|s| is_dot(s, false) && !is_dot(s, true))
}

/// Whether resolving `r` merges its path with the base's (section 5.2.2).
fn merges(r: UriRef<'_>) -> bool {
    r.is_relative() && !r.has_authority() && !r.path().is_empty() && !r.path().starts_with('/')
}

/// What the peers do differently when resolving (strictly) a reference
/// against a base. A base's fragment is removed before the two peers see
/// it, so the rows about it explain that step and cannot show otherwise.
pub const RESOLUTION_DIFFERENCES: &[Difference] = &[
    Difference {
        peer: Peer::FluentUri,
        what: "refuses a base with a fragment (BaseWithFragment)",
        rule: "section 5.1: a base URI is stripped of any fragment component prior to its use; 5.2.2 never reads Base.fragment",
        example: ["http://a/b#f", "g"],
        applies: |base, _| base.fragment().is_some(),
    },
    Difference {
        peer: Peer::IriString,
        what: "takes only an absolute URI (no fragment) as a base, by its type",
        rule: "section 5.1: a base URI is stripped of any fragment component prior to its use",
        example: ["http://a/b#f", "g"],
        applies: |base, _| base.fragment().is_some(),
    },
    Difference {
        peer: Peer::FluentUri,
        what: "refuses a relative reference other than \"\" or \"#f\" against a base with no authority and a rootless or empty path (InvalidReferenceAgainstOpaqueBase)",
        rule: "section 5.2.2 and 5.2.3 define the target for every absolute base: `mailto:x` and `y` give `mailto:y`",
        example: ["mailto:x", "y"],
        applies: |base, r| {
            !base.has_authority()
                && !base.path().starts_with('/')
                && r.is_relative()
                && !r.as_str().is_empty()
                && !r.as_str().starts_with('#')
        },
    },
    Difference {
        peer: Peer::FluentUri,
        what: "removes `%2E` and `%2E%2E` segments as dot segments",
        rule: "section 5.2.4 removes the segments `.` and `..` as written; decoding `%2E` is normalization (section 6.2.2.2), which section 5.2.1 leaves to the caller",
        example: ["http://a/b/c/d;p?q", "%2E%2E/g"],
        applies: |base, r| has_encoded_dots(r.path()) || has_encoded_dots(base.path()),
    },
    Difference {
        peer: Peer::IriString,
        what: "removes `%2E` and `%2E%2E` segments as dot segments",
        rule: "section 5.2.4 removes the segments `.` and `..` as written; decoding `%2E` is normalization (section 6.2.2.2), which section 5.2.1 leaves to the caller",
        example: ["http://a/b/c/d;p?q", "%2E%2E/g"],
        applies: |base, r| has_encoded_dots(r.path()) || has_encoded_dots(base.path()),
    },
    Difference {
        peer: Peer::FluentUri,
        what: "keeps the base's last segment when merging if it is `..`",
        rule: "section 5.2.3: merge takes all but the last segment of the base's path, whatever it is",
        example: ["http://a/b/c/..", "g"],
        applies: |base, r| merges(r) && is_dot(base.path().rsplit('/').next().unwrap_or(""), false),
    },
    Difference {
        peer: Peer::FluentUri,
        what: "leaves the dot segments of a reference's rootless path (`h:a/../b` stays)",
        rule: "section 5.2.2: T.path = remove_dot_segments(R.path) whenever R has a scheme, which gives `h:/b`",
        example: ["g:h", "h:a/../b"],
        applies: |_, r| !r.is_relative() && !r.path().starts_with('/') && has_dots(r.path(), false),
    },
    Difference {
        peer: Peer::FluentUri,
        what: "removes the dot segments of the base's path when the reference's path is empty",
        rule: "section 5.2.2: for an empty reference path, T.path = Base.path, as it is",
        example: ["http://a/b/c/..", "?q"],
        applies: |base, r| {
            r.is_relative() && !r.has_authority() && r.path().is_empty() && has_dots(base.path(), false)
        },
    },
];

/// What the peers do differently when normalizing. fluent-uri is compared
/// with this crate's RFC 5952 option (it always writes IPv6 so) and with
/// this crate's table of default ports; iri-string, which normalizes only
/// URIs, with the default options.
pub const NORMALIZATION_DIFFERENCES: &[Difference] = &[
    Difference {
        peer: Peer::FluentUri,
        what: "keeps the dot segments of a relative reference's absolute path",
        rule: "this crate's choice where section 6 is silent (section 5.2.1 normalizes after resolving): resolution against any base removes them alike",
        example: ["/a/../b", ""],
        applies: |u, _| u.is_relative() && u.path().starts_with('/') && has_dots(u.path(), false),
    },
    Difference {
        peer: Peer::FluentUri,
        what: "keeps the dot segments of a URI's rootless path",
        rule: "section 6.2.2.3 applies remove_dot_segments to the path, which section 5.2.4 defines for any path: `foo:a/./b` gives `foo:a/b`",
        example: ["foo:a/./b", ""],
        applies: |u, _| !u.is_relative() && !u.path().starts_with('/') && has_dots(u.path(), false),
    },
    Difference {
        peer: Peer::FluentUri,
        what: "keeps an empty path after an authority for http and the like",
        rule: "section 6.2.3: `http://example.com` and `http://example.com/` are equivalent and the normal form has the `/`",
        example: ["http://a", ""],
        applies: gets_root,
    },
    Difference {
        peer: Peer::IriString,
        what: "keeps an empty path after an authority for http and the like",
        rule: "section 6.2.3: `http://example.com` and `http://example.com/` are equivalent and the normal form has the `/`",
        example: ["http://a", ""],
        applies: gets_root,
    },
    Difference {
        peer: Peer::IriString,
        what: "keeps a port equal to the scheme's default",
        rule: "section 6.2.3: the default port is omitted (`http://a:80/` gives `http://a/`)",
        example: ["http://a:80/", ""],
        applies: |u, _| {
            let default = u.scheme().and_then(rfc3986::default_port);
            let value = u.port().filter(|p| !p.is_empty()).and_then(|p| {
                let significant = p.trim_start_matches('0');
                match significant.len() {
                    0 => Some(0),
                    1..=5 => significant.parse::<u32>().ok(),
                    _ => None,
                }
            });
            default.is_some() && value == default.map(u32::from)
        },
    },
    Difference {
        peer: Peer::IriString,
        what: "does not lower-case a registered name that holds a percent-encoded non-ASCII byte",
        rule: "section 6.2.2.1: the host is case-insensitive and normalized to lower case",
        example: ["http://A%C3%A9/", ""],
        applies: |u, _| {
            let host = u.host().unwrap_or("");
            super::rfc::tokens(host)
                .iter()
                .any(|&(byte, escaped)| escaped && byte >= 0x80)
        },
    },
];

/// Whether normalization gives `u`'s empty path after an authority `/`.
fn gets_root(u: UriRef<'_>, _: UriRef<'_>) -> bool {
    let scheme = u.scheme().map(str::to_ascii_lowercase);
    u.has_authority()
        && u.path().is_empty()
        && scheme.is_some_and(|s| super::rfc::EMPTY_PATH_IS_ROOT.contains(&s.as_str()))
}

/// A peer's answer: its text, or why there is none.
pub type Answer = Result<String, String>;

/// Strict resolution by fluent-uri.
pub fn fluent_resolve(base: &str, reference: &str) -> Answer {
    let base = fluent_uri::Uri::parse(base).map_err(|e| format!("base: {e}"))?;
    let reference = fluent_uri::UriRef::parse(reference).map_err(|e| format!("reference: {e}"))?;
    reference
        .resolve_against(&base)
        .map(|t| t.to_string())
        .map_err(|e| format!("{e:?}"))
}

/// Resolution by iri-string (strict only), written with its default
/// serialization (which adds `/.` where a path would start with `//`).
pub fn iri_string_resolve(base: &str, reference: &str) -> Answer {
    use iri_string::format::ToDedicatedString;
    use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
    let base = UriAbsoluteStr::new(base).map_err(|e| format!("base: {e}"))?;
    let reference = UriReferenceStr::new(reference).map_err(|e| format!("reference: {e}"))?;
    Ok(reference
        .resolve_against(base)
        .to_dedicated_string()
        .to_string())
}

/// Normalization by fluent-uri, with this crate's default ports.
pub fn fluent_normalize(input: &str) -> Answer {
    let uri = fluent_uri::UriRef::parse(input).map_err(|e| e.to_string())?;
    fluent_uri::normalize::Normalizer::new()
        .default_port_with(|scheme| rfc3986::default_port(scheme.as_str()))
        .normalize(&uri)
        .map(|n| n.to_string())
        .map_err(|e| format!("{e:?}"))
}

/// Normalization by iri-string, of a URI.
pub fn iri_string_normalize(input: &str) -> Answer {
    use iri_string::format::ToDedicatedString;
    let uri = iri_string::types::UriStr::new(input).map_err(|e| e.to_string())?;
    Ok(uri.normalize().to_dedicated_string().to_string())
}

/// The differences of `table` for `peer` that apply to the input.
pub fn differences(
    table: &'static [Difference],
    peer: Peer,
    a: UriRef<'_>,
    b: UriRef<'_>,
) -> Vec<&'static Difference> {
    table
        .iter()
        .filter(|d| d.peer == peer && (d.applies)(a, b))
        .collect()
}

/// Panics when `theirs` differs from `ours` on an input where no listed
/// difference applies; tells whether the two agreed.
#[track_caller]
fn judge(
    table: &'static [Difference],
    peer: Peer,
    a: UriRef<'_>,
    b: UriRef<'_>,
    ours: &str,
    theirs: &Answer,
) -> bool {
    if theirs.as_deref() == Ok(ours) {
        return true;
    }
    if differences(table, peer, a, b).is_empty() {
        panic!(
            "{peer:?} differs on {:?} {:?}: ours {ours:?}, theirs {theirs:?}",
            a.as_str(),
            b.as_str()
        );
    }
    false
}

/// How many comparisons agreed and how many were explained by a listed
/// difference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub agreed: usize,
    pub explained: usize,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.agreed += other.agreed;
        self.explained += other.explained;
    }
}

impl Tally {
    fn add(&mut self, agreed: bool) {
        if agreed {
            self.agreed += 1;
        } else {
            self.explained += 1;
        }
    }
}

/// The property of the `differential_resolve` target: a base and a
/// reference (separated by `\n`) resolve, strictly, to the same text in
/// all three libraries, but for [`RESOLUTION_DIFFERENCES`]. A base with a
/// fragment is compared twice: as given, where the peers refuse it, and
/// stripped of it, as section 5.1 says.
pub fn resolutions_agree(data: &[u8]) {
    if let Some((base, reference)) = super::two_references(data) {
        resolution_tally(base, reference);
    }
}

/// [`resolutions_agree`] on two references, counting.
#[track_caller]
pub fn resolution_tally(base: UriRef<'_>, reference: UriRef<'_>) -> Tally {
    let mut tally = Tally::default();
    let Ok(target) = rfc3986::resolve(base, reference) else {
        return tally;
    };
    let ours = target.as_str();
    let table = RESOLUTION_DIFFERENCES;
    let (b, r) = (base.as_str(), reference.as_str());
    let stripped = b.split_once('#').map_or(b, |(before, _)| before);
    let stripped_base = UriRef::parse(stripped).expect("a prefix before '#' is valid");
    let mut compare = |base: UriRef<'_>| {
        let text = base.as_str();
        let fluent = fluent_resolve(text, r);
        tally.add(judge(
            table,
            Peer::FluentUri,
            base,
            reference,
            ours,
            &fluent,
        ));
        let iri = iri_string_resolve(text, r);
        tally.add(judge(table, Peer::IriString, base, reference, ours, &iri));
    };
    compare(base);
    if stripped.len() < b.len() {
        compare(stripped_base);
    }
    tally
}

/// The property of the `differential_normalize` target: the input
/// normalizes to the same text in all three libraries, but for
/// [`NORMALIZATION_DIFFERENCES`].
pub fn normalizations_agree(data: &[u8]) {
    if let Ok(u) = UriRef::parse_bytes(data) {
        normalization_tally(u);
    }
}

/// [`normalizations_agree`] on one reference, counting.
#[track_caller]
pub fn normalization_tally(u: UriRef<'_>) -> Tally {
    let mut tally = Tally::default();
    let table = NORMALIZATION_DIFFERENCES;
    let text = u.as_str();
    let canonical = rfc3986::Normalizer::new().ipv6_canonical().normalize(u);
    let fluent = fluent_normalize(text);
    tally.add(judge(
        table,
        Peer::FluentUri,
        u,
        u,
        canonical.as_str(),
        &fluent,
    ));
    if !u.is_relative() {
        let normal = rfc3986::normalize(u);
        let iri = iri_string_normalize(text);
        tally.add(judge(table, Peer::IriString, u, u, normal.as_str(), &iri));
    }
    tally
}
