//! Errors of parsing.
//!
//! A [`ParseError`] carries a [`ErrorKind`], naming the ABNF rule that failed,
//! and a byte offset. The offset is where the single forward pass stopped,
//! which is the length of the longest prefix of the input that can still be
//! extended to a valid reference. Usually that is the offending byte itself;
//! inside an authority it can be later, because until an `@` or the end of the
//! authority has been seen, text such as `host:8x` may still be a userinfo
//! (`http://host:8x@example.com/` is valid).

use core::fmt;

/// The class of a parse error: which rule of RFC 3986 the input broke.
///
/// Each variant lists an example input and the offset it fails at.
///
/// ```
/// use rfc3986::{ErrorKind, Rule, UriRef};
/// assert_eq!(UriRef::parse("http://a b/").unwrap_err().kind(), ErrorKind::InvalidHost);
/// assert_eq!(UriRef::parse("1a:b").unwrap_err().kind(), ErrorKind::ColonInFirstSegment);
/// let err = UriRef::parse_as("/a", Rule::Uri).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidScheme, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input does not start with `scheme ":"` where the rule requires a
    /// scheme (`URI`, `absolute-URI`). `//example.com` parsed as a URI fails at 0;
    /// `ht tp://x` at 2.
    InvalidScheme,
    /// A byte that cannot appear in the authority's host (or in a userinfo that
    /// has not yet been closed by `@`), or a malformed IP literal.
    /// `http://exa mple.com/` fails at 10; `http://[::1/` at 11.
    InvalidHost,
    /// A port that is not all digits. `http://example.com:80a/` fails at 22,
    /// the `/` (until then `example.com:80a` could have been a userinfo);
    /// `http://u@example.com:80a/` fails at 23, the `a`.
    InvalidPort,
    /// A byte that cannot appear in a path. `/a b` fails at 2.
    InvalidPath,
    /// A byte that cannot appear in a query. `/a?b c` fails at 4.
    InvalidQuery,
    /// A byte that cannot appear in a fragment, including a second `#`.
    /// `/a#b#c` fails at 4.
    InvalidFragment,
    /// A `%` not followed by two hexadecimal digits. `/a%2x` fails at 4;
    /// `/a%` fails at 3.
    InvalidPercentEncoding,
    /// A colon in the first segment of a relative-path reference
    /// (`path-noscheme`): `1a:b` fails at 2. Write `./1a:b` instead.
    ColonInFirstSegment,
    /// A fragment where the rule is `absolute-URI`. `http://a/b#c` parsed as an
    /// absolute URI fails at 10.
    FragmentNotAllowed,
    /// A scheme where the rule is `relative-ref`: `http://a` parsed as a
    /// relative reference fails at 4.
    SchemeNotAllowed,
    /// The input is longer than 4 GiB minus one byte, the most the offsets
    /// of this crate can address. Fails at 4,294,967,295.
    TooLong,
}

