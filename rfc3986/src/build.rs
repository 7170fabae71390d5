//! Building a reference from its components, and changing one component of
//! an owned reference in place.
//!
//! The components are those of the reference design's element model:
//! scheme, userinfo, host, port (with "has port" expressed by an empty
//! port), path (as text or as segments, where a first empty segment makes
//! it absolute), query and fragment. [`Builder`] assembles them with one
//! allocation; the `set_*` methods of [`UriRefBuf`] replace one component's
//! bytes in the existing `String` and shift the offsets after it, without
//! parsing the reference again.
//!
//! ```
//! use rfc3986::UriRefBuf;
//!
//! let uri = UriRefBuf::builder()
//!     .scheme("HTTP")
//!     .host("example.com")
//!     .port_number(8080)
//!     .segments(&["", "a/b", "c d"])
//!     .query("q=#1")
//!     .build()?;
//! assert_eq!(uri, "http://example.com:8080/a%2Fb/c%20d?q=%231");
//!
//! let mut uri = uri;
//! uri.set_fragment("top")?;
//! uri.set_port(None)?;
//! assert_eq!(uri, "http://example.com/a%2Fb/c%20d?q=%231#top");
//! # Ok::<(), rfc3986::BuildError>(())
//! ```
//!
//! [`Builder`] documents the rules both follow.

use alloc::string::String;
use core::fmt;
use core::net::IpAddr;
use core::ops::Range;

use crate::chars;
use crate::encoding::{self, CharSet};
use crate::host::{self, HostKind};
use crate::parse::{Meta, MAX_LEN};
use crate::recompose::{self, Recomposer};
use crate::uri_ref::UriRefBuf;

/// A component of a URI-reference, as section 3 names them.
///
/// ```
/// use rfc3986::{BuildErrorKind, Component, UriRefBuf};
/// let err = UriRefBuf::builder().port("8o").host("h").build().unwrap_err();
/// assert_eq!(err.component(), Some(Component::Port));
/// assert_eq!(Component::Port.name(), "port");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// `scheme` (section 3.1).
    Scheme,
    /// `userinfo` (section 3.2.1).
    Userinfo,
    /// `host` (section 3.2.2).
    Host,
    /// `port` (section 3.2.3).
    Port,
    /// `path` (section 3.3).
    Path,
    /// `query` (section 3.4).
    Query,
    /// `fragment` (section 3.5).
    Fragment,
}

impl Component {
    /// The component's name as the RFC writes it: `"scheme"`, `"userinfo"`,
    /// `"host"`, `"port"`, `"path"`, `"query"`, `"fragment"`.
    ///
    /// ```
    /// assert_eq!(rfc3986::Component::Userinfo.name(), "userinfo");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a reference could not be built or changed.
///
/// Each variant lists an example and the offset it fails at, counted in the
/// component's text as given.
///
/// ```
/// use rfc3986::{BuildErrorKind, UriRefBuf};
/// let err = UriRefBuf::builder().scheme("1http").host("h").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::InvalidScheme);
/// let err = UriRefBuf::builder().port("80").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::PortWithoutHost);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// The scheme does not match `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    /// A scheme cannot be percent-encoded, so this is an error. `"a b"`
    /// fails at 1; `"1a"` and `""` at 0.
    InvalidScheme,
    /// A host given as an IP literal (text starting with `[`, or an IPvFuture
    /// literal) that is not a valid one. `"[::1"` fails at 4; `"[::g]"` at 3.
    InvalidHost,
    /// The port has something other than digits (`port = *DIGIT`). `"8o"`
    /// fails at 1.
    InvalidPort,
    /// With an authority, the path must be empty or start with `/` (section
    /// 3.3), or its first segment would be read as part of the host. Host
    /// `h` with path `"a/b"` fails at 0 of the path.
    RelativePathWithAuthority,
    /// A userinfo with no host: the userinfo is part of the authority, which
    /// exists only with a host. Fails at 0 of the userinfo.
    UserinfoWithoutHost,
    /// A port with no host, for the same reason. Fails at 0 of the port.
    PortWithoutHost,
    /// The result would be longer than 4 GiB minus one byte, the most the
    /// offsets of this crate can address.
    TooLong,
}

impl BuildErrorKind {
    /// A short kebab-case name of the kind, stable across releases.
    ///
    /// ```
    /// use rfc3986::BuildErrorKind;
    /// assert_eq!(BuildErrorKind::RelativePathWithAuthority.name(), "relative-path-with-authority");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            BuildErrorKind::InvalidScheme => "invalid-scheme",
            BuildErrorKind::InvalidHost => "invalid-host",
            BuildErrorKind::InvalidPort => "invalid-port",
            BuildErrorKind::RelativePathWithAuthority => "relative-path-with-authority",
            BuildErrorKind::UserinfoWithoutHost => "userinfo-without-host",
            BuildErrorKind::PortWithoutHost => "port-without-host",
            BuildErrorKind::TooLong => "too-long",
        }
    }

    /// The component at fault; `None` for [`TooLong`](Self::TooLong).
    ///
    /// ```
    /// use rfc3986::{BuildErrorKind, Component};
    /// assert_eq!(BuildErrorKind::PortWithoutHost.component(), Some(Component::Port));
    /// ```
    pub const fn component(self) -> Option<Component> {
        Some(match self {
            BuildErrorKind::InvalidScheme => Component::Scheme,
            BuildErrorKind::InvalidHost => Component::Host,
            BuildErrorKind::InvalidPort | BuildErrorKind::PortWithoutHost => Component::Port,
            BuildErrorKind::RelativePathWithAuthority => Component::Path,
            BuildErrorKind::UserinfoWithoutHost => Component::Userinfo,
            BuildErrorKind::TooLong => return None,
        })
    }

    /// What was expected instead, in words.
    ///
    /// ```
    /// use rfc3986::BuildErrorKind;
    /// assert_eq!(BuildErrorKind::InvalidPort.expected(), "only digits");
    /// ```
    pub const fn expected(self) -> &'static str {
        match self {
            BuildErrorKind::InvalidScheme => {
                "a scheme: a letter, then letters, digits, '+', '-' or '.'"
            }
            BuildErrorKind::InvalidHost => {
                "an IP literal: an IPv6 address, or 'v', hex digits, '.', then unreserved, \
                 sub-delims or ':', in brackets"
            }
            BuildErrorKind::InvalidPort => "only digits",
            BuildErrorKind::RelativePathWithAuthority => {
                "an empty path or one starting with '/', since there is an authority"
            }
            BuildErrorKind::UserinfoWithoutHost => {
                "a host, since the userinfo is part of the authority"
            }
            BuildErrorKind::PortWithoutHost => "a host, since the port is part of the authority",
            BuildErrorKind::TooLong => "a result shorter than 4 GiB",
        }
    }
}

