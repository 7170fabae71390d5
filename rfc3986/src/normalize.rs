//! Normalization and comparison (section 6): the normal form of a
//! reference, and whether two references are equivalent.
//!
//! ```
//! use rfc3986::{equivalent, normalize, UriRef};
//! let uri = UriRef::parse("HTTP://User@Example.COM:80/a/./b/../%7e%63?%3d#%2F")?;
//! assert_eq!(normalize(uri), "http://User@example.com/a/~c?%3D#%2F");
//! assert!(equivalent(uri, UriRef::parse("http://User@example.com/a/~c?%3D#%2F")?));
//! # Ok::<(), rfc3986::ParseError>(())
//! ```
//!
//! # What normalization does
//!
//! Syntax-based (section 6.2.2), for every reference:
//!
//! - the scheme and the host are lower-cased (registered names and IP
//!   literals alike, section 6.2.2.1), but in a host's `%XX` the hex digits
//!   are upper-cased like everywhere else;
//! - in every component, each `%XX` gets upper-case hex digits, and one that
//!   stands for an unreserved character is decoded (section 6.2.2.2);
//!   nothing else is decoded, so `%2F`, `%3D` and `%25` stay as they are;
//! - dot segments are removed (section 6.2.2.3) **after** decoding, so
//!   `%2E%2E` counts as `..` here, unlike in resolution, which only knows
//!   the literal `.` and `..` (see [`resolve`](crate::resolve())).
//!
//! Scheme-based (section 6.2.3), for the schemes of [`default_port`]:
//!
//! - a port equal to the scheme's default is removed with its `:`, whatever
//!   its leading zeros (`http://h:080` gives `http://h`); other ports are
//!   kept as written;
//! - a URI with an authority and an empty path gets the path `/` for the
//!   schemes whose specifications make the two equal (http, https, ws, wss,
//!   ftp, coap, coaps);
//! - an empty query or fragment is kept: `http://example.com/?` and
//!   `http://example.com/` stay different, as section 6.2.3 requires.
//!
//! An empty port (`http://h:/`) is removed for every scheme: section 3.2.3
//! asks normalizers to omit it whatever the scheme.
//!
//! Optionally ([`Normalizer::ipv6_canonical`]), an IPv6 address is rewritten
//! in the canonical text of RFC 5952 (`[2001:DB8:0:0::1]` gives
//! `[2001:db8::1]`).
//!
//! # Edge cases
//!
//! - **Relative references.** Section 5.2.1 says a reference is resolved
//!   before it is normalized. A relative reference given alone is still
//!   normalized for case and percent-encoding, and its dot segments are
//!   removed when its path starts with `/` (resolution would remove them
//!   the same way whatever the base). A relative-path reference (`a/../b`,
//!   `../x`) keeps its dot segments: what they mean depends on the base.
//! - **A path that would read as an authority.** Removing dot segments from
//!   `foo:/.//x` leaves `//x`, which without an authority cannot be written
//!   as is (`foo://x` has the host `x`). It is written `foo:/.//x`, the same
//!   text, so the result reparses to the same components and normalizing is
//!   idempotent.
//! - **A registered name that becomes an IPv4 address** (`%31.2.3.4` gives
//!   `1.2.3.4`) is one in the result: its host kind is worked out from the
//!   text written.
//!
//! # Guarantees
//!
//! The output is always a valid reference, normalizing it again changes
//! nothing, and a reference that is already normal is returned as it is,
//! borrowed, without allocating. Otherwise the result is written in one
//! allocation, with its offsets recorded as it is written.
//!
//! # Comparison
//!
//! `Eq`, `Ord` and `Hash` of [`UriRef`] and [`UriRefBuf`] compare the exact
//! text: `HTTP://a` and `http://a` are different keys. [`equivalent`] and
//! [`Normalizer::equivalent`] compare by meaning (section 6.1): two references
//! are equivalent exactly when their normal forms are the same text. They
//! compare component by component, normalizing on the fly, and build strings
//! only for paths that have dot segments to remove. To key a map by
//! equivalence, use the [`Normalized`] form as the key: its `Eq` and `Hash`
//! are those of its text, so they agree with [`equivalent`].

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt::{self, Write};
use core::hash::{Hash, Hasher};
use core::net::Ipv6Addr;