impl ErrorKind {
    /// A short kebab-case name of the kind, stable across releases: the
    /// `kind` of the `uri` command's JSON output.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, UriRef};
    /// let err = UriRef::parse("http://exa mple.com/").unwrap_err();
    /// assert_eq!(err.kind().name(), "invalid-host");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidScheme => "invalid-scheme",
            ErrorKind::InvalidHost => "invalid-host",
            ErrorKind::InvalidPort => "invalid-port",
            ErrorKind::InvalidPath => "invalid-path",
            ErrorKind::InvalidQuery => "invalid-query",
            ErrorKind::InvalidFragment => "invalid-fragment",
            ErrorKind::InvalidPercentEncoding => "invalid-percent-encoding",
            ErrorKind::ColonInFirstSegment => "colon-in-first-segment",
            ErrorKind::FragmentNotAllowed => "fragment-not-allowed",
            ErrorKind::SchemeNotAllowed => "scheme-not-allowed",
            ErrorKind::TooLong => "too-long",
        }
    }

    /// What the rule expected at the failing offset, in words.
    ///
    /// ```
    /// use rfc3986::ErrorKind;
    /// assert!(ErrorKind::InvalidPercentEncoding.expected().contains("two hexadecimal digits"));
    /// ```
    pub const fn expected(self) -> &'static str {
        match self {
            ErrorKind::InvalidScheme => {
                "a scheme (a letter, then letters, digits, '+', '-' or '.') followed by ':'"
            }
            ErrorKind::InvalidHost => {
                "a registered name (unreserved, sub-delims or %XX), an IPv4 address, \
                 or an IP literal in brackets, ended by ':', '/', '?', '#' or the end"
            }
            ErrorKind::InvalidPort => "only digits after the ':' that ends the host",
            ErrorKind::InvalidPath => {
                "path characters (unreserved, sub-delims, ':', '@', '/' or %XX)"
            }
            ErrorKind::InvalidQuery => {
                "query characters (unreserved, sub-delims, ':', '@', '/', '?' or %XX)"
            }
            ErrorKind::InvalidFragment => {
                "fragment characters (unreserved, sub-delims, ':', '@', '/', '?' or %XX)"
            }
            ErrorKind::InvalidPercentEncoding => "two hexadecimal digits after '%'",
            ErrorKind::ColonInFirstSegment => {
                "no ':' in the first segment of a relative path (write './' before it)"
            }
            ErrorKind::FragmentNotAllowed => "the end of an absolute URI, which has no fragment",
            ErrorKind::SchemeNotAllowed => "a relative reference, which has no scheme",
            ErrorKind::TooLong => "an input shorter than 4 GiB",
        }
    }

    /// The component or rule the kind belongs to, as the RFC names it.
    ///
    /// ```
    /// use rfc3986::ErrorKind;
    /// assert_eq!(ErrorKind::ColonInFirstSegment.rule(), "path-noscheme");
    /// ```
    pub const fn rule(self) -> &'static str {
        match self {
            ErrorKind::InvalidScheme => "scheme",
            ErrorKind::InvalidHost => "host",
            ErrorKind::InvalidPort => "port",
            ErrorKind::InvalidPath => "path",
            ErrorKind::InvalidQuery => "query",
            ErrorKind::InvalidFragment => "fragment",
            ErrorKind::InvalidPercentEncoding => "pct-encoded",
            ErrorKind::ColonInFirstSegment => "path-noscheme",
            ErrorKind::FragmentNotAllowed => "absolute-URI",
            ErrorKind::SchemeNotAllowed => "relative-ref",
            ErrorKind::TooLong => "URI-reference",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The input is not valid by the rule it was parsed with.
///
/// ```
/// use rfc3986::{ErrorKind, UriRef};
/// let err = UriRef::parse("http://exa mple.com/").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidHost);
/// assert_eq!(err.offset(), 10);
/// assert_eq!(
///     err.to_string(),
///     "invalid host at offset 10: expected a registered name (unreserved, sub-delims or %XX), \
///      an IPv4 address, or an IP literal in brackets, ended by ':', '/', '?', '#' or the end",
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ErrorKind,
    offset: usize,
}

impl ParseError {
    pub(crate) const fn new(kind: ErrorKind, offset: usize) -> Self {
        ParseError { kind, offset }
    }

    /// The rule that failed.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, UriRef};
    /// assert_eq!(UriRef::parse("/a%zz").unwrap_err().kind(), ErrorKind::InvalidPercentEncoding);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset where parsing stopped: the length of the longest valid
    /// prefix, which is at most the input's length.
    ///
    /// ```
    /// use rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("/a%zz").unwrap_err().offset(), 3);
    /// assert_eq!(UriRef::parse("/a%").unwrap_err().offset(), 3);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::InvalidScheme => "invalid scheme",
            ErrorKind::InvalidHost => "invalid host",
            ErrorKind::InvalidPort => "invalid port",
            ErrorKind::InvalidPath => "invalid path",
            ErrorKind::InvalidQuery => "invalid query",
            ErrorKind::InvalidFragment => "invalid fragment",
            ErrorKind::InvalidPercentEncoding => "invalid percent-encoding",
            ErrorKind::ColonInFirstSegment => "colon in the first segment of a relative path",
            ErrorKind::FragmentNotAllowed => "fragment not allowed",
            ErrorKind::SchemeNotAllowed => "scheme not allowed",
            ErrorKind::TooLong => "input too long",
        };
        write!(
            f,
            "{what} at offset {}: expected {}",
            self.offset,
            self.kind.expected()
        )
    }
}

impl core::error::Error for ParseError {}
