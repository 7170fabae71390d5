//! The two reference types, borrowed [`UriRef`] and owned [`UriRefBuf`]: the
//! text as given plus a small `Copy` record of where each component is.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::net::{IpAddr, SocketAddr};
use core::str::FromStr;

use crate::encoding::Decoded;
use crate::error::ParseError;
use crate::host::{self, Host, HostKind};
use crate::parse::{self, Meta, Rule};
use crate::path::Segments;

/// The port is too large for a `u16`.
///
/// ```
/// use rfc3986::UriRef;
/// let uri = UriRef::parse("http://example.com:65536/").unwrap();
/// assert_eq!(uri.port(), Some("65536"));
/// assert!(uri.port_number().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortRangeError;

impl fmt::Display for PortRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("port number is greater than 65535")
    }
}

impl core::error::Error for PortRangeError {}

/// Component lookups on the offsets, shared by both types.
impl Meta {
    /// Where the authority starts, after its `//` (meaningful only when
    /// there is one).
    #[inline]
    pub(crate) fn authority_start(&self) -> u32 {
        if self.scheme_end > 0 {
            self.scheme_end + 3
        } else {
            2
        }
    }

    #[inline]
    fn scheme<'s>(&self, text: &'s str) -> Option<&'s str> {
        (self.scheme_end > 0).then(|| &text[..self.scheme_end as usize])
    }

    #[inline]
    fn authority<'s>(&self, text: &'s str) -> Option<&'s str> {
        self.host_kind?;
        Some(&text[self.authority_start() as usize..self.path_start as usize])
    }

    #[inline]
    fn userinfo<'s>(&self, text: &'s str) -> Option<&'s str> {
        self.host_kind?;
        let start = self.authority_start();
        // The host starts after the "@" when there is a userinfo.
        (self.host_start > start).then(|| &text[start as usize..self.host_start as usize - 1])
    }

    #[inline]
    fn host<'s>(&self, text: &'s str) -> Option<&'s str> {
        self.host_kind?;
        Some(&text[self.host_start as usize..self.host_end as usize])
    }

    #[inline]
    fn port<'s>(&self, text: &'s str) -> Option<&'s str> {
        self.host_kind?;
        // The port's ":" sits at host_end when there is one.
        (self.host_end < self.path_start)
            .then(|| &text[self.host_end as usize + 1..self.path_start as usize])
    }

    #[inline]
    fn path<'s>(&self, text: &'s str) -> &'s str {
        &text[self.path_start as usize..self.path_end as usize]
    }

    #[inline]
    fn query<'s>(&self, text: &'s str) -> Option<&'s str> {
        (self.query_end > self.path_end)
            .then(|| &text[self.path_end as usize + 1..self.query_end as usize])
    }

    #[inline]
    fn fragment<'s>(&self, text: &'s str) -> Option<&'s str> {
        ((self.query_end as usize) < text.len()).then(|| &text[self.query_end as usize + 1..])
    }
}