use crate::chars::{self, hex_value};
use crate::host::{Host, HostKind};
use crate::recompose::Recomposer;
use crate::resolve::{has_dot_segment, remove_dot_segments, split_path, Dot};
use crate::uri_ref::{UriRef, UriRefBuf};

/// What normalization knows of a scheme (section 6.2.3).
struct KnownScheme {
    /// The name's bytes in the low end of a `u64`, zero-filled: the lookup
    /// compares whole words.
    key: u64,
    default_port: u16,
    /// Whether an empty path with an authority means the same as "/".
    empty_path_is_root: bool,
}

const fn known(name: &'static str, default_port: u16, empty_path_is_root: bool) -> KnownScheme {
    let mut key = [0u8; 8];
    let mut i = 0;
    while i < name.len() {
        key[i] = name.as_bytes()[i];
        i += 1;
    }
    KnownScheme {
        key: u64::from_le_bytes(key),
        default_port,
        empty_path_is_root,
    }
}

/// The schemes of scheme-based normalization: their default ports (IANA
/// registrations), and whether their specification makes an empty path
/// the same as "/" (RFC 9110 4.2.3 for http and https, RFC 6455 3 for ws
/// and wss, RFC 1738 3.2 for ftp, RFC 7252 6.3 for coap and coaps).
const KNOWN_SCHEMES: &[KnownScheme] = &[
    known("http", 80, true),
    known("https", 443, true),
    known("ws", 80, true),
    known("wss", 443, true),
    known("ftp", 21, true),
    known("coap", 5683, true),
    known("coaps", 5684, true),
    known("gopher", 70, false),
    known("telnet", 23, false),
    known("ssh", 22, false),
    known("sftp", 22, false),
    known("ldap", 389, false),
    known("ldaps", 636, false),
    known("nntp", 119, false),
    known("imap", 143, false),
    known("pop", 110, false),
    known("rtsp", 554, false),
    known("git", 9418, false),
];

/// The scheme's entry, found by its lower-cased name as one word.
fn known_scheme(scheme: Option<&str>) -> Option<&'static KnownScheme> {
    let scheme = scheme?.as_bytes();
    // Every known name fits in a word with a zero byte to spare.
    if scheme.len() >= 8 {
        return None;
    }
    let mut key = [0u8; 8];
    for (k, b) in key.iter_mut().zip(scheme) {
        *k = b.to_ascii_lowercase();
    }
    let key = u64::from_le_bytes(key);
    KNOWN_SCHEMES.iter().find(|known| known.key == key)
}

/// The default port of a scheme that normalization knows, compared without
/// case: http 80, https 443, ws 80, wss 443, ftp 21, coap 5683, coaps 5684,
/// gopher 70, telnet 23, ssh 22, sftp 22, ldap 389, ldaps 636, nntp 119,
/// imap 143, pop 110, rtsp 554, git 9418.
///
/// ```
/// assert_eq!(rfc3986::default_port("HTTPS"), Some(443));
/// assert_eq!(rfc3986::default_port("foo"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    known_scheme(Some(scheme)).map(|known| known.default_port)
}