impl fmt::Display for BuildErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A reference could not be built, or a component could not be set: which
/// rule, which component, and where in the text given for it.
///
/// ```
/// use rfc3986::{BuildErrorKind, Component, UriRefBuf};
/// let err = UriRefBuf::builder().scheme("ht tp").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::InvalidScheme);
/// assert_eq!(err.component(), Some(Component::Scheme));
/// assert_eq!(err.offset(), 2);
/// assert_eq!(
///     err.to_string(),
///     "invalid scheme at offset 2 of the scheme: expected a scheme: a letter, then letters, digits, '+', '-' or '.'",
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    kind: BuildErrorKind,
    offset: usize,
}

impl BuildError {
    const fn new(kind: BuildErrorKind, offset: usize) -> Self {
        BuildError { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// use rfc3986::{BuildErrorKind, UriRefBuf};
    /// let err = UriRefBuf::builder().userinfo("u").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::UserinfoWithoutHost);
    /// ```
    pub const fn kind(&self) -> BuildErrorKind {
        self.kind
    }

    /// The component at fault; `None` for [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// use rfc3986::{Component, UriRefBuf};
    /// let err = UriRefBuf::builder().host("h").path("a").build().unwrap_err();
    /// assert_eq!(err.component(), Some(Component::Path));
    /// ```
    pub const fn component(&self) -> Option<Component> {
        self.kind.component()
    }

    /// The byte offset in the component's text as given where it stopped
    /// being valid; 0 when the component as a whole is at fault.
    ///
    /// ```
    /// use rfc3986::UriRefBuf;
    /// let err = UriRefBuf::builder().host("[::1").build().unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            BuildErrorKind::InvalidScheme => "invalid scheme",
            BuildErrorKind::InvalidHost => "invalid IP literal",
            BuildErrorKind::InvalidPort => "invalid port",
            BuildErrorKind::RelativePathWithAuthority => "relative path with an authority",
            BuildErrorKind::UserinfoWithoutHost => "userinfo without a host",
            BuildErrorKind::PortWithoutHost => "port without a host",
            BuildErrorKind::TooLong => "result too long",
        };
        match self.kind.component() {
            Some(component) => write!(
                f,
                "{what} at offset {} of the {component}: expected {}",
                self.offset,
                self.kind.expected()
            ),
            None => write!(f, "{what}: expected {}", self.kind.expected()),
        }
    }
}

impl core::error::Error for BuildError {}