/// The accessors of both types, written once. `$lt` is the lifetime of the
/// returned text: the input's for [`UriRef`], the value's for [`UriRefBuf`].
macro_rules! accessors {
    ($Type:ident, $lt:lifetime) => {
        /// The whole reference, exactly as it was given.
        ///
        /// ```
        #[doc = concat!("let uri = rfc3986::", stringify!($Type), "::parse(\"HTTP://Example.com/%7e\").unwrap();")]
        /// assert_eq!(uri.as_str(), "HTTP://Example.com/%7e");
        /// ```
        #[inline]
        pub fn as_str(&self) -> &$lt str {
            self.text()
        }

        /// Whether this is a relative reference (section 4.2): it has no scheme.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert!(", stringify!($Type), "::parse(\"//example.com/a\").unwrap().is_relative());")]
        #[doc = concat!("assert!(!", stringify!($Type), "::parse(\"mailto:fred@example.com\").unwrap().is_relative());")]
        /// ```
        #[inline]
        pub fn is_relative(&self) -> bool {
            self.meta.scheme_end == 0
        }

        /// Whether this is an absolute URI (section 4.3): it has a scheme and no
        /// fragment, as a base URI must.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert!(", stringify!($Type), "::parse(\"http://a/b?c\").unwrap().is_absolute_uri());")]
        #[doc = concat!("assert!(!", stringify!($Type), "::parse(\"http://a/b#c\").unwrap().is_absolute_uri());")]
        /// ```
        #[inline]
        pub fn is_absolute_uri(&self) -> bool {
            !self.is_relative() && self.fragment().is_none()
        }

        /// The scheme as written (section 3.1), without its `:`; `None` for a
        /// relative reference.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"HTTP://a\").unwrap().scheme(), Some(\"HTTP\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"//a\").unwrap().scheme(), None);")]
        /// ```
        #[inline]
        pub fn scheme(&self) -> Option<&$lt str> {
            self.meta.scheme(self.text())
        }

        /// Whether there is an authority: the reference has `//` after its
        /// scheme, or starts with `//`. The authority may be empty (`file:///`).
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert!(", stringify!($Type), "::parse(\"file:///etc\").unwrap().has_authority());")]
        #[doc = concat!("assert!(!", stringify!($Type), "::parse(\"file:/etc\").unwrap().has_authority());")]
        /// ```
        #[inline]
        pub fn has_authority(&self) -> bool {
            self.meta.host_kind.is_some()
        }

        /// The authority as written (section 3.2), without the `//`.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("let uri = ", stringify!($Type), "::parse(\"foo://u@example.com:8042/over\").unwrap();")]
        /// assert_eq!(uri.authority(), Some("u@example.com:8042"));
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"file:///etc\").unwrap().authority(), Some(\"\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"urn:a:b\").unwrap().authority(), None);")]
        /// ```
        #[inline]
        pub fn authority(&self) -> Option<&$lt str> {
            self.meta.authority(self.text())
        }

        /// The userinfo as written (section 3.2.1), without its `@`.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"ftp://anon:x@h/\").unwrap().userinfo(), Some(\"anon:x\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"ftp://@h/\").unwrap().userinfo(), Some(\"\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"ftp://h/\").unwrap().userinfo(), None);")]
        /// ```
        #[inline]
        pub fn userinfo(&self) -> Option<&$lt str> {
            self.meta.userinfo(self.text())
        }

        /// The host as written (section 3.2.2): an IP literal keeps its
        /// brackets. Present (possibly empty) exactly when there is an authority.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://[::1]:80/\").unwrap().host(), Some(\"[::1]\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"file:///etc\").unwrap().host(), Some(\"\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"mailto:a@b\").unwrap().host(), None);")]
        /// ```
        #[inline]
        pub fn host(&self) -> Option<&$lt str> {
            self.meta.host(self.text())
        }

        /// Which alternative of the `host` rule the host matched.
        ///
        /// ```
        /// use rfc3986::HostKind;
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://10.0.0.1/\").unwrap().host_kind(), Some(HostKind::Ipv4));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://10.0.0.256/\").unwrap().host_kind(), Some(HostKind::RegName));")]
        /// ```
        #[inline]
        pub fn host_kind(&self) -> Option<HostKind> {
            self.meta.host_kind
        }

        /// The host with its value: an IPv4 or IPv6 address as a
        /// `core::net` address, a registered name or IPvFuture as text.
        ///
        /// ```
        /// use std::net::Ipv4Addr;
        /// use rfc3986::Host;
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("let uri = ", stringify!($Type), "::parse(\"http://127.0.0.1:8080/\").unwrap();")]
        /// assert_eq!(uri.host_parsed(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
        #[doc = concat!("let uri = ", stringify!($Type), "::parse(\"http://[v1.x]/\").unwrap();")]
        /// assert_eq!(uri.host_parsed(), Some(Host::IpvFuture("v1.x")));
        /// ```
        pub fn host_parsed(&self) -> Option<Host<$lt>> {
            let text = self.meta.host(self.text())?;
            let bytes = text.as_bytes();
            // The parser matched these rules already; `?` never fires.
            Some(match self.meta.host_kind? {
                HostKind::RegName => Host::RegName(text),
                HostKind::Ipv4 => Host::Ipv4(host::ipv4_exact(bytes)?),
                HostKind::Ipv6 => Host::Ipv6(host::ipv6(bytes, 1).ok()?.1),
                HostKind::IpvFuture => Host::IpvFuture(&text[1..text.len() - 1]),
            })
        }

        /// The host's IP address, for an IPv4 or IPv6 host.
        ///
        /// ```
        /// use std::net::{IpAddr, Ipv6Addr};
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("let uri = ", stringify!($Type), "::parse(\"http://[::1]/\").unwrap();")]
        /// assert_eq!(uri.host_ip(), Some(IpAddr::V6(Ipv6Addr::LOCALHOST)));
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://localhost/\").unwrap().host_ip(), None);")]
        /// ```
        pub fn host_ip(&self) -> Option<IpAddr> {
            self.host_parsed()?.ip()
        }

        /// The socket address of an IP host with a numeric port.
        ///
        /// `None` when the host is not an IP address, or the port is absent,
        /// empty or above 65535. No default port is assumed: that is the
        /// scheme's business.
        ///
        /// ```
        /// use std::net::SocketAddr;
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("let uri = ", stringify!($Type), "::parse(\"http://127.0.0.1:8080/\").unwrap();")]
        /// assert_eq!(uri.socket_addr(), Some("127.0.0.1:8080".parse::<SocketAddr>().unwrap()));
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://127.0.0.1/\").unwrap().socket_addr(), None);")]
        /// ```
        pub fn socket_addr(&self) -> Option<SocketAddr> {
            let port = self.port_number().ok()??;
            Some(SocketAddr::new(self.host_ip()?, port))
        }

        /// The port's digits as written (section 3.2.3), without the `:`. It
        /// may be empty (`http://h:/`) or longer than five digits: the generic
        /// syntax allows both. See [`port_number`](Self::port_number).
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://h:0080/\").unwrap().port(), Some(\"0080\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://h:/\").unwrap().port(), Some(\"\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://h/\").unwrap().port(), None);")]
        /// ```
        #[inline]
        pub fn port(&self) -> Option<&$lt str> {
            self.meta.port(self.text())
        }

        /// Whether the authority has a `:` port delimiter (the reference
        /// design's `HasPort`), even with no digits after it.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert!(", stringify!($Type), "::parse(\"http://h:/\").unwrap().has_port());")]
        #[doc = concat!("assert!(!", stringify!($Type), "::parse(\"http://h/\").unwrap().has_port());")]
        /// ```
        #[inline]
        pub fn has_port(&self) -> bool {
            self.port().is_some()
        }

        /// The port as a number: `Ok(None)` when there is no port or it is
        /// empty.
        ///
        /// # Errors
        ///
        /// [`PortRangeError`] when the digits stand for a number above 65535;
        /// it is never wrapped or truncated.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://h:0080/\").unwrap().port_number(), Ok(Some(80)));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"http://h:/\").unwrap().port_number(), Ok(None));")]
        #[doc = concat!("assert!(", stringify!($Type), "::parse(\"http://h:99999999999999999999/\").unwrap().port_number().is_err());")]
        /// ```
        pub fn port_number(&self) -> Result<Option<u16>, PortRangeError> {
            let Some(digits) = self.port().filter(|p| !p.is_empty()) else {
                return Ok(None);
            };
            let mut value: u32 = 0;
            for b in digits.bytes() {
                value = value * 10 + u32::from(b - b'0');
                if value > u32::from(u16::MAX) {
                    return Err(PortRangeError);
                }
            }
            // Checked against u16::MAX in the loop.
            Ok(Some(value as u16))
        }

        /// The path as written (section 3.3). Always present, possibly empty.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"mailto:fred@example.com\").unwrap().path(), \"fred@example.com\");")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"foo://info.example.com?fred\").unwrap().path(), \"\");")]
        /// ```
        #[inline]
        pub fn path(&self) -> &$lt str {
            self.meta.path(self.text())
        }

        /// The path's segments in the element model of the reference design:
        /// an absolute path starts with an empty segment. See [`Segments`].
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("let uri = ", stringify!($Type), "::parse(\"http://h/a/b%2Fc\").unwrap();")]
        /// assert_eq!(uri.segments().collect::<Vec<_>>(), ["", "a", "b%2Fc"]);
        /// ```
        pub fn segments(&self) -> Segments<$lt> {
            Segments::new(self.path())
        }

        /// The query as written (section 3.4), without its `?`.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"/p?a=1&b=/?\").unwrap().query(), Some(\"a=1&b=/?\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"/p?\").unwrap().query(), Some(\"\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"/p\").unwrap().query(), None);")]
        /// ```
        #[inline]
        pub fn query(&self) -> Option<&$lt str> {
            self.meta.query(self.text())
        }

        /// The fragment as written (section 3.5), without its `#`.
        ///
        /// ```
        #[doc = concat!("use rfc3986::", stringify!($Type), ";")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"/p#sec/1?\").unwrap().fragment(), Some(\"sec/1?\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"/p#\").unwrap().fragment(), Some(\"\"));")]
        #[doc = concat!("assert_eq!(", stringify!($Type), "::parse(\"/p\").unwrap().fragment(), None);")]
        /// ```
        #[inline]
        pub fn fragment(&self) -> Option<&$lt str> {
            self.meta.fragment(self.text())
        }

        /// The userinfo, to be percent-decoded.
        ///
        /// ```
        #[doc = concat!("let uri = rfc3986::", stringify!($Type), "::parse(\"ftp://j%C3%B6rg@h/\").unwrap();")]
        /// assert_eq!(uri.userinfo_decoded().unwrap().to_utf8().unwrap(), "jörg");
        /// ```
        pub fn userinfo_decoded(&self) -> Option<Decoded<$lt>> {
            self.userinfo().map(Decoded::new_validated)
        }

        /// The host, to be percent-decoded (only a registered name can hold
        /// `%XX`).
        ///
        /// ```
        #[doc = concat!("let uri = rfc3986::", stringify!($Type), "::parse(\"http://caf%C3%A9.example/\").unwrap();")]
        /// assert_eq!(uri.host_decoded().unwrap().to_utf8().unwrap(), "café.example");
        /// ```
        pub fn host_decoded(&self) -> Option<Decoded<$lt>> {
            self.host().map(Decoded::new_validated)
        }

        /// The path, to be percent-decoded. Decoding the whole path loses the
        /// difference between `/` and `%2F`; decode [`segments`](Self::segments)
        /// one by one where that matters.
        ///
        /// ```
        #[doc = concat!("let uri = rfc3986::", stringify!($Type), "::parse(\"/a%20b\").unwrap();")]
        /// assert_eq!(uri.path_decoded().to_utf8().unwrap(), "/a b");
        /// ```
        pub fn path_decoded(&self) -> Decoded<$lt> {
            Decoded::new_validated(self.path())
        }

        /// The query, to be percent-decoded.
        ///
        /// ```
        #[doc = concat!("let uri = rfc3986::", stringify!($Type), "::parse(\"/?q=%23tag\").unwrap();")]
        /// assert_eq!(uri.query_decoded().unwrap().to_utf8().unwrap(), "q=#tag");
        /// ```
        pub fn query_decoded(&self) -> Option<Decoded<$lt>> {
            self.query().map(Decoded::new_validated)
        }

        /// The fragment, to be percent-decoded.
        ///
        /// ```
        #[doc = concat!("let uri = rfc3986::", stringify!($Type), "::parse(\"/#%E2%9C%93\").unwrap();")]
        /// assert_eq!(uri.fragment_decoded().unwrap().to_utf8().unwrap(), "✓");
        /// ```
        pub fn fragment_decoded(&self) -> Option<Decoded<$lt>> {
            self.fragment().map(Decoded::new_validated)
        }

        /// Checks that the stored offsets are the ones a fresh parse of the
        /// text gives. For tests and fuzzing; always true for values this crate
        /// produced.
        #[doc(hidden)]
        pub fn check_invariants(&self) -> bool {
            parse::parse(self.text().as_bytes(), Rule::UriReference) == Ok(self.meta)
        }
    };
}