/// Normalizes a reference with the default options (see the module docs).
///
/// ```
/// use rfc3986::{normalize, UriRef};
/// let n = normalize(UriRef::parse("HTTP://EXAMPLE.com:80")?);
/// assert_eq!(n, "http://example.com/");
/// let n = normalize(UriRef::parse("http://example.com/")?);
/// assert!(n.is_unchanged()); // borrowed, nothing allocated
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
pub fn normalize(uri: UriRef<'_>) -> Normalized<'_> {
    Normalizer::new().normalize(uri)
}

/// Whether two references are equivalent (section 6.1): whether their normal
/// forms, with the default options, are the same text.
///
/// ```
/// use rfc3986::{equivalent, UriRef};
/// let p = |s| UriRef::parse(s).unwrap();
/// assert!(equivalent(p("HTTP://a:80/%7Euser"), p("http://A/~user")));
/// assert!(!equivalent(p("http://a/?"), p("http://a/")));
/// assert!(!equivalent(p("http://a/%2F"), p("http://a//")));
/// ```
pub fn equivalent(a: UriRef<'_>, b: UriRef<'_>) -> bool {
    Normalizer::new().equivalent(a, b)
}

/// The normalization options: the default is syntax- and scheme-based
/// normalization; [`ipv6_canonical`](Self::ipv6_canonical) adds RFC 5952.
///
/// ```
/// use rfc3986::{Normalizer, UriRef};
/// let uri = UriRef::parse("http://[2001:DB8:0:0:0:0:0:1]/")?;
/// assert_eq!(Normalizer::new().normalize(uri), "http://[2001:db8:0:0:0:0:0:1]/");
/// assert_eq!(Normalizer::new().ipv6_canonical().normalize(uri), "http://[2001:db8::1]/");
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Normalizer {
    ipv6_canonical: bool,
}

impl Normalizer {
    /// Syntax-based and scheme-based normalization (section 6.2.2 and 6.2.3).
    ///
    /// ```
    /// assert_eq!(rfc3986::Normalizer::new(), rfc3986::Normalizer::default());
    /// ```
    pub const fn new() -> Self {
        Normalizer {
            ipv6_canonical: false,
        }
    }

    /// Also writes IPv6 addresses in the canonical text of RFC 5952: lower
    /// case, no leading zeros, the longest run of two or more zero pieces
    /// (the first of equal runs) as `::`, and an IPv4-mapped address as
    /// `::ffff:` and dotted decimal.
    ///
    /// ```
    /// use rfc3986::{Normalizer, UriRef};
    /// let n = Normalizer::new().ipv6_canonical();
    /// let p = |s| UriRef::parse(s).unwrap();
    /// assert_eq!(n.normalize(p("//[0:0:0:0:0:FFFF:C000:0201]")), "//[::ffff:192.0.2.1]");
    /// assert_eq!(n.normalize(p("//[1:0:0:2:0:0:0:3]")), "//[1:0:0:2::3]");
    /// assert!(n.equivalent(p("//[::1]"), p("//[0::0:1]")));
    /// ```
    #[must_use]
    pub const fn ipv6_canonical(mut self) -> Self {
        self.ipv6_canonical = true;
        self
    }

    /// The normal form of `uri`: `uri` itself when it is already normal,
    /// else the normal form written in one allocation.
    ///
    /// ```
    /// use rfc3986::{Normalizer, UriRef};
    /// let n = Normalizer::new().normalize(UriRef::parse("foo:/a/%2E%2E/b/.")?);
    /// assert_eq!(n, "foo:/b/");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn normalize<'a>(&self, uri: UriRef<'a>) -> Normalized<'a> {
        if self.is_normal(uri) {
            Normalized(Repr::Unchanged(uri))
        } else {
            Normalized(Repr::Written(self.write(uri)))
        }
    }

    /// Whether `a` and `b` have the same normal form, found without
    /// building it where possible.
    ///
    /// ```
    /// use rfc3986::{Normalizer, UriRef};
    /// let p = |s| UriRef::parse(s).unwrap();
    /// let n = Normalizer::new();
    /// assert!(n.equivalent(p("example://a/b/c/%7Bfoo%7D"), p("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")));
    /// assert!(!n.equivalent(p("http://a/b"), p("http://a/b/")));
    /// ```
    pub fn equivalent(&self, a: UriRef<'_>, b: UriRef<'_>) -> bool {
        match (a.scheme(), b.scheme()) {
            (None, None) => {}
            (Some(x), Some(y)) if x.eq_ignore_ascii_case(y) => {}
            _ => return false,
        }
        if a.has_authority() != b.has_authority() {
            return false;
        }
        let known = known_scheme(a.scheme());
        if a.has_authority()
            && !(same_component(a.userinfo(), b.userinfo(), false)
                && self.same_host(a, b)
                && normal_port(known, a.port()) == normal_port(known, b.port()))
        {
            return false;
        }
        same_path(a, b, known)
            && same_component(a.query(), b.query(), false)
            && same_component(a.fragment(), b.fragment(), false)
    }

    fn same_host(&self, a: UriRef<'_>, b: UriRef<'_>) -> bool {
        if self.ipv6_canonical {
            match (a.host_parsed(), b.host_parsed()) {
                (Some(Host::Ipv6(x)), Some(Host::Ipv6(y))) => return x == y,
                (Some(Host::Ipv6(_)), _) | (_, Some(Host::Ipv6(_))) => return false,
                _ => {}
            }
        }
        same_component(a.host(), b.host(), true)
    }

    /// The IPv6 address to write in RFC 5952 text, when that option is on
    /// and the host is one (the host is parsed only then).
    fn canonical_ipv6(&self, uri: UriRef<'_>) -> Option<Ipv6Addr> {
        if !self.ipv6_canonical || uri.host_kind() != Some(HostKind::Ipv6) {
            return None;
        }
        match uri.host_parsed() {
            Some(Host::Ipv6(address)) => Some(address),
            _ => None,
        }
    }

    /// Whether normalizing `uri` would give back the same text.
    fn is_normal(&self, uri: UriRef<'_>) -> bool {
        if uri
            .scheme()
            .is_some_and(|s| s.bytes().any(|b| b.is_ascii_uppercase()))
        {
            return false;
        }
        let known = known_scheme(uri.scheme());
        if uri.has_authority() {
            let host_normal = match self.canonical_ipv6(uri) {
                Some(address) => is_canonical(uri.host(), address),
                None => is_normal_component(uri.host(), true),
            };
            if !host_normal
                || !is_normal_component(uri.userinfo(), false)
                || normal_port(known, uri.port()) != uri.port()
            {
                return false;
            }
        }
        let path = uri.path();
        if path.is_empty() && gets_root(uri, known) {
            return false;
        }
        // Path, query and fragment are one run of text: with no `%` in it,
        // one search settles all three (see `is_normal_component`).
        let tail = &uri.as_str().as_bytes()[uri.head_len()..];
        let escapes_normal = !tail.iter().fold(false, |found, &b| found | (b == b'%'))
            || (is_normal_component(Some(path), false)
                && is_normal_component(uri.query(), false)
                && is_normal_component(uri.fragment(), false));
        escapes_normal && !has_dot_segments(uri)
    }

    /// Writes the normal form of `uri` through the recomposer.
    fn write(&self, uri: UriRef<'_>) -> UriRefBuf {
        let known = known_scheme(uri.scheme());
        // Nothing grows but the empty path that becomes "/", the "/." or
        // "./" guard, and an IPv6 address written canonically (at most 45
        // bytes and its brackets).
        let mut capacity = uri.as_str().len() + 3;
        if self.ipv6_canonical && uri.host_kind() == Some(HostKind::Ipv6) {
            capacity += 47;
        }
        let mut w = Recomposer::with_capacity(capacity);
        if let Some(scheme) = uri.scheme() {
            w.buf
                .extend(scheme.bytes().map(|b| char::from(b.to_ascii_lowercase())));
            w.end_scheme();
        }
        if uri.has_authority() {
            w.start_authority();
            if let Some(userinfo) = uri.userinfo() {
                push_component(&mut w.buf, userinfo, false);
                w.end_userinfo();
            }
            match self.canonical_ipv6(uri) {
                // Writing to a String cannot fail.
                Some(address) => {
                    let _ = write!(w.buf, "[{address}]");
                }
                None => push_component(&mut w.buf, uri.host().unwrap_or_default(), true),
            }
            w.end_host();
            if let Some(port) = normal_port(known, uri.port()) {
                w.start_port();
                w.buf.push_str(port);
            }
            w.end_authority();
        }
        w.start_path();
        push_path(&mut w.buf, uri, known);
        w.end_path();
        w.query(uri.query(), |buf, query| push_component(buf, query, false));
        w.fragment(uri.fragment(), |buf, fragment| {
            push_component(buf, fragment, false)
        });
        debug_assert!(w.buf.len() <= capacity, "{} > {capacity}", w.buf.len());
        w.finish()
    }
}

