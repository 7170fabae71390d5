//! Building a reference from components (`Builder`) and changing one
//! component of an owned reference (the `set_*` methods of `UriRefBuf`),
//! with components taken from arbitrary input.
//!
//! Both read the rules from the `Builder` docs: text is percent-encoded with
//! its component's set; a scheme, port or IP literal that is not valid, a
//! userinfo or port without a host, and a relative path after an authority
//! are errors; the scheme is written in lower case; and the path gets the
//! `/.` or `./` guard where it would otherwise read as an authority or a
//! scheme.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use rfc3986::encoding::CharSet;
use rfc3986::{BuildError, BuildErrorKind, Builder, Host, HostKind, UriRef, UriRefBuf};

use super::check_produced;
use super::encoding::plain_encode;
use super::rfc::{is_ipv4, path_guard, Parts};

/// Separates components in the input: no UTF-8 text contains it, so a
/// component can hold any character.
pub const SEPARATOR: u8 = 0xFF;

/// Starts each segment of a path given as segments (see [`path_input`]).
pub const SEGMENT_START: u8 = 0xFE;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A host as the builder and the setters take one.
#[derive(Clone, Debug)]
pub enum HostInput {
    Text(String),
    Ip(IpAddr),
    /// An IPvFuture literal, without brackets.
    IpvFuture(String),
}

#[derive(Clone, Debug)]
pub enum PortInput {
    Digits(String),
    Number(u16),
}

#[derive(Clone, Debug)]
pub enum PathInput {
    Text(String),
    Segments(Vec<String>),
}

/// Components for a `Builder`.
#[derive(Clone, Debug)]
pub struct Given {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<HostInput>,
    pub port: Option<PortInput>,
    pub path: PathInput,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// Start from `UriRefBuf::builder()` rather than `Builder::new()`.
    pub from_uri_ref_buf: bool,
}

impl Given {
    /// Reads `[flags, choices, scheme, userinfo, host, port, path, query,
    /// fragment]`, the components separated by [`SEPARATOR`]. Bits 0 to 5 of
    /// `flags` say whether the scheme, userinfo, host, port, query and
    /// fragment are there, bit 6 which builder to start from; `choices` says
    /// how the host (bits 0 and 1), port (bit 2) and path (bit 3) are given.
    pub fn read(data: &[u8]) -> Given {
        let flags = data.first().copied().unwrap_or(0);
        let choices = data.get(1).copied().unwrap_or(0);
        let mut parts = data.get(2..).unwrap_or(&[]).split(|&b| b == SEPARATOR);
        let [scheme, userinfo, host, port, path, query, fragment] =
            [(); 7].map(|_| parts.next().unwrap_or(&[]));
        let on = |bit: u8| flags & (1 << bit) != 0;
        Given {
            scheme: on(0).then(|| text(scheme)),
            userinfo: on(1).then(|| text(userinfo)),
            host: on(2).then(|| host_input(host, choices)),
            port: on(3).then(|| port_input(port, choices & 4 != 0)),
            path: path_input(path, choices & 8 != 0),
            query: on(4).then(|| text(query)),
            fragment: on(5).then(|| text(fragment)),
            from_uri_ref_buf: on(6),
        }
    }