/// A URI-reference borrowed from its text: a URI or a relative reference,
/// validated, with the offsets of its components.
///
/// Parsing allocates nothing. Every accessor returns a slice of the input.
/// Equality, ordering and hashing compare the text exactly (`HTTP://a` and
/// `http://a` differ); compare by meaning with normalization.
///
/// ```
/// use rfc3986::UriRef;
/// let uri = UriRef::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(uri.scheme(), Some("foo"));
/// assert_eq!(uri.authority(), Some("example.com:8042"));
/// assert_eq!(uri.host(), Some("example.com"));
/// assert_eq!(uri.port(), Some("8042"));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
/// assert_eq!(uri.to_string(), "foo://example.com:8042/over/there?name=ferret#nose");
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    text: &'a str,
    meta: Meta,
}

impl<'a> UriRef<'a> {
    /// Parses a URI-reference (section 4.1): a URI or a relative reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the rule that failed and the offset where.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, UriRef};
    /// assert!(UriRef::parse("../a/b?c").is_ok());
    /// let err = UriRef::parse("http://exa mple.com/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidHost, 10));
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_as(input, Rule::UriReference)
    }

    /// Parses by the given rule: URI-reference, URI (a scheme is required),
    /// absolute-URI (no fragment) or relative-ref (no scheme).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the rule that failed and the offset where.
    ///
    /// ```
    /// use rfc3986::{Rule, UriRef};
    /// assert!(UriRef::parse_as("http://a/b?c", Rule::AbsoluteUri).is_ok());
    /// assert!(UriRef::parse_as("/b", Rule::Uri).is_err());
    /// ```
    pub fn parse_as(input: &'a str, rule: Rule) -> Result<Self, ParseError> {
        let meta = parse::parse(input.as_bytes(), rule)?;
        Ok(UriRef { text: input, meta })
    }

    /// Parses a URI (section 3): a scheme is required.
    ///
    /// # Errors
    ///
    /// A [`ParseError`]; [`ErrorKind::InvalidScheme`](crate::ErrorKind::InvalidScheme)
    /// for a relative reference.
    ///
    /// ```
    /// use rfc3986::UriRef;
    /// assert!(UriRef::parse_uri("urn:example:animal:ferret:nose").is_ok());
    /// assert!(UriRef::parse_uri("//example.com").is_err());
    /// ```
    pub fn parse_uri(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_as(input, Rule::Uri)
    }

    /// Parses an absolute URI (section 4.3): a scheme and no fragment.
    ///
    /// # Errors
    ///
    /// A [`ParseError`]; [`ErrorKind::FragmentNotAllowed`](crate::ErrorKind::FragmentNotAllowed)
    /// at a `#`.
    ///
    /// ```
    /// use rfc3986::UriRef;
    /// assert!(UriRef::parse_absolute_uri("http://a/b/c/d;p?q").is_ok());
    /// assert!(UriRef::parse_absolute_uri("http://a/b#f").is_err());
    /// ```
    pub fn parse_absolute_uri(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_as(input, Rule::AbsoluteUri)
    }

    /// Parses a URI-reference from bytes. A byte outside ASCII (so any
    /// non-UTF-8 byte) is an error at its offset, since a URI holds only ASCII.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the rule that failed and the offset where.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, UriRef};
    /// assert_eq!(UriRef::parse_bytes(b"/a/b").unwrap().path(), "/a/b");
    /// let err = UriRef::parse_bytes(b"/a\xFFb").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidPath, 2));
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, ParseError> {
        Self::parse_bytes_as(input, Rule::UriReference)
    }

    /// Parses bytes by the given rule. See [`parse_bytes`](Self::parse_bytes).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the rule that failed and the offset where.
    ///
    /// ```
    /// use rfc3986::{Rule, UriRef};
    /// assert!(UriRef::parse_bytes_as(b"a:b", Rule::Uri).is_ok());
    /// ```
    pub fn parse_bytes_as(input: &'a [u8], rule: Rule) -> Result<Self, ParseError> {
        let meta = parse::parse(input, rule)?;
        // A valid reference is ASCII, so this conversion cannot fail; the
        // error arm keeps the function total without a panic path.
        match core::str::from_utf8(input) {
            Ok(text) => Ok(UriRef { text, meta }),
            Err(e) => Err(ParseError::new(
                crate::ErrorKind::InvalidPath,
                e.valid_up_to(),
            )),
        }
    }

    pub(crate) fn from_parts(text: &'a str, meta: Meta) -> Self {
        UriRef { text, meta }
    }

    /// The offsets, for the writers that copy components with them.
    pub(crate) fn meta(&self) -> Meta {
        self.meta
    }

    /// The length of the text before the path: scheme and authority with
    /// their delimiters.
    pub(crate) fn head_len(&self) -> usize {
        self.meta.path_start as usize
    }

    #[inline]
    fn text(&self) -> &'a str {
        self.text
    }

    /// Copies the text into an owned [`UriRefBuf`] (one allocation; no re-parse).
    ///
    /// ```
    /// use rfc3986::{UriRef, UriRefBuf};
    /// let owned: UriRefBuf = UriRef::parse("http://a/b").unwrap().to_owned();
    /// assert_eq!(owned.host(), Some("a"));
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> UriRefBuf {
        UriRefBuf {
            text: self.text.to_owned(),
            meta: self.meta,
        }
    }

    accessors!(UriRef, 'a);
}