/// The normal form of a reference: the reference itself when it was
/// already normal (borrowed, nothing allocated), else the normal form,
/// written once.
///
/// `Eq`, `Ord` and `Hash` compare the normal text, so two `Normalized`
/// values are equal exactly when their sources are [`equivalent`]: this is
/// the key to use for a map or set keyed by equivalence
/// ([`into_static`](Self::into_static) makes an owned key).
///
/// ```
/// use std::collections::HashSet;
/// use rfc3986::{normalize, UriRef};
/// let mut seen = HashSet::new();
/// for s in ["http://a/b", "HTTP://A:80/b", "http://a/./b", "http://a/c"] {
///     seen.insert(normalize(UriRef::parse(s)?).into_static());
/// }
/// assert_eq!(seen.len(), 2);
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Normalized<'a>(Repr<'a>);

#[derive(Clone)]
enum Repr<'a> {
    Unchanged(UriRef<'a>),
    Written(UriRefBuf),
}

impl<'a> Normalized<'a> {
    /// The normal form as a reference.
    ///
    /// ```
    /// let n = rfc3986::normalize(rfc3986::UriRef::parse("HTTP://a")?);
    /// assert_eq!(n.as_uri_ref().scheme(), Some("http"));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        match &self.0 {
            Repr::Unchanged(uri) => *uri,
            Repr::Written(uri) => uri.as_uri_ref(),
        }
    }

    /// The normal form's text.
    ///
    /// ```
    /// let n = rfc3986::normalize(rfc3986::UriRef::parse("a/%2e/B")?);
    /// assert_eq!(n.as_str(), "a/./B");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Unchanged(uri) => uri.as_str(),
            Repr::Written(uri) => uri.as_str(),
        }
    }

    /// Whether the input was already normal, and so is what this holds,
    /// borrowed.
    ///
    /// ```
    /// use rfc3986::{normalize, UriRef};
    /// assert!(normalize(UriRef::parse("http://a/")?).is_unchanged());
    /// assert!(!normalize(UriRef::parse("http://a")?).is_unchanged());
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn is_unchanged(&self) -> bool {
        matches!(self.0, Repr::Unchanged(_))
    }

    /// The normal form as an owned reference (a copy, when it was borrowed).
    ///
    /// ```
    /// let owned: rfc3986::UriRefBuf = rfc3986::normalize(rfc3986::UriRef::parse("http://a")?).into_owned();
    /// assert_eq!(owned, "http://a/");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn into_owned(self) -> UriRefBuf {
        match self.0 {
            Repr::Unchanged(uri) => uri.to_owned(),
            Repr::Written(uri) => uri,
        }
    }

    /// The same normal form, owning its text: a key that outlives the input.
    ///
    /// ```
    /// use rfc3986::{normalize, Normalized, UriRef};
    /// let key: Normalized<'static> = normalize(UriRef::parse(&String::from("http://a/"))?).into_static();
    /// assert_eq!(key, "http://a/");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn into_static(self) -> Normalized<'static> {
        Normalized(Repr::Written(self.into_owned()))
    }
}