    /// The builder for these components.
    fn builder<'a>(&'a self, segments: &'a [&'a str]) -> Builder<'a> {
        let b = if self.from_uri_ref_buf {
            UriRefBuf::builder()
        } else {
            Builder::new()
        };
        let b = b
            .scheme(self.scheme.as_deref())
            .userinfo(self.userinfo.as_deref());
        let b = match &self.host {
            None => b.host(None),
            Some(HostInput::Text(t)) => b.host(t.as_str()),
            Some(HostInput::Ip(ip)) => b.host_ip(*ip),
            Some(HostInput::IpvFuture(literal)) => b.host_ipvfuture(literal),
        };
        let b = match &self.port {
            None => b.port_number(None),
            Some(PortInput::Digits(d)) => b.port(d.as_str()),
            Some(PortInput::Number(n)) => b.port_number(*n),
        };
        let b = match &self.path {
            PathInput::Text(p) => b.path(p),
            PathInput::Segments(_) => b.segments(segments),
        };
        b.query(self.query.as_deref())
            .fragment(self.fragment.as_deref())
    }

    /// What the rules make the components, as `Parts` before the path's
    /// guard.
    fn expected(&self) -> Parts {
        let has_host = self.host.is_some();
        Parts {
            scheme: self.scheme.as_deref().map(str::to_ascii_lowercase),
            userinfo: self.userinfo.as_deref().map(userinfo_text),
            host: self.host.as_ref().map(host_text),
            port: self.port.as_ref().map(port_text).filter(|_| has_host),
            path: path_text(&self.path),
            query: self.query.as_deref().map(query_text),
            fragment: self.fragment.as_deref().map(fragment_text),
        }
    }

    /// The errors the rules call for (the builder may report any one).
    fn errors(&self) -> Vec<BuildErrorKind> {
        let mut errors = Vec::new();
        if self.scheme.as_deref().is_some_and(|s| !is_scheme(s)) {
            errors.push(BuildErrorKind::InvalidScheme);
        }
        if self.host.as_ref().is_some_and(|h| !host_is_valid(h)) {
            errors.push(BuildErrorKind::InvalidHost);
        }
        if let Some(PortInput::Digits(d)) = &self.port {
            if !d.bytes().all(|b| b.is_ascii_digit()) {
                errors.push(BuildErrorKind::InvalidPort);
            }
        }
        if self.host.is_none() && self.userinfo.is_some() {
            errors.push(BuildErrorKind::UserinfoWithoutHost);
        }
        if self.host.is_none() && self.port.is_some() {
            errors.push(BuildErrorKind::PortWithoutHost);
        }
        let fits = match &self.path {
            PathInput::Text(p) => p.is_empty() || p.starts_with('/'),
            PathInput::Segments(s) => s.first().is_none_or(String::is_empty),
        };
        if self.host.is_some() && !fits {
            errors.push(BuildErrorKind::RelativePathWithAuthority);
        }
        errors
    }
}

/// A host: text (choice 0 or 3), an IP address (1) or an IPvFuture literal
/// (2). An IP address is the text's when it is one, else made of its bytes.
fn host_input(bytes: &[u8], choices: u8) -> HostInput {
    match choices & 3 {
        1 => HostInput::Ip(ip_address(bytes)),
        2 => HostInput::IpvFuture(text(bytes)),
        _ => HostInput::Text(text(bytes)),
    }
}

fn ip_address(bytes: &[u8]) -> IpAddr {
    if let Ok(ip) = text(bytes).parse() {
        return ip;
    }
    let mut octets = [0u8; 16];
    for (o, b) in octets.iter_mut().zip(bytes) {
        *o = *b;
    }
    if bytes.len() >= 16 {
        IpAddr::V6(Ipv6Addr::from(octets))
    } else {
        IpAddr::V4(Ipv4Addr::new(octets[0], octets[1], octets[2], octets[3]))
    }
}

/// Digits as text, or a number (the text's, else two bytes).
fn port_input(bytes: &[u8], number: bool) -> PortInput {
    if !number {
        return PortInput::Digits(text(bytes));
    }
    let n = text(bytes).parse().unwrap_or_else(|_| {
        u16::from_le_bytes([
            bytes.first().copied().unwrap_or(0),
            bytes.get(1).copied().unwrap_or(0),
        ])
    });
    PortInput::Number(n)
}