/// Text to write for a component.
#[derive(Clone, Copy, Debug)]
enum Piece<'a> {
    /// Written as is: delimiters, and text already valid for its component.
    Verbatim(&'a str),
    /// Written in ASCII lower case: the scheme (section 3.1).
    Lowercase(&'a str),
    /// Percent-encoded with the component's set.
    Encoded(&'a str, CharSet),
}

impl Piece<'_> {
    fn len(&self) -> usize {
        match *self {
            Piece::Verbatim(text) | Piece::Lowercase(text) => text.len(),
            Piece::Encoded(text, set) => encoding::encoded_len(text.as_bytes(), set, false),
        }
    }

    /// Appends the piece to `out`.
    fn write(&self, out: &mut String) {
        match *self {
            Piece::Verbatim(text) => out.push_str(text),
            Piece::Lowercase(text) => {
                out.extend(text.chars().map(|c| c.to_ascii_lowercase()));
            }
            Piece::Encoded(text, set) => encoding::encode_into(out, text.as_bytes(), set, false),
        }
    }
}

/// A few bytes formatted on the stack: an IP address or a port number.
#[derive(Clone, Copy, Debug)]
struct Formatted {
    buf: [u8; 48],
    len: usize,
}

impl Formatted {
    fn new(args: fmt::Arguments<'_>) -> Self {
        let mut out = Formatted {
            buf: [0; 48],
            len: 0,
        };
        // The longest text written here, a bracketed IPv6 address, has 41
        // bytes, so this never fails; if it did, the text would be cut short
        // and the debug check of the result would catch it.
        let _ = fmt::Write::write_fmt(&mut out, args);
        out
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for Formatted {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// A host as given to the builder or a setter.
#[derive(Clone, Copy, Debug)]
enum HostInput<'a> {
    Text(&'a str),
    Ip(IpAddr),
    IpvFuture(&'a str),
}

/// A host ready to write.
enum HostText<'a> {
    Piece(Piece<'a>),
    /// `"[" IPvFuture "]"` from the literal without brackets.
    IpvFuture(&'a str),
    Ip(Formatted),
}

impl<'a> HostInput<'a> {
    /// Checks the host and says how to write it ("Hosts" on `Builder`).
    fn resolve(self) -> Result<HostText<'a>, BuildError> {
        match self {
            HostInput::Text(text) if text.starts_with('[') => {
                ip_literal(text.as_bytes())
                    .map_err(|at| BuildError::new(BuildErrorKind::InvalidHost, at))?;
                Ok(HostText::Piece(Piece::Verbatim(text)))
            }
            // An IPv4address has only digits and dots, which the set keeps.
            HostInput::Text(text) => Ok(HostText::Piece(Piece::Encoded(text, CharSet::REG_NAME))),
            HostInput::Ip(IpAddr::V4(ip)) => Ok(HostText::Ip(Formatted::new(format_args!("{ip}")))),
            HostInput::Ip(IpAddr::V6(ip)) => {
                Ok(HostText::Ip(Formatted::new(format_args!("[{ip}]"))))
            }
            HostInput::IpvFuture(literal) => {
                let bytes = literal.as_bytes();
                if !matches!(bytes.first(), Some(b'v' | b'V')) {
                    return Err(BuildError::new(BuildErrorKind::InvalidHost, 0));
                }
                match host::ipvfuture(bytes, 0) {
                    Ok(end) if end == bytes.len() => Ok(HostText::IpvFuture(literal)),
                    Ok(at) | Err(at) => Err(BuildError::new(BuildErrorKind::InvalidHost, at)),
                }
            }
        }
    }
}

impl HostText<'_> {
    /// The pieces that write the host.
    fn pieces(&self) -> [Piece<'_>; 3] {
        match self {
            HostText::Piece(piece) => [*piece, Piece::Verbatim(""), Piece::Verbatim("")],
            HostText::IpvFuture(literal) => [
                Piece::Verbatim("["),
                Piece::Verbatim(literal),
                Piece::Verbatim("]"),
            ],
            HostText::Ip(text) => [
                Piece::Verbatim(text.as_str()),
                Piece::Verbatim(""),
                Piece::Verbatim(""),
            ],
        }
    }
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` against the whole of
/// `text`, which starts with `[`; the error is the offset where it fails.
fn ip_literal(text: &[u8]) -> Result<(), usize> {
    let end = if matches!(text.get(1), Some(b'v' | b'V')) {
        host::ipvfuture(text, 1)?
    } else {
        host::ipv6(text, 1)?.0
    };
    if text.get(end) != Some(&b']') {
        return Err(end);
    }
    if end + 1 != text.len() {
        return Err(end + 1);
    }
    Ok(())
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn check_scheme(scheme: &str) -> Result<(), BuildError> {
    let bytes = scheme.as_bytes();
    let bad = match bytes.first() {
        Some(&b) if chars::is(b, chars::ALPHA) => {
            bytes.iter().position(|&b| !chars::is(b, chars::SCHEME))
        }
        _ => Some(0),
    };
    match bad {
        Some(at) => Err(BuildError::new(BuildErrorKind::InvalidScheme, at)),
        None => Ok(()),
    }
}

/// A port as given.
#[derive(Clone, Copy, Debug)]
enum PortInput<'a> {
    Digits(&'a str),
    Number(u16),
}

/// A port ready to write.
enum PortText<'a> {
    Digits(&'a str),
    Number(Formatted),
}

impl<'a> PortInput<'a> {
    /// Checks `port = *DIGIT`.
    fn resolve(self) -> Result<PortText<'a>, BuildError> {
        match self {
            PortInput::Digits(digits) => match digits.bytes().position(|b| !b.is_ascii_digit()) {
                Some(at) => Err(BuildError::new(BuildErrorKind::InvalidPort, at)),
                None => Ok(PortText::Digits(digits)),
            },
            PortInput::Number(n) => Ok(PortText::Number(Formatted::new(format_args!("{n}")))),
        }
    }
}

impl PortText<'_> {
    fn as_str(&self) -> &str {
        match self {
            PortText::Digits(digits) => digits,
            PortText::Number(text) => text.as_str(),
        }
    }
}

/// A path as given: text, or segments in the element model.
#[derive(Clone, Copy, Debug)]
enum PathInput<'a> {
    Text(&'a str),
    Segments(&'a [&'a str]),
}

impl Default for PathInput<'_> {
    fn default() -> Self {
        PathInput::Text("")
    }
}

/// Whether a path is allowed after an authority: empty or starting with
/// `/` (`path-abempty`). Encoding keeps `/`, so the text decides.
fn path_text_fits_authority(path: &str) -> bool {
    path.is_empty() || path.starts_with('/')
}

/// The same for segments: none, or a first empty one (an absolute path).
fn segments_fit_authority<S: AsRef<str>>(segments: &[S]) -> bool {
    segments
        .first()
        .is_none_or(|first| first.as_ref().is_empty())
}

/// The written length of a path given as segments.
fn segments_len<S: AsRef<str>>(segments: &[S]) -> usize {
    match segments {
        // The element model writes a lone empty segment as the root.
        [only] if only.as_ref().is_empty() => 1,
        _ => {
            let text: usize = segments
                .iter()
                .map(|s| encoding::encoded_len(s.as_ref().as_bytes(), CharSet::SEGMENT, false))
                .sum();
            text + segments.len().saturating_sub(1)
        }
    }
}

/// Appends a path given as segments: each encoded with `segment = *pchar`
/// (so `/` in one becomes `%2F`), joined by `/`.
fn write_segments<S: AsRef<str>>(out: &mut String, segments: &[S]) {
    if let [only] = segments {
        if only.as_ref().is_empty() {
            out.push('/');
            return;
        }
    }
    for (i, segment) in segments.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        encoding::encode_into(out, segment.as_ref().as_bytes(), CharSet::SEGMENT, false);
    }
}

/// Fails with `TooLong` unless `lengths` add up to at most `MAX_LEN`.
fn check_len(lengths: &[usize]) -> Result<(), BuildError> {
    let total = lengths
        .iter()
        .try_fold(0usize, |sum, &n| sum.checked_add(n));
    match total {
        Some(total) if total <= MAX_LEN => Ok(()),
        _ => Err(BuildError::new(BuildErrorKind::TooLong, 0)),
    }
}

/// Assembles a reference from components, encoding each with its own set.
///
/// Every method takes the component's text as it should read back, not
/// percent-encoded: `%` is data and becomes `%25`. Methods taking
/// `impl Into<Option<..>>` accept `None` to leave the component out, so a
/// builder can be reused with a component cleared. [`build`](Self::build)
/// checks the rules below and allocates once. The `set_*` methods of
/// [`UriRefBuf`] follow the same rules for one component at a time.
///
/// ```
/// use std::net::Ipv6Addr;
/// use rfc3986::{HostKind, UriRefBuf};
///
/// let uri = UriRefBuf::builder()
///     .scheme("ldap")
///     .host_ip(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7))
///     .path("/c=GB")
///     .query("objectClass?one")
///     .build()?;
/// assert_eq!(uri, "ldap://[2001:db8::7]/c=GB?objectClass?one");
/// assert_eq!(uri.host_kind(), Some(HostKind::Ipv6));
///
/// let uri = UriRefBuf::builder().userinfo("me@home").host("example.com").build()?;
/// assert_eq!(uri, "//me%40home@example.com");
/// # Ok::<(), rfc3986::BuildError>(())
/// ```
///
/// # Every value is valid and reads back as given
///
/// A built or changed reference is always a valid URI-reference, and each
/// component reads back as it was given: `userinfo_decoded`,
/// `host_decoded`, `path_decoded`, `query_decoded` and `fragment_decoded`
/// (or each decoded segment) give back the text, and `port` gives back the
/// digits. For that, text a component does not allow is percent-encoded
/// with that component's own [`CharSet`] (a `/` in one segment becomes `%2F`,
/// a `#` in a query `%23`, an `@` in the userinfo `%40`, and `%` itself
/// `%25`); see [`encoding`](crate::encoding). The exceptions are these, and
/// only these:
///
/// | situation | outcome |
/// |---|---|
/// | a scheme not matching `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` | [`BuildErrorKind::InvalidScheme`]: a scheme cannot be percent-encoded |
/// | a scheme with upper-case letters | written in lower case, the canonical form (section 3.1) |
/// | a port with anything but digits | [`BuildErrorKind::InvalidPort`] |
/// | a userinfo or a port but no host | [`BuildErrorKind::UserinfoWithoutHost`], [`BuildErrorKind::PortWithoutHost`] |
/// | an authority and a non-empty path not starting with `/` | [`BuildErrorKind::RelativePathWithAuthority`] (section 3.3); the path is not changed behind your back |
/// | no authority and a path starting with `//` | written with a `/.` prefix, `s:/.//x`, since `s://x` would make `x` a host; the path reads back as `/.//x` |
/// | no scheme, no authority, and a `:` in the first segment | written with a `./` prefix, `./a:b` (section 4.2), since `a:b` would make `a` a scheme; the path reads back as `./a:b` |
/// | segments `["", ""]` | written `/`, which reads back as `[""]`: the element model has no other text for it |
///
/// The two prefixes are dot segments, so the path still means the same once
/// dot segments are removed (section 5.2.4). They are the ones the
/// section 5.3 writer adds in resolution and normalization too: everything
/// this crate produces goes through that one writer or its guard.
///
/// # Hosts
///
/// A host is given as text ([`Builder::host`]), as an address
/// ([`Builder::host_ip`]: `Ipv4Addr`, `Ipv6Addr` or `IpAddr`) or as an
/// IPvFuture literal ([`Builder::host_ipvfuture`]). Text is never silently
/// read as a different host:
///
/// - Text starting with `[` is an IP literal, written as given; it must be a
///   valid `IP-literal` (an IPv6 address or IPvFuture in brackets), or the
///   build fails with [`BuildErrorKind::InvalidHost`]. Encoding it as a
///   registered name instead (`%5B%3A%3A1%5D`) would give a name that means
///   one thing to a parser that decodes the host before classifying it and
///   another to one that does not.
/// - Text matching `IPv4address` (`192.0.2.1`) is written as given and is an
///   IPv4 host, as section 3.2.2's first-match-wins rule makes it for every
///   parser; text that merely resembles one (`01.2.3.4`, `1.2.3`) is a
///   registered name, as the parser reads it.
/// - Any other text is a registered name, percent-encoded with
///   [`CharSet::REG_NAME`] (so `:` becomes `%3A`), and kept in its case.
///
/// Either way the host reads back as the text given: `host()` for an IP
/// literal or IPv4 address, `host_decoded()` for a registered name.
#[derive(Clone, Debug, Default)]
pub struct Builder<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<HostInput<'a>>,
    port: Option<PortInput<'a>>,
    path: PathInput<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Builder<'a> {
    /// A builder with no components: it builds the empty reference.
    ///
    /// ```
    /// assert_eq!(rfc3986::Builder::new().build().unwrap(), "");
    /// ```
    pub fn new() -> Self {
        Builder::default()
    }

    /// Sets the scheme, or leaves it out with `None`. It must match
    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` and is written in lower
    /// case.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().scheme("URN").path("isbn:0451450523").build().unwrap(), "urn:isbn:0451450523");
    /// assert!(Builder::new().scheme("a_b").build().is_err());
    /// ```
    #[must_use]
    pub fn scheme(mut self, scheme: impl Into<Option<&'a str>>) -> Self {
        self.scheme = scheme.into();
        self
    }

    /// Sets the userinfo, or leaves it out with `None`. Encoded with
    /// [`CharSet::USERINFO`]: `:` stays, `@` becomes `%40`. Needs a host.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// let uri = Builder::new().scheme("ftp").userinfo("anon:x@y").host("h").build().unwrap();
    /// assert_eq!(uri, "ftp://anon:x%40y@h");
    /// ```
    #[must_use]
    pub fn userinfo(mut self, userinfo: impl Into<Option<&'a str>>) -> Self {
        self.userinfo = userinfo.into();
        self
    }

    /// Sets the host from text, or leaves the authority out with `None`.
    /// Text starting with `[` must be an IP literal and text matching
    /// `IPv4address` is an IPv4 host, both written as given; other text is
    /// a registered name, encoded with [`CharSet::REG_NAME`]. See
    /// [Hosts](Self#hosts).
    ///
    /// ```
    /// use rfc3986::{Builder, HostKind};
    /// let host = |h| Builder::new().host(h).build().unwrap();
    /// assert_eq!(host("bücher.example"), "//b%C3%BCcher.example");
    /// assert_eq!(host("192.0.2.1").host_kind(), Some(HostKind::Ipv4));
    /// assert_eq!(host("[::1]").host_kind(), Some(HostKind::Ipv6));
    /// assert_eq!(host(""), "//");
    /// assert!(Builder::new().host("[::1").build().is_err());
    /// ```
    #[must_use]
    pub fn host(mut self, host: impl Into<Option<&'a str>>) -> Self {
        self.host = host.into().map(HostInput::Text);
        self
    }

    /// Sets the host to an IP address: `Ipv4Addr`, `Ipv6Addr` (written in
    /// brackets, in the RFC 5952 text form) or `IpAddr`.
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().host_ip(Ipv4Addr::LOCALHOST).build().unwrap(), "//127.0.0.1");
    /// assert_eq!(Builder::new().host_ip(Ipv6Addr::LOCALHOST).build().unwrap(), "//[::1]");
    /// let ip: IpAddr = "2001:DB8::1".parse().unwrap();
    /// assert_eq!(Builder::new().host_ip(ip).build().unwrap(), "//[2001:db8::1]");
    /// ```
    #[must_use]
    pub fn host_ip(mut self, ip: impl Into<IpAddr>) -> Self {
        self.host = Some(HostInput::Ip(ip.into()));
        self
    }

    /// Sets the host to an IPvFuture literal, given without its brackets:
    /// `"v7.example"`. It must match `"v" 1*HEXDIG "." 1*( unreserved /
    /// sub-delims / ":" )` and is written as given, in brackets.
    ///
    /// ```
    /// use rfc3986::{Builder, HostKind};
    /// let uri = Builder::new().host_ipvfuture("v7.a:b").build().unwrap();
    /// assert_eq!(uri, "//[v7.a:b]");
    /// assert_eq!(uri.host_kind(), Some(HostKind::IpvFuture));
    /// assert_eq!(Builder::new().host_ipvfuture("v7.a b").build().unwrap_err().offset(), 4);
    /// ```
    #[must_use]
    pub fn host_ipvfuture(mut self, literal: &'a str) -> Self {
        self.host = Some(HostInput::IpvFuture(literal));
        self
    }

    /// Sets the port's digits as written, or leaves the port out with
    /// `None`. `Some("")` writes the `:` with no digits: the port is present
    /// but empty (the reference design's `HasPort` without a number).
    /// Needs a host.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().host("h").port("").build().unwrap(), "//h:");
    /// assert_eq!(Builder::new().host("h").port("0080").build().unwrap().port_number(), Ok(Some(80)));
    /// assert!(Builder::new().host("h").port("-1").build().is_err());
    /// ```
    #[must_use]
    pub fn port(mut self, digits: impl Into<Option<&'a str>>) -> Self {
        self.port = digits.into().map(PortInput::Digits);
        self
    }

    /// Sets the port to a number, or leaves the port out with `None`.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().host("h").port_number(8080).build().unwrap(), "//h:8080");
    /// ```
    #[must_use]
    pub fn port_number(mut self, port: impl Into<Option<u16>>) -> Self {
        self.port = port.into().map(PortInput::Number);
        self
    }

    /// Sets the path from text; `""` (the default) is the empty path.
    /// Encoded with [`CharSet::PATH`]: `/` stays a separator, `?` and `#`
    /// are encoded.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().path("/a b/c?").build().unwrap(), "/a%20b/c%3F");
    /// // The guards (see the table on `Builder`):
    /// assert_eq!(Builder::new().scheme("s").path("//x").build().unwrap(), "s:/.//x");
    /// assert_eq!(Builder::new().path("a:b").build().unwrap(), "./a:b");
    /// ```
    #[must_use]
    pub fn path(mut self, path: &'a str) -> Self {
        self.path = PathInput::Text(path);
        self
    }

    /// Sets the path from segments in the element model: each is encoded
    /// with [`CharSet::SEGMENT`] (so `/` becomes `%2F`) and they are joined
    /// by `/`; a first empty segment makes the path absolute, and `[""]` is
    /// the root `/`.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// let path = |s| Builder::new().segments(s).build().unwrap().to_string();
    /// assert_eq!(path(&["", "a/b", "c"]), "/a%2Fb/c");
    /// assert_eq!(path(&["a", ""]), "a/");
    /// assert_eq!(path(&[""]), "/");
    /// assert_eq!(path(&[]), "");
    /// ```
    #[must_use]
    pub fn segments(mut self, segments: &'a [&'a str]) -> Self {
        self.path = PathInput::Segments(segments);
        self
    }

    /// Sets the query, or leaves it out with `None`. Encoded with
    /// [`CharSet::QUERY`]: `/` and `?` stay, `#` becomes `%23`.
    ///
    /// ```
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().query("a=1&b=#").build().unwrap(), "?a=1&b=%23");
    /// assert_eq!(Builder::new().query("").build().unwrap(), "?");
    /// ```
    #[must_use]
    pub fn query(mut self, query: impl Into<Option<&'a str>>) -> Self {
        self.query = query.into();
        self
    }

    /// Sets the fragment, or leaves it out with `None`. Encoded with
    /// [`CharSet::FRAGMENT`].
    ///
    /// ```
    /// use rfc3986::Builder;
    /// assert_eq!(Builder::new().fragment("sec 2#b").build().unwrap(), "#sec%202%23b");
    /// ```
    #[must_use]
    pub fn fragment(mut self, fragment: impl Into<Option<&'a str>>) -> Self {
        self.fragment = fragment.into();
        self
    }

    /// Checks the components and writes the reference, allocating once.
    ///
    /// # Errors
    ///
    /// A [`BuildError`]: an invalid scheme, port or IP literal, a userinfo or
    /// port without a host, a path that does not start with `/` after an
    /// authority, or a result longer than 4 GiB.
    ///
    /// ```
    /// use rfc3986::{BuildErrorKind, Builder};
    /// let uri = Builder::new().scheme("foo").host("example.com").port("8042")
    ///     .path("/over/there").query("name=ferret").fragment("nose").build()?;
    /// assert_eq!(uri, "foo://example.com:8042/over/there?name=ferret#nose");
    ///
    /// let err = Builder::new().port_number(80).build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::PortWithoutHost);
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn build(&self) -> Result<UriRefBuf, BuildError> {
        if let Some(scheme) = self.scheme {
            check_scheme(scheme)?;
        }
        let host = self.host.map(HostInput::resolve).transpose()?;
        let port = self.port.map(PortInput::resolve).transpose()?;
        let userinfo = self.userinfo.map(|u| Piece::Encoded(u, CharSet::USERINFO));
        let query = self.query.map(|q| Piece::Encoded(q, CharSet::QUERY));
        let fragment = self.fragment.map(|f| Piece::Encoded(f, CharSet::FRAGMENT));
        if host.is_none() {
            if self.userinfo.is_some() {
                return Err(BuildError::new(BuildErrorKind::UserinfoWithoutHost, 0));
            }
            if port.is_some() {
                return Err(BuildError::new(BuildErrorKind::PortWithoutHost, 0));
            }
        }
        let path_fits = match self.path {
            PathInput::Text(text) => path_text_fits_authority(text),
            PathInput::Segments(segments) => segments_fit_authority(segments),
        };
        if host.is_some() && !path_fits {
            return Err(BuildError::new(
                BuildErrorKind::RelativePathWithAuthority,
                0,
            ));
        }

        // Delimiters, plus two bytes for a guard prefix on the path.
        let optional = |present: bool, n: usize| if present { n } else { 0 };
        let host_pieces = host.as_ref().map(HostText::pieces);
        let host_len = host_pieces.map_or(0, |p| p.iter().map(Piece::len).sum());
        let path_len = match self.path {
            PathInput::Text(text) => Piece::Encoded(text, CharSet::PATH).len(),
            PathInput::Segments(segments) => segments_len(segments),
        };
        let capacity = [
            self.scheme.map_or(0, |s| s.len() + 1),
            optional(host.is_some(), 2 + host_len),
            userinfo.map_or(0, |u| u.len() + 1),
            port.as_ref().map_or(0, |p| p.as_str().len() + 1),
            path_len,
            2,
            query.map_or(0, |q| q.len() + 1),
            fragment.map_or(0, |f| f.len() + 1),
        ];
        check_len(&capacity)?;

        let mut w = Recomposer::with_capacity(capacity.iter().sum());
        if let Some(scheme) = self.scheme {
            Piece::Lowercase(scheme).write(&mut w.buf);
            w.end_scheme();
        }
        if let Some(pieces) = host_pieces {
            w.start_authority();
            if let Some(userinfo) = userinfo {
                userinfo.write(&mut w.buf);
                w.end_userinfo();
            }
            for piece in pieces {
                piece.write(&mut w.buf);
            }
            w.end_host();
            if let Some(port) = &port {
                w.start_port();
                w.buf.push_str(port.as_str());
            }
            w.end_authority();
        }
        w.start_path();
        match self.path {
            PathInput::Text(text) => Piece::Encoded(text, CharSet::PATH).write(&mut w.buf),
            PathInput::Segments(segments) => write_segments(&mut w.buf, segments),
        }
        w.end_path();
        w.query(query, |buf, query| query.write(buf));
        w.fragment(fragment, |buf, fragment| fragment.write(buf));
        Ok(w.finish())
    }
}

/// The lengths of a reference's components as written (without their
/// delimiters), from which the offsets follow. A setter changes one length
/// and recomputes [`Meta`] in constant time: no re-parse.
#[derive(Clone, Copy, Debug)]
struct Layout {
    scheme: Option<usize>,
    authority: Option<Authority>,
    path: usize,
    query: Option<usize>,
    fragment: Option<usize>,
}

#[derive(Clone, Copy, Debug)]
struct Authority {
    userinfo: Option<usize>,
    host: usize,
    kind: HostKind,
    port: Option<usize>,
}

impl Layout {
    fn of(uri: &UriRefBuf) -> Layout {
        Layout {
            scheme: uri.scheme().map(str::len),
            authority: uri.host_kind().map(|kind| Authority {
                userinfo: uri.userinfo().map(str::len),
                host: uri.host().map_or(0, str::len),
                kind,
                port: uri.port().map(str::len),
            }),
            path: uri.path().len(),
            query: uri.query().map(str::len),
            fragment: uri.fragment().map(str::len),
        }
    }

    /// The end of `scheme ":"`, where the authority's `//` or the path starts.
    fn scheme_end(&self) -> usize {
        self.scheme.map_or(0, |n| n + 1)
    }

    /// The end of `//` and `userinfo "@"`: where the host starts.
    fn host_start(&self) -> usize {
        let userinfo = self.authority.and_then(|a| a.userinfo);
        self.scheme_end() + 2 + userinfo.map_or(0, |n| n + 1)
    }

    /// The end of the host: the port's `:`, if any.
    fn host_end(&self) -> usize {
        self.host_start() + self.authority.map_or(0, |a| a.host)
    }

    fn path_start(&self) -> usize {
        match self.authority {
            None => self.scheme_end(),
            Some(a) => self.host_end() + a.port.map_or(0, |n| n + 1),
        }
    }

    fn path_end(&self) -> usize {
        self.path_start() + self.path
    }

    fn query_end(&self) -> usize {
        self.path_end() + self.query.map_or(0, |n| n + 1)
    }

    /// The offsets, as the parser would record them for this text.
    fn meta(&self) -> Meta {
        // Every length came from text of at most MAX_LEN bytes, checked by
        // the setter before writing, so the offsets fit in u32.
        let offset = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let (host_start, host_end) = match self.authority {
            Some(_) => (offset(self.host_start()), offset(self.host_end())),
            None => (0, 0),
        };
        Meta {
            scheme_end: self.scheme.map_or(0, offset),
            host_start,
            host_end,
            host_kind: self.authority.map(|a| a.kind),
            path_start: offset(self.path_start()),
            path_end: offset(self.path_end()),
            query_end: offset(self.query_end()),
        }
    }
}

/// Replaces `text[range]` by the pieces, in place.
fn splice(text: &mut String, range: Range<usize>, pieces: &[Piece<'_>]) {
    let added = pieces.iter().map(Piece::len).sum();
    splice_with(text, range, added, |text| {
        for piece in pieces {
            piece.write(text);
        }
    });
}

/// Replaces `text[range]` by the `added` bytes that `write` appends, in
/// place. The string grows at most once, to its new length plus the two
/// bytes of a guard, and the new text is written straight into it, never
/// built apart and then copied: setting a component holds little more
/// than the result.
fn splice_with(
    text: &mut String,
    range: Range<usize>,
    added: usize,
    write: impl FnOnce(&mut String),
) {
    let at = range.start;
    text.replace_range(range, "");
    let tail = text.len() - at;
    text.reserve_exact(added + 2);
    write(text);
    // The new text went after the tail: rotate it into place. Both are
    // whole UTF-8 text, so the bytes stay UTF-8 and nothing is replaced.
    let mut bytes = core::mem::take(text).into_bytes();
    bytes[at..].rotate_left(tail);
    *text = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
}

/// Adds the section 5.3 writer's guard prefix to the path if the other
/// components now call for one (see [`recompose::path_guard`]).
fn guard_path(text: &mut String, layout: &mut Layout) {
    let start = layout.path_start();
    let path = &text.as_bytes()[start..layout.path_end()];
    let prefix = recompose::path_guard(layout.scheme.is_some(), layout.authority.is_some(), path);
    text.insert_str(start, prefix);
    layout.path += prefix.len();
}

/// Setting components in place: each setter replaces the component's byte
/// range in the one `String` and shifts the offsets after it, with no
/// re-parse, and keeps the [rules of `Builder`](Builder#every-value-is-valid-and-reads-back-as-given)
/// across components: removing the authority or the scheme adds the `/.` or
/// `./` guard where the path needs it, and a change that would break a rule
/// is an error that leaves the reference unchanged. A guard that a later
/// change makes unneeded stays, being the path as it reads.
impl UriRefBuf {
    /// A [`Builder`] with no components.
    ///
    /// ```
    /// let uri = rfc3986::UriRefBuf::builder().scheme("mailto").path("fred@example.com").build().unwrap();
    /// assert_eq!(uri, "mailto:fred@example.com");
    /// ```
    pub fn builder<'a>() -> Builder<'a> {
        Builder::new()
    }

    /// Takes the text out, leaving a valid empty reference behind.
    fn take_text(&mut self) -> String {
        core::mem::replace(self, UriRefBuf::from_parts(String::new(), Meta::default()))
            .into_string()
    }

    /// Puts the edited text back with the offsets of `layout`.
    fn put_text(&mut self, text: String, layout: &Layout) {
        *self = UriRefBuf::from_parts(text, layout.meta());
        debug_assert!(self.check_invariants(), "set {:?}", self.as_str());
    }

    /// Replaces `range` by `pieces`, then adds a guard prefix to the path if
    /// needed; `layout` already has the new lengths. `extra` is the most the
    /// guard can add.
    fn edit(
        &mut self,
        range: Range<usize>,
        pieces: &[Piece<'_>],
        mut layout: Layout,
    ) -> Result<(), BuildError> {
        let added: usize = pieces.iter().map(Piece::len).sum();
        check_len(&[self.as_str().len() - range.len(), added, 2])?;
        let mut text = self.take_text();
        splice(&mut text, range, pieces);
        guard_path(&mut text, &mut layout);
        self.put_text(text, &layout);
        Ok(())
    }

    /// Sets the scheme, or removes it with `None`. It must match
    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` and is written in lower
    /// case. Removing it from `s:a:b` gives `./a:b`, so that `a` is not read
    /// as a scheme.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::InvalidScheme`], or [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("//h/p").unwrap();
    /// uri.set_scheme("HTTPS")?;
    /// assert_eq!(uri, "https://h/p");
    /// let mut uri = rfc3986::UriRefBuf::parse("s:a:b").unwrap();
    /// uri.set_scheme(None)?;
    /// assert_eq!(uri, "./a:b");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_scheme<'s>(&mut self, scheme: impl Into<Option<&'s str>>) -> Result<(), BuildError> {
        let scheme = scheme.into();
        let mut layout = Layout::of(self);
        let range = 0..layout.scheme_end();
        let pieces = match scheme {
            Some(scheme) => {
                check_scheme(scheme)?;
                [Piece::Lowercase(scheme), Piece::Verbatim(":")]
            }
            None => [Piece::Verbatim(""), Piece::Verbatim("")],
        };
        layout.scheme = scheme.map(str::len);
        self.edit(range, &pieces, layout)
    }

    /// Sets the userinfo, or removes it with `None`. Encoded with
    /// [`CharSet::USERINFO`].
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::UserinfoWithoutHost`] when there is no authority,
    /// or [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("ftp://h/f").unwrap();
    /// uri.set_userinfo("anon:a@b")?;
    /// assert_eq!(uri, "ftp://anon:a%40b@h/f");
    /// uri.set_userinfo(None)?;
    /// assert_eq!(uri, "ftp://h/f");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_userinfo<'s>(
        &mut self,
        userinfo: impl Into<Option<&'s str>>,
    ) -> Result<(), BuildError> {
        let userinfo = userinfo.into();
        let old = Layout::of(self);
        let Some(mut authority) = old.authority else {
            return match userinfo {
                Some(_) => Err(BuildError::new(BuildErrorKind::UserinfoWithoutHost, 0)),
                None => Ok(()),
            };
        };
        let range = old.scheme_end() + 2..old.host_start();
        let pieces = match userinfo {
            Some(userinfo) => [
                Piece::Encoded(userinfo, CharSet::USERINFO),
                Piece::Verbatim("@"),
            ],
            None => [Piece::Verbatim(""), Piece::Verbatim("")],
        };
        authority.userinfo = userinfo.map(|_| pieces[0].len());
        let layout = Layout {
            authority: Some(authority),
            ..old
        };
        self.edit(range, &pieces, layout)
    }

    /// Sets the host from text (as [`Builder::host`] does), or removes the
    /// authority with `None`. Adding a host to a reference without an
    /// authority inserts `//` and the host after the scheme.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::InvalidHost`] for text starting with `[` that is not
    /// an IP literal; [`BuildErrorKind::RelativePathWithAuthority`] when
    /// adding a host before a path that does not start with `/`;
    /// [`BuildErrorKind::UserinfoWithoutHost`] or
    /// [`BuildErrorKind::PortWithoutHost`] when removing a host that has
    /// them (see [`clear_authority`](Self::clear_authority));
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("http://a/p").unwrap();
    /// uri.set_host("b.example")?;
    /// assert_eq!(uri, "http://b.example/p");
    /// uri.set_host(None)?;
    /// assert_eq!(uri, "http:/p");
    /// uri.set_host("[::1]")?;
    /// assert_eq!(uri, "http://[::1]/p");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_host<'s>(&mut self, host: impl Into<Option<&'s str>>) -> Result<(), BuildError> {
        match host.into() {
            Some(text) => self.set_host_input(HostInput::Text(text)),
            None => {
                if let Some(authority) = Layout::of(self).authority {
                    if authority.userinfo.is_some() {
                        return Err(BuildError::new(BuildErrorKind::UserinfoWithoutHost, 0));
                    }
                    if authority.port.is_some() {
                        return Err(BuildError::new(BuildErrorKind::PortWithoutHost, 0));
                    }
                }
                self.clear_authority();
                Ok(())
            }
        }
    }

    /// Sets the host to an IP address (as [`Builder::host_ip`] does).
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::RelativePathWithAuthority`] when adding a host
    /// before a path that does not start with `/`, or
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// let mut uri = rfc3986::UriRefBuf::parse("http://example.com:8080/").unwrap();
    /// uri.set_host_ip(Ipv4Addr::new(192, 0, 2, 1))?;
    /// assert_eq!(uri, "http://192.0.2.1:8080/");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_host_ip(&mut self, ip: impl Into<IpAddr>) -> Result<(), BuildError> {
        self.set_host_input(HostInput::Ip(ip.into()))
    }

    /// Sets the host to an IPvFuture literal without brackets (as
    /// [`Builder::host_ipvfuture`] does).
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::InvalidHost`] when the literal is not `IPvFuture`;
    /// [`BuildErrorKind::RelativePathWithAuthority`] when adding a host
    /// before a path that does not start with `/`;
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("s://h").unwrap();
    /// uri.set_host_ipvfuture("v1.x")?;
    /// assert_eq!(uri, "s://[v1.x]");
    /// assert!(uri.set_host_ipvfuture("1.x").is_err());
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_host_ipvfuture(&mut self, literal: &str) -> Result<(), BuildError> {
        self.set_host_input(HostInput::IpvFuture(literal))
    }

    fn set_host_input(&mut self, host: HostInput<'_>) -> Result<(), BuildError> {
        let host = host.resolve()?;
        let [a, b, c] = host.pieces();
        let host_len = [a, b, c].iter().map(Piece::len).sum();
        let old = Layout::of(self);
        match old.authority {
            Some(mut authority) => {
                let range = old.host_start()..old.host_end();
                authority.host = host_len;
                let layout = Layout {
                    authority: Some(authority),
                    ..old
                };
                self.edit_host(range, &[a, b, c], layout)
            }
            None => {
                if !path_text_fits_authority(self.path()) {
                    return Err(BuildError::new(
                        BuildErrorKind::RelativePathWithAuthority,
                        0,
                    ));
                }
                let at = old.scheme_end();
                let layout = Layout {
                    authority: Some(Authority {
                        userinfo: None,
                        host: host_len,
                        // Set from the text written, by `edit_host`.
                        kind: HostKind::RegName,
                        port: None,
                    }),
                    ..old
                };
                self.edit_host(at..at, &[Piece::Verbatim("//"), a, b, c], layout)
            }
        }
    }

    /// [`edit`](Self::edit) for a new host, whose kind follows its text.
    fn edit_host(
        &mut self,
        range: Range<usize>,
        pieces: &[Piece<'_>],
        mut layout: Layout,
    ) -> Result<(), BuildError> {
        let added: usize = pieces.iter().map(Piece::len).sum();
        check_len(&[self.as_str().len() - range.len(), added])?;
        let mut text = self.take_text();
        splice(&mut text, range, pieces);
        let host = layout.host_start()..layout.host_end();
        if let Some(authority) = layout.authority.as_mut() {
            authority.kind = recompose::host_kind(&text.as_bytes()[host]);
        }
        self.put_text(text, &layout);
        Ok(())
    }

    /// Removes the authority: userinfo, host and port. A path starting with
    /// `//` then gets a `/.` prefix, so that it is not read as an authority.
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("s://u@h:1//x").unwrap();
    /// uri.clear_authority();
    /// assert_eq!(uri, "s:/.//x");
    /// assert_eq!(uri.path(), "/.//x");
    /// ```
    pub fn clear_authority(&mut self) {
        let mut layout = Layout::of(self);
        if layout.authority.is_none() {
            return;
        }
        let range = layout.scheme_end()..layout.path_start();
        layout.authority = None;
        let mut text = self.take_text();
        // Removing at least "//" leaves room for the two bytes of a guard.
        splice(&mut text, range, &[]);
        guard_path(&mut text, &mut layout);
        self.put_text(text, &layout);
    }

    /// Sets the port's digits as written (`Some("")` for an empty port), or
    /// removes the port with `None`.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::InvalidPort`] for anything but digits,
    /// [`BuildErrorKind::PortWithoutHost`] when there is no authority, or
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("http://h/").unwrap();
    /// uri.set_port("8080")?;
    /// assert_eq!(uri, "http://h:8080/");
    /// uri.set_port("")?;
    /// assert_eq!(uri, "http://h:/");
    /// uri.set_port(None)?;
    /// assert_eq!(uri, "http://h/");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_port<'s>(&mut self, digits: impl Into<Option<&'s str>>) -> Result<(), BuildError> {
        self.set_port_input(digits.into().map(PortInput::Digits))
    }

    /// Sets the port to a number, or removes it with `None`.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::PortWithoutHost`] when there is no authority, or
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("http://h:80/").unwrap();
    /// uri.set_port_number(8080)?;
    /// assert_eq!(uri.port_number(), Ok(Some(8080)));
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_port_number(&mut self, port: impl Into<Option<u16>>) -> Result<(), BuildError> {
        self.set_port_input(port.into().map(PortInput::Number))
    }

    fn set_port_input(&mut self, port: Option<PortInput<'_>>) -> Result<(), BuildError> {
        let port = port.map(PortInput::resolve).transpose()?;
        let old = Layout::of(self);
        let Some(mut authority) = old.authority else {
            return match port {
                Some(_) => Err(BuildError::new(BuildErrorKind::PortWithoutHost, 0)),
                None => Ok(()),
            };
        };
        let range = old.host_end()..old.path_start();
        authority.port = port.as_ref().map(|p| p.as_str().len());
        let pieces = match &port {
            Some(port) => [Piece::Verbatim(":"), Piece::Verbatim(port.as_str())],
            None => [Piece::Verbatim(""), Piece::Verbatim("")],
        };
        let layout = Layout {
            authority: Some(authority),
            ..old
        };
        self.edit(range, &pieces, layout)
    }

    /// Sets the path from text (as [`Builder::path`] does); `""` empties it.
    /// Without an authority, a path starting with `//` gets a `/.` prefix;
    /// without a scheme too, a first segment with `:` gets a `./` prefix.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::RelativePathWithAuthority`] when there is an
    /// authority and the path is not empty and does not start with `/`, or
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("http://h/a?q").unwrap();
    /// uri.set_path("/b c")?;
    /// assert_eq!(uri, "http://h/b%20c?q");
    /// assert!(uri.set_path("rel").is_err());
    /// let mut uri = rfc3986::UriRefBuf::parse("?q").unwrap();
    /// uri.set_path("a:b")?;
    /// assert_eq!(uri, "./a:b?q");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        let mut layout = Layout::of(self);
        if layout.authority.is_some() && !path_text_fits_authority(path) {
            return Err(BuildError::new(
                BuildErrorKind::RelativePathWithAuthority,
                0,
            ));
        }
        let piece = Piece::Encoded(path, CharSet::PATH);
        let range = layout.path_start()..layout.path_end();
        layout.path = piece.len();
        self.edit(range, &[piece], layout)
    }

    /// Sets the path from segments (as [`Builder::segments`] does).
    ///
    /// # Errors
    ///
    /// As [`set_path`](Self::set_path): with an authority, the first segment
    /// must be empty (an absolute path) unless there are none.
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("http://h/old?q").unwrap();
    /// uri.set_segments(&["", "a/b", "ア"])?;
    /// assert_eq!(uri, "http://h/a%2Fb/%E3%82%A2?q");
    /// assert_eq!(uri.segments().collect::<Vec<_>>(), ["", "a%2Fb", "%E3%82%A2"]);
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_segments<S: AsRef<str>>(&mut self, segments: &[S]) -> Result<(), BuildError> {
        let mut layout = Layout::of(self);
        if layout.authority.is_some() && !segments_fit_authority(segments) {
            return Err(BuildError::new(
                BuildErrorKind::RelativePathWithAuthority,
                0,
            ));
        }
        let len = segments_len(segments);
        check_len(&[self.as_str().len() - layout.path, len, 2])?;
        let range = layout.path_start()..layout.path_end();
        layout.path = len;
        let mut text = self.take_text();
        splice_with(&mut text, range, len, |text| write_segments(text, segments));
        guard_path(&mut text, &mut layout);
        self.put_text(text, &layout);
        Ok(())
    }

    /// Sets the query, or removes it with `None`. Encoded with
    /// [`CharSet::QUERY`].
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("/p#f").unwrap();
    /// uri.set_query("a=1&b=#")?;
    /// assert_eq!(uri, "/p?a=1&b=%23#f");
    /// uri.set_query(None)?;
    /// assert_eq!(uri, "/p#f");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_query<'s>(&mut self, query: impl Into<Option<&'s str>>) -> Result<(), BuildError> {
        let query = query.into();
        let mut layout = Layout::of(self);
        let range = layout.path_end()..layout.query_end();
        let pieces = match query {
            Some(query) => [Piece::Verbatim("?"), Piece::Encoded(query, CharSet::QUERY)],
            None => [Piece::Verbatim(""), Piece::Verbatim("")],
        };
        layout.query = query.map(|_| pieces[1].len());
        self.edit(range, &pieces, layout)
    }

    /// Sets the fragment, or removes it with `None`. Encoded with
    /// [`CharSet::FRAGMENT`].
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::TooLong`].
    ///
    /// ```
    /// let mut uri = rfc3986::UriRefBuf::parse("/p?q").unwrap();
    /// uri.set_fragment("a b")?;
    /// assert_eq!(uri, "/p?q#a%20b");
    /// uri.set_fragment(None)?;
    /// assert_eq!(uri, "/p?q");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn set_fragment<'s>(
        &mut self,
        fragment: impl Into<Option<&'s str>>,
    ) -> Result<(), BuildError> {
        let fragment = fragment.into();
        let mut layout = Layout::of(self);
        let range = layout.query_end()..self.as_str().len();
        let pieces = match fragment {
            Some(fragment) => [
                Piece::Verbatim("#"),
                Piece::Encoded(fragment, CharSet::FRAGMENT),
            ],
            None => [Piece::Verbatim(""), Piece::Verbatim("")],
        };
        layout.fragment = fragment.map(|_| pieces[1].len());
        self.edit(range, &pieces, layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_rebuilds_the_parsed_offsets() {
        for input in [
            "",
            "foo://u@example.com:8042/over/there?name=ferret#nose",
            "//[::1]:?#",
            "s:a:b",
            "./a:b?q#f",
            "file:///etc",
            "//@:",
            "s:/.//x",
        ] {
            let uri = UriRefBuf::parse(input).unwrap();
            let meta = Layout::of(&uri).meta();
            assert_eq!(UriRefBuf::from_parts(String::from(input), meta), uri);
            assert!(
                UriRefBuf::from_parts(String::from(input), meta).check_invariants(),
                "{input}"
            );
        }
    }

    #[test]
    fn ip_literal_offsets() {
        assert_eq!(ip_literal(b"[::1]"), Ok(()));
        assert_eq!(ip_literal(b"[v1.x]"), Ok(()));
        assert_eq!(ip_literal(b"[::1"), Err(4));
        assert_eq!(ip_literal(b"[::1]x"), Err(5));
        assert_eq!(ip_literal(b"[::g]"), Err(3));
        assert_eq!(ip_literal(b"["), Err(1));
        assert_eq!(ip_literal(b"[v1.]"), Err(4));
    }

    #[test]
    fn formatted_fits_the_longest_address() {
        let ip: IpAddr = "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff".parse().unwrap();
        let IpAddr::V6(ip) = ip else { unreachable!() };
        let text = Formatted::new(format_args!("[{ip}]"));
        assert_eq!(text.as_str(), "[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]");
    }
}