impl fmt::Display for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Normalized").field(&self.as_str()).finish()
    }
}

impl PartialEq for Normalized<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Normalized<'_> {}

impl PartialOrd for Normalized<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Normalized<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Normalized<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl PartialEq<str> for Normalized<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Normalized<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl AsRef<str> for Normalized<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<Normalized<'_>> for UriRefBuf {
    fn from(normalized: Normalized<'_>) -> Self {
        normalized.into_owned()
    }
}

impl<'a> UriRef<'a> {
    /// The normal form of this reference (section 6.2.2 and 6.2.3); see
    /// [`normalize`](crate::normalize()). Borrows, without allocating, when
    /// the reference is already normal.
    ///
    /// ```
    /// let uri = rfc3986::UriRef::parse("HTTP://a/b/../c")?;
    /// assert_eq!(uri.normalize(), "http://a/c");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn normalize(&self) -> Normalized<'a> {
        normalize(*self)
    }
}

impl UriRefBuf {
    /// The normal form of this reference (section 6.2.2 and 6.2.3); see
    /// [`normalize`](crate::normalize()). Borrows, without allocating, when
    /// the reference is already normal.
    ///
    /// ```
    /// let uri = rfc3986::UriRefBuf::parse("http://a/%7e")?;
    /// assert_eq!(uri.normalize(), "http://a/~");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn normalize(&self) -> Normalized<'_> {
        normalize(self.as_uri_ref())
    }

    /// Turns this reference into its normal form, keeping it, with no
    /// allocation, when it is already normal.
    ///
    /// ```
    /// let uri = rfc3986::UriRefBuf::parse("HTTP://a:80")?.into_normalized();
    /// assert_eq!(uri, "http://a/");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn into_normalized(self) -> UriRefBuf {
        match Normalizer::new().normalize(self.as_uri_ref()).0 {
            Repr::Unchanged(_) => self,
            Repr::Written(normal) => normal,
        }
    }
}