/// A path as text, or as segments: each segment follows a [`SEGMENT_START`]
/// (text before the first one is a first segment), so that `""` is no
/// segment and `"\xFE"` one empty segment.
fn path_input(bytes: &[u8], segments: bool) -> PathInput {
    if !segments {
        return PathInput::Text(text(bytes));
    }
    let body = match bytes {
        [] => return PathInput::Segments(Vec::new()),
        [SEGMENT_START, rest @ ..] => rest,
        _ => bytes,
    };
    PathInput::Segments(body.split(|&b| b == SEGMENT_START).map(text).collect())
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
fn is_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
fn is_ipvfuture(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((version, tail)) = rest.split_once('.') else {
        return false;
    };
    let allowed =
        |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b) || b"!$&'()*+,;=:".contains(&b);
    !version.is_empty()
        && version.bytes().all(|b| b.is_ascii_hexdigit())
        && !tail.is_empty()
        && tail.bytes().all(allowed)
}

/// Whether a host is accepted: text starting with `[` must be an
/// `IP-literal` (IPv6 by `std::net`, or IPvFuture), and an IPvFuture literal
/// must be one; other text and addresses always are.
fn host_is_valid(host: &HostInput) -> bool {
    match host {
        HostInput::Text(t) if t.starts_with('[') => {
            let inner = t.strip_prefix('[').and_then(|t| t.strip_suffix(']'));
            inner.is_some_and(|i| i.parse::<Ipv6Addr>().is_ok() || is_ipvfuture(i))
        }
        HostInput::IpvFuture(literal) => is_ipvfuture(literal),
        _ => true,
    }
}

fn userinfo_text(u: &str) -> String {
    plain_encode(u.as_bytes(), CharSet::USERINFO, false)
}

fn query_text(q: &str) -> String {
    plain_encode(q.as_bytes(), CharSet::QUERY, false)
}

fn fragment_text(f: &str) -> String {
    plain_encode(f.as_bytes(), CharSet::FRAGMENT, false)
}

/// The host as written: an IP literal as given, other text encoded as a
/// registered name, an address in its `std::net` text (IPv6 in brackets).
fn host_text(host: &HostInput) -> String {
    match host {
        HostInput::Text(t) if t.starts_with('[') => t.clone(),
        HostInput::Text(t) => plain_encode(t.as_bytes(), CharSet::REG_NAME, false),
        HostInput::Ip(IpAddr::V4(ip)) => ip.to_string(),
        HostInput::Ip(IpAddr::V6(ip)) => format!("[{ip}]"),
        HostInput::IpvFuture(literal) => format!("[{literal}]"),
    }
}