/// An owned URI-reference: one `String` plus the same offsets as [`UriRef`].
///
/// Equality, ordering and hashing compare the text exactly.
///
/// ```
/// use rfc3986::UriRefBuf;
/// let uri = UriRefBuf::parse(String::from("http://example.com/a?b")).unwrap();
/// assert_eq!(uri.path(), "/a");
/// assert_eq!(uri.as_uri_ref().query(), Some("b"));
/// ```
#[derive(Clone)]
pub struct UriRefBuf {
    text: String,
    meta: Meta,
}

impl UriRefBuf {
    /// Parses a URI-reference, keeping the given `String` (no copy) or
    /// copying a `&str` once.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the rule that failed and the offset where.
    ///
    /// ```
    /// use rfc3986::UriRefBuf;
    /// assert!(UriRefBuf::parse("a:b").is_ok());
    /// assert!(UriRefBuf::parse("a b").is_err());
    /// ```
    pub fn parse(input: impl Into<String>) -> Result<Self, ParseError> {
        Self::parse_as(input, Rule::UriReference)
    }

    /// Parses by the given rule. See [`UriRef::parse_as`].
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the rule that failed and the offset where.
    ///
    /// ```
    /// use rfc3986::{Rule, UriRefBuf};
    /// assert!(UriRefBuf::parse_as("a:b", Rule::RelativeRef).is_err());
    /// ```
    pub fn parse_as(input: impl Into<String>, rule: Rule) -> Result<Self, ParseError> {
        let text = input.into();
        let meta = parse::parse(text.as_bytes(), rule)?;
        Ok(UriRefBuf { text, meta })
    }