// ---- Components.

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// The byte that the `%XX` at `i` stands for. The parser checked the two
/// digits; a missing one reads as 0 rather than panicking.
fn escaped(raw: &[u8], i: usize) -> u8 {
    let digit = |at: usize| raw.get(at).copied().and_then(hex_value).unwrap_or(0);
    digit(i + 1) << 4 | digit(i + 2)
}

/// Appends `raw` normalized: every `%XX` with upper-case hex, decoded when
/// it stands for an unreserved character (section 6.2.2.2); with `lower`
/// (the host), every letter lower-cased, decoded ones included.
fn push_component(out: &mut String, raw: &str, lower: bool) {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let next = bytes[i..]
            .iter()
            .position(|&b| b == b'%')
            .map_or(bytes.len(), |at| i + at);
        let run = &raw[i..next];
        if lower {
            out.extend(run.bytes().map(|b| char::from(b.to_ascii_lowercase())));
        } else {
            out.push_str(run);
        }
        if next == bytes.len() {
            break;
        }
        let b = escaped(bytes, next);
        if chars::is(b, chars::UNRESERVED) {
            out.push(char::from(if lower { b.to_ascii_lowercase() } else { b }));
        } else {
            out.push('%');
            out.push(char::from(UPPER_HEX[usize::from(b >> 4)]));
            out.push(char::from(UPPER_HEX[usize::from(b & 0xF)]));
        }
        i = next + 3;
    }
}

/// Whether [`push_component`] would give `raw` back unchanged.
fn is_normal_component(raw: Option<&str>, lower: bool) -> bool {
    let Some(raw) = raw else { return true };
    let bytes = raw.as_bytes();
    // Most components have nothing to change: no escape, and in a host no
    // upper-case letter. A pass with no early exit, which the compiler
    // vectorizes, shows it before the byte loop below looks closer.
    let suspect = bytes.iter().fold(false, |suspect, &b| {
        suspect | (b == b'%') | (lower & b.is_ascii_uppercase())
    });
    if !suspect {
        return true;
    }
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let lower_hex = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_lowercase);
                if lower_hex(i + 1)
                    || lower_hex(i + 2)
                    || chars::is(escaped(bytes, i), chars::UNRESERVED)
                {
                    return false;
                }
                i += 3;
            }
            b if lower && b.is_ascii_uppercase() => return false,
            _ => i += 1,
        }
    }
    true
}

/// The bytes [`push_component`] would write, one at a time: what lets
/// comparison normalize on the fly.
struct NormalBytes<'a> {
    raw: &'a [u8],
    i: usize,
    lower: bool,
    /// The two hex digits still to yield after the `%` of an escape.
    digits: [u8; 2],
    pending: usize,
}