/// The kind of a host written as `text`.
fn host_kind(text: &str) -> HostKind {
    if text.starts_with("[v") || text.starts_with("[V") {
        HostKind::IpvFuture
    } else if text.starts_with('[') {
        HostKind::Ipv6
    } else if is_ipv4(text) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

fn port_text(port: &PortInput) -> String {
    match port {
        PortInput::Digits(d) => d.clone(),
        PortInput::Number(n) => n.to_string(),
    }
}

/// The path as written before its guard: text encoded with `PATH`, or the
/// segments encoded with `SEGMENT` and joined by `/`, `[""]` being `/`.
fn path_text(path: &PathInput) -> String {
    match path {
        PathInput::Text(p) => plain_encode(p.as_bytes(), CharSet::PATH, false),
        PathInput::Segments(s) if s.len() == 1 && s[0].is_empty() => "/".into(),
        PathInput::Segments(s) => s
            .iter()
            .map(|s| plain_encode(s.as_bytes(), CharSet::SEGMENT, false))
            .collect::<Vec<_>>()
            .join("/"),
    }
}

/// Checks that `u` has exactly the `expected` components, its path written
/// with the guard its other components call for, and that each component
/// given as text reads back decoded as that text.
fn check_components(u: UriRef<'_>, expected: &Parts) {
    let mut expected = expected.clone();
    expected.path = expected.written_path();
    assert_eq!(Parts::of(u), expected, "{:?}", u.as_str());
    if let Some(host) = u.host() {
        assert_eq!(u.host_kind(), Some(host_kind(host)), "{:?}", u.as_str());
    }
}

/// The property of the `build` target, on components read by
/// [`Given::read`]: `build` never panics; it fails exactly when a rule says
/// so, with one of the rule's kinds and an offset within the component;
/// otherwise the reference passes [`check_produced`], has the components
/// the rules make of the input, and each reads back as given. Building
/// twice gives the same reference.
pub fn build(data: &[u8]) {
    let given = Given::read(data);
    let segments: Vec<&str> = match &given.path {
        PathInput::Segments(s) => s.iter().map(String::as_str).collect(),
        PathInput::Text(_) => Vec::new(),
    };
    let builder = given.builder(&segments);
    let result = builder.build();
    let errors = given.errors();
    let uri = match result {
        Ok(uri) if errors.is_empty() => uri,
        Err(err) if errors.contains(&err.kind()) => {
            check_error(&err);
            return;
        }
        result => panic!("{given:?}: {result:?}, expected one of {errors:?}"),
    };
    check_produced(uri.as_uri_ref());
    check_components(uri.as_uri_ref(), &given.expected());
    read_back(&uri, &given);
    assert_eq!(builder.build().as_ref(), Ok(&uri));
}

/// The decoded components are the text given.
fn read_back(uri: &UriRefBuf, given: &Given) {
    let bytes = |d: Option<rfc3986::Decoded<'_>>| d.map(|d| d.to_bytes().into_owned());
    let given_bytes = |s: &Option<String>| s.as_ref().map(|s| s.as_bytes().to_vec());
    assert_eq!(bytes(uri.userinfo_decoded()), given_bytes(&given.userinfo));
    assert_eq!(bytes(uri.query_decoded()), given_bytes(&given.query));
    assert_eq!(bytes(uri.fragment_decoded()), given_bytes(&given.fragment));
    match &given.host {
        Some(HostInput::Text(t)) => {
            assert_eq!(bytes(uri.host_decoded()), Some(t.as_bytes().to_vec()));
        }
        Some(HostInput::Ip(ip)) => {
            let expected = match ip {
                IpAddr::V4(ip) => Host::Ipv4(*ip),
                IpAddr::V6(ip) => Host::Ipv6(*ip),
            };
            assert_eq!(uri.host_parsed(), Some(expected));
        }
        Some(HostInput::IpvFuture(literal)) => {
            assert_eq!(uri.host_parsed(), Some(Host::IpvFuture(literal)));
        }
        None => assert!(!uri.has_authority()),
    }
    if let Some(PortInput::Number(n)) = given.port {
        assert_eq!(uri.port_number(), Ok(Some(n)));
    }
    // The path reads back after its guard, if it got one.
    let guard = path_guard(
        uri.scheme().is_some(),
        uri.has_authority(),
        &path_text(&given.path),
    );
    let decoded = uri.path_decoded().to_bytes().into_owned();
    let decoded = &decoded[guard.len()..];
    match &given.path {
        PathInput::Text(p) => assert_eq!(decoded, p.as_bytes()),
        // The element model has one text for `[""]` and `["", ""]`.
        PathInput::Segments(s)
            if s.len() <= 2 && s.iter().all(String::is_empty) && !s.is_empty() =>
        {
            assert_eq!(decoded, b"/");
        }
        PathInput::Segments(s) => {
            let joined: Vec<Vec<u8>> = s.iter().map(|s| s.as_bytes().to_vec()).collect();
            assert_eq!(decoded, joined.join(&b'/'));
        }
    }
}

/// An error names its component and an offset within the text given.
fn check_error(err: &BuildError) {
    assert_eq!(err.component(), err.kind().component());
    assert!(!err.kind().name().is_empty() && !err.kind().expected().is_empty());
    let message = err.to_string();
    assert!(
        message.contains(&format!("offset {}", err.offset())),
        "{message}"
    );
}

/// One change to an owned reference.
#[derive(Clone, Debug)]
pub enum Op {
    Scheme(Option<String>),
    Userinfo(Option<String>),
    Host(Option<String>),
    HostIp(IpAddr),
    HostIpvFuture(String),
    ClearAuthority,
    Port(Option<String>),
    PortNumber(Option<u16>),
    Path(String),
    Segments(Vec<String>),
    Query(Option<String>),
    Fragment(Option<String>),
}

impl Op {
    /// Reads one change: its first byte picks the setter (modulo 12) and,
    /// for setters taking an `Option`, `None` (an odd quotient); the rest is
    /// the argument.
    pub fn read(chunk: &[u8]) -> Op {
        let (code, argument) = match chunk {
            [code, rest @ ..] => (*code, rest),
            [] => (0, chunk),
        };
        let some = (code / 12) % 2 == 0;
        let option = |s: String| some.then_some(s);
        let t = text(argument);
        match code % 12 {
            0 => Op::Scheme(option(t)),
            1 => Op::Userinfo(option(t)),
            2 => Op::Host(option(t)),
            3 => Op::HostIp(ip_address(argument)),
            4 => Op::HostIpvFuture(t),
            5 => Op::ClearAuthority,
            6 => Op::Port(option(t)),
            7 => Op::PortNumber(match port_input(argument, true) {
                PortInput::Number(n) => some.then_some(n),
                PortInput::Digits(_) => unreachable!("asked for a number"),
            }),
            8 => Op::Path(t),
            9 => match path_input(argument, true) {
                PathInput::Segments(s) => Op::Segments(s),
                PathInput::Text(_) => unreachable!("asked for segments"),
            },
            10 => Op::Query(option(t)),
            _ => Op::Fragment(option(t)),
        }
    }

    fn apply(&self, uri: &mut UriRefBuf) -> Result<(), BuildError> {
        match self {
            Op::Scheme(s) => uri.set_scheme(s.as_deref()),
            Op::Userinfo(s) => uri.set_userinfo(s.as_deref()),
            Op::Host(s) => uri.set_host(s.as_deref()),
            Op::HostIp(ip) => uri.set_host_ip(*ip),
            Op::HostIpvFuture(literal) => uri.set_host_ipvfuture(literal),
            Op::ClearAuthority => {
                uri.clear_authority();
                Ok(())
            }
            Op::Port(s) => uri.set_port(s.as_deref()),
            Op::PortNumber(n) => uri.set_port_number(*n),
            Op::Path(p) => uri.set_path(p),
            Op::Segments(s) => uri.set_segments(s),
            Op::Query(s) => uri.set_query(s.as_deref()),
            Op::Fragment(s) => uri.set_fragment(s.as_deref()),
        }
    }

    /// The errors the rules call for when applying this to `uri`.
    fn errors(&self, uri: UriRef<'_>) -> Vec<BuildErrorKind> {
        let has_authority = uri.has_authority();
        let path_fits = uri.path().is_empty() || uri.path().starts_with('/');
        let adds_authority_before_relative_path = !has_authority && !path_fits;
        let mut errors = Vec::new();
        let mut error_if = |condition: bool, kind| {
            if condition {
                errors.push(kind);
            }
        };
        use BuildErrorKind::*;
        match self {
            Op::Scheme(Some(s)) => error_if(!is_scheme(s), InvalidScheme),
            Op::Userinfo(Some(_)) => error_if(!has_authority, UserinfoWithoutHost),
            Op::Host(Some(t)) => {
                error_if(!host_is_valid(&HostInput::Text(t.clone())), InvalidHost);
                error_if(
                    adds_authority_before_relative_path,
                    RelativePathWithAuthority,
                );
            }
            Op::Host(None) => {
                error_if(uri.userinfo().is_some(), UserinfoWithoutHost);
                error_if(uri.port().is_some(), PortWithoutHost);
            }
            Op::HostIp(_) => error_if(
                adds_authority_before_relative_path,
                RelativePathWithAuthority,
            ),
            Op::HostIpvFuture(literal) => {
                error_if(!is_ipvfuture(literal), InvalidHost);
                error_if(
                    adds_authority_before_relative_path,
                    RelativePathWithAuthority,
                );
            }
            Op::Port(Some(d)) => {
                error_if(!d.bytes().all(|b| b.is_ascii_digit()), InvalidPort);
                error_if(!has_authority, PortWithoutHost);
            }
            Op::PortNumber(Some(_)) => error_if(!has_authority, PortWithoutHost),
            Op::Path(p) => error_if(
                has_authority && !(p.is_empty() || p.starts_with('/')),
                RelativePathWithAuthority,
            ),
            Op::Segments(s) => error_if(
                has_authority && s.first().is_some_and(|f| !f.is_empty()),
                RelativePathWithAuthority,
            ),
            _ => {}
        }
        errors
    }

    /// The components after this change to `before` (the path before its
    /// guard): the one set as the rules write it, the others as they were.
    fn expected(&self, before: &Parts) -> Parts {
        let mut p = before.clone();
        let had_authority = before.host.is_some();
        let set_host = |p: &mut Parts, host: String| {
            if !had_authority {
                (p.userinfo, p.port) = (None, None);
            }
            p.host = Some(host);
        };
        match self {
            Op::Scheme(s) => p.scheme = s.as_deref().map(str::to_ascii_lowercase),
            Op::Userinfo(s) => p.userinfo = s.as_deref().map(userinfo_text),
            Op::Host(Some(t)) => set_host(&mut p, host_text(&HostInput::Text(t.clone()))),
            Op::HostIp(ip) => set_host(&mut p, host_text(&HostInput::Ip(*ip))),
            Op::HostIpvFuture(l) => set_host(&mut p, host_text(&HostInput::IpvFuture(l.clone()))),
            Op::Host(None) | Op::ClearAuthority => {
                (p.userinfo, p.host, p.port) = (None, None, None)
            }
            Op::Port(s) => p.port = s.clone(),
            Op::PortNumber(n) => p.port = n.map(|n| n.to_string()),
            Op::Path(t) => p.path = path_text(&PathInput::Text(t.clone())),
            Op::Segments(s) => p.path = path_text(&PathInput::Segments(s.clone())),
            Op::Query(s) => p.query = s.as_deref().map(query_text),
            Op::Fragment(s) => p.fragment = s.as_deref().map(fragment_text),
        }
        p
    }
}

/// At most this many changes are read from one input.
pub const MAX_OPS: usize = 16;

/// The property of the `setters` target: the input's first part (up to the
/// first [`SEPARATOR`]) is parsed as the starting reference (the empty one
/// if it does not parse); each following part is one change ([`Op::read`]).
/// After each change that the rules allow, the reference passes
/// [`check_produced`], the component changed reads back as set, and every
/// other component is as it was (the path may gain its guard); a change the
/// rules refuse fails with one of their kinds and leaves the reference
/// exactly as it was.
pub fn setters(data: &[u8]) {
    let mut chunks = data.split(|&b| b == SEPARATOR);
    let first = text(chunks.next().unwrap_or(&[]));
    let mut uri = UriRefBuf::parse(first.as_str())
        .or_else(|_| UriRefBuf::parse(""))
        .expect("the empty reference is valid");
    for chunk in chunks.take(MAX_OPS) {
        let op = Op::read(chunk);
        let before = uri.clone();
        let errors = op.errors(before.as_uri_ref());
        match (op.apply(&mut uri), errors.is_empty()) {
            (Ok(()), true) => {
                check_produced(uri.as_uri_ref());
                check_components(
                    uri.as_uri_ref(),
                    &op.expected(&Parts::of(before.as_uri_ref())),
                );
            }
            (Err(err), false) if errors.contains(&err.kind()) => {
                check_error(&err);
                assert_eq!(
                    uri.as_str(),
                    before.as_str(),
                    "{op:?} failed but changed it"
                );
                assert_eq!(Parts::of(uri.as_uri_ref()), Parts::of(before.as_uri_ref()));
            }
            (result, _) => {
                panic!("{op:?} on {before:?}: {result:?} (now {uri:?}), expected {errors:?}")
            }
        }
    }
}