    pub(crate) fn from_parts(text: String, meta: Meta) -> Self {
        UriRefBuf { text, meta }
    }

    #[inline]
    fn text(&self) -> &str {
        &self.text
    }

    /// A borrowed view of this reference.
    ///
    /// ```
    /// use rfc3986::{UriRef, UriRefBuf};
    /// let owned = UriRefBuf::parse("http://a/b").unwrap();
    /// let view: UriRef<'_> = owned.as_uri_ref();
    /// assert_eq!(view, owned);
    /// ```
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.text, self.meta)
    }

    /// The text, giving up the offsets.
    ///
    /// ```
    /// let owned = rfc3986::UriRefBuf::parse("http://a/b").unwrap();
    /// assert_eq!(owned.into_string(), "http://a/b");
    /// ```
    pub fn into_string(self) -> String {
        self.text
    }

    accessors!(UriRefBuf, '_);
}

macro_rules! text_traits {
    ($Type:ty) => {
        impl fmt::Display for $Type {
            /// Writes the text exactly as given (section 5.3 recomposition of
            /// the parsed components gives the same bytes).
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Debug for $Type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($Type))
                    .field("text", &self.as_str())
                    .field("scheme", &self.scheme())
                    .field("userinfo", &self.userinfo())
                    .field("host", &self.host())
                    .field("host_kind", &self.host_kind())
                    .field("port", &self.port())
                    .field("path", &self.path())
                    .field("query", &self.query())
                    .field("fragment", &self.fragment())
                    .finish()
            }
        }

        impl PartialEq for $Type {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl Eq for $Type {}

        impl PartialOrd for $Type {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $Type {
            fn cmp(&self, other: &Self) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl Hash for $Type {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }

        impl PartialEq<str> for $Type {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $Type {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl AsRef<str> for $Type {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
    };
}

text_traits!(UriRef<'_>);
text_traits!(UriRefBuf);

impl PartialEq<UriRefBuf> for UriRef<'_> {
    fn eq(&self, other: &UriRefBuf) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<UriRef<'_>> for UriRefBuf {
    fn eq(&self, other: &UriRef<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        UriRef::parse(input)
    }
}

impl<'a> TryFrom<&'a [u8]> for UriRef<'a> {
    type Error = ParseError;

    fn try_from(input: &'a [u8]) -> Result<Self, ParseError> {
        UriRef::parse_bytes(input)
    }
}

impl TryFrom<&str> for UriRefBuf {
    type Error = ParseError;

    fn try_from(input: &str) -> Result<Self, ParseError> {
        UriRefBuf::parse(input)
    }
}

impl TryFrom<&[u8]> for UriRefBuf {
    type Error = ParseError;

    fn try_from(input: &[u8]) -> Result<Self, ParseError> {
        UriRef::parse_bytes(input).map(|uri| uri.to_owned())
    }
}

impl TryFrom<String> for UriRefBuf {
    type Error = ParseError;

    fn try_from(input: String) -> Result<Self, ParseError> {
        UriRefBuf::parse(input)
    }
}

impl FromStr for UriRefBuf {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<Self, ParseError> {
        UriRefBuf::parse(input)
    }
}

impl From<UriRef<'_>> for UriRefBuf {
    fn from(uri: UriRef<'_>) -> Self {
        uri.to_owned()
    }
}

impl From<UriRefBuf> for String {
    fn from(uri: UriRefBuf) -> Self {
        uri.text
    }
}