impl<'a> NormalBytes<'a> {
    fn new(raw: &'a str, lower: bool) -> Self {
        NormalBytes {
            raw: raw.as_bytes(),
            i: 0,
            lower,
            digits: [0; 2],
            pending: 0,
        }
    }
}

impl Iterator for NormalBytes<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.pending > 0 {
            self.pending -= 1;
            return Some(self.digits[1 - self.pending]);
        }
        let b = *self.raw.get(self.i)?;
        if b != b'%' {
            self.i += 1;
            return Some(if self.lower {
                b.to_ascii_lowercase()
            } else {
                b
            });
        }
        let decoded = escaped(self.raw, self.i);
        self.i += 3;
        if chars::is(decoded, chars::UNRESERVED) {
            return Some(if self.lower {
                decoded.to_ascii_lowercase()
            } else {
                decoded
            });
        }
        self.digits = [
            UPPER_HEX[usize::from(decoded >> 4)],
            UPPER_HEX[usize::from(decoded & 0xF)],
        ];
        self.pending = 2;
        Some(b'%')
    }
}

/// Whether two components normalize to the same text (both absent counts).
fn same_component(a: Option<&str>, b: Option<&str>, lower: bool) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => NormalBytes::new(a, lower).eq(NormalBytes::new(b, lower)),
        _ => false,
    }
}

/// The port the normal form keeps: none for an empty port (section 3.2.3)
/// or a known scheme's default (section 6.2.3), else the digits as written.
fn normal_port<'p>(known: Option<&KnownScheme>, port: Option<&'p str>) -> Option<&'p str> {
    let port = port.filter(|p| !p.is_empty())?;
    let default = known.map(|k| u32::from(k.default_port));
    // Any number above u16::MAX is no default; stop before it can overflow.
    let mut value: u32 = 0;
    for b in port.bytes() {
        value = value * 10 + u32::from(b - b'0');
        if value > u32::from(u16::MAX) {
            return Some(port);
        }
    }
    if Some(value) == default {
        None
    } else {
        Some(port)
    }
}

/// Whether the empty path of `uri` becomes "/" (section 6.2.3).
fn gets_root(uri: UriRef<'_>, known: Option<&KnownScheme>) -> bool {
    uri.has_authority() && known.is_some_and(|k| k.empty_path_is_root)
}

/// Whether the path's dot segments are removed: for a URI, and for a
/// relative reference whose path starts with "/" (see the module docs).
fn removes_dots(uri: UriRef<'_>) -> bool {
    !uri.is_relative() || uri.path().starts_with('/')
}

/// Normalization's test: `.` and `..` after decoding `%2E`.
fn decoded_dot(segment: &str) -> Dot {
    fn strip_dot(s: &str) -> Option<&str> {
        s.strip_prefix('.').or_else(|| {
            s.get(..3)
                .filter(|escape| escape.eq_ignore_ascii_case("%2E"))
                .map(|_| &s[3..])
        })
    }
    match strip_dot(segment) {
        Some("") => Dot::One,
        Some(rest) if strip_dot(rest) == Some("") => Dot::Two,
        _ => Dot::No,
    }
}

/// Whether removing dot segments would change the path of `uri`, which is
/// known to be percent-normal (so a dot segment is a literal one). The
/// path `/.//x` with no authority is its own normal form: removing `/.`
/// leaves `//x`, which recomposition writes `/.//x` again.
fn has_dot_segments(uri: UriRef<'_>) -> bool {
    if !removes_dots(uri) {
        return false;
    }
    let path = uri.path();
    let path = match path.strip_prefix("/.") {
        Some(rest) if rest.starts_with("//") && !uri.has_authority() => rest,
        _ => path,
    };
    has_dot_segment(path)
}

/// Appends the normal path of `uri`, before the guards of recomposition.
fn push_path(out: &mut String, uri: UriRef<'_>, known: Option<&KnownScheme>) {
    let start = out.len();
    let path = uri.path();
    if removes_dots(uri) {
        let (absolute, segments) = split_path(path);
        remove_dot_segments(
            out,
            start,
            absolute,
            segments,
            false,
            decoded_dot,
            |out, s| push_component(out, s, false),
        );
    } else {
        push_component(out, path, false);
    }
    if out.len() == start && gets_root(uri, known) {
        out.push('/');
    }
}

/// Whether the paths of two references with the same scheme and authority
/// presence normalize to the same text. Only paths with dot segments are
/// written out to compare.
fn same_path(a: UriRef<'_>, b: UriRef<'_>, known: Option<&KnownScheme>) -> bool {
    let dots = |u: UriRef<'_>| {
        removes_dots(u) && split_path(u.path()).1.any(|s| decoded_dot(s) != Dot::No)
    };
    if dots(a) || dots(b) {
        let (mut x, mut y) = (String::new(), String::new());
        push_path(&mut x, a, known);
        push_path(&mut y, b, known);
        return x == y;
    }
    fn path<'p>(u: UriRef<'p>, known: Option<&KnownScheme>) -> &'p str {
        match u.path() {
            "" if gets_root(u, known) => "/",
            p => p,
        }
    }
    NormalBytes::new(path(a, known), false).eq(NormalBytes::new(path(b, known), false))
}

/// Whether an IPv6 host (with its brackets) is written in RFC 5952 text.
fn is_canonical(host: Option<&str>, address: Ipv6Addr) -> bool {
    /// Enough room for the longest canonical text, 45 bytes.
    struct Text {
        buf: [u8; 48],
        len: usize,
    }
    impl Write for Text {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let end = self.len + s.len();
            self.buf
                .get_mut(self.len..end)
                .ok_or(fmt::Error)?
                .copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }
    let mut text = Text {
        buf: [0; 48],
        len: 0,
    };
    let inner = host
        .and_then(|h| h.strip_prefix('['))
        .and_then(|h| h.strip_suffix(']'));
    write!(text, "{address}").is_ok() && inner.map(str::as_bytes) == Some(&text.buf[..text.len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_after_decoding() {
        for s in [".", "%2E", "%2e"] {
            assert_eq!(decoded_dot(s), Dot::One, "{s}");
        }
        for s in ["..", ".%2E", "%2e.", "%2E%2e"] {
            assert_eq!(decoded_dot(s), Dot::Two, "{s}");
        }
        for s in ["", "...", "%2E%2E%2E", "%2F", ".a", "%2", "%2E%2"] {
            assert_eq!(decoded_dot(s), Dot::No, "{s}");
        }
    }

    #[test]
    fn components_normalize_the_same_written_or_streamed() {
        for raw in ["", "a", "%7e%7E%2f%2F%41", "A%41b", "%c3%A9", "%25%2e"] {
            for lower in [false, true] {
                let mut written = String::new();
                push_component(&mut written, raw, lower);
                let streamed: alloc::vec::Vec<u8> = NormalBytes::new(raw, lower).collect();
                assert_eq!(written.as_bytes(), streamed, "{raw}");
                assert!(is_normal_component(Some(&written), lower), "{written}");
                assert_eq!(
                    is_normal_component(Some(raw), lower),
                    written == raw,
                    "{raw}"
                );
            }
        }
    }

    #[test]
    fn ports() {
        let http = known_scheme(Some("HTTP"));
        assert_eq!(normal_port(http, Some("80")), None);
        assert_eq!(normal_port(http, Some("0080")), None);
        assert_eq!(normal_port(http, Some("")), None);
        assert_eq!(normal_port(http, Some("8080")), Some("8080"));
        assert_eq!(normal_port(http, Some("65616")), Some("65616"));
        assert_eq!(
            normal_port(http, Some("99999999999999999999")),
            Some("99999999999999999999")
        );
        assert_eq!(normal_port(None, Some("80")), Some("80"));
        assert_eq!(normal_port(None, Some("")), None);
        assert_eq!(normal_port(None, None), None);
    }
}
