//! Conversions to and from `http::Uri`.
//!
//! `http::Uri` holds the request-target forms of HTTP: absolute-form
//! (`scheme://authority/path?query`), origin-form (`/path?query`),
//! authority-form (`host:port`) and asterisk-form (`*`). So a reference with
//! a fragment, a URI without an authority (`mailto:x`), and a relative
//! reference other than an absolute path cannot be converted to it. Coming
//! back, authority-form becomes a network-path reference (`//host:port`),
//! the reference it stands for; `http::Uri` shows an empty path after an
//! authority as `/`, which is equivalent for http and https (section 6.2.3).

use alloc::format;
use alloc::string::{String, ToString};

use crate::interop::{ConversionError, ConversionErrorKind};
use crate::{UriRef, UriRefBuf};

const TARGET: &str = "http::Uri";

fn error(kind: ConversionErrorKind) -> ConversionError {
    ConversionError::new(TARGET, kind)
}

fn to_http(uri: UriRef<'_>) -> Result<http::Uri, ConversionError> {
    if uri.fragment().is_some() {
        return Err(error(ConversionErrorKind::Fragment));
    }
    let refused = |e: http::Error| error(ConversionErrorKind::Rejected(e.to_string()));
    let mut path_and_query = String::from(uri.path());
    if let Some(query) = uri.query() {
        path_and_query = format!("{path_and_query}?{query}");
    }
    match (uri.scheme(), uri.authority()) {
        (Some(scheme), Some(authority)) => {
            if path_and_query.is_empty() {
                path_and_query.push('/');
            }
            http::Uri::builder()
                .scheme(scheme)
                .authority(authority)
                .path_and_query(path_and_query)
                .build()
                .map_err(refused)
        }
        (Some(_), None) => Err(error(ConversionErrorKind::NoAuthority)),
        (None, Some(_)) => Err(error(ConversionErrorKind::Relative)),
        (None, None) if uri.path().starts_with('/') => http::Uri::builder()
            .path_and_query(path_and_query)
            .build()
            .map_err(refused),
        (None, None) => Err(error(ConversionErrorKind::Relative)),
    }
}

/// Converts a reference to `http::Uri`.
///
/// ```
/// use rfc3986::UriRef;
/// let uri = http::Uri::try_from(UriRef::parse("https://example.com/a?b").unwrap()).unwrap();
/// assert_eq!(uri.host(), Some("example.com"));
/// assert!(http::Uri::try_from(UriRef::parse("mailto:x@example.com").unwrap()).is_err());
/// ```
impl TryFrom<UriRef<'_>> for http::Uri {
    type Error = ConversionError;

    fn try_from(uri: UriRef<'_>) -> Result<Self, ConversionError> {
        to_http(uri)
    }
}

/// Converts a reference to `http::Uri`; see the `UriRef` conversion.
///
/// ```
/// let uri = rfc3986::UriRefBuf::parse("/a?b").unwrap();
/// assert_eq!(http::Uri::try_from(&uri).unwrap().path(), "/a");
/// ```
impl TryFrom<&UriRefBuf> for http::Uri {
    type Error = ConversionError;

    fn try_from(uri: &UriRefBuf) -> Result<Self, ConversionError> {
        to_http(uri.as_uri_ref())
    }
}

/// Converts an `http::Uri` to a reference, checking it against RFC 3986
/// (`http::Uri` accepts some bytes the RFC does not, such as `{`).
///
/// ```
/// let uri: http::Uri = "http://example.com:8080/a?b".parse().unwrap();
/// let reference = rfc3986::UriRefBuf::try_from(&uri).unwrap();
/// assert_eq!(reference.port(), Some("8080"));
/// let connect: http::Uri = "example.com:443".parse().unwrap();
/// assert_eq!(rfc3986::UriRefBuf::try_from(&connect).unwrap(), "//example.com:443");
/// ```
impl TryFrom<&http::Uri> for UriRefBuf {
    type Error = ConversionError;

    fn try_from(uri: &http::Uri) -> Result<Self, ConversionError> {
        let mut text = String::new();
        if let Some(scheme) = uri.scheme_str() {
            text.push_str(scheme);
            text.push(':');
        }
        if let Some(authority) = uri.authority() {
            text.push_str("//");
            text.push_str(authority.as_str());
        }
        // Authority-form has no path; http::Uri reports "" or "/" for it.
        if uri.scheme().is_some() || uri.authority().is_none() {
            if let Some(path_and_query) = uri.path_and_query() {
                text.push_str(path_and_query.as_str());
            }
        }
        UriRefBuf::parse(text).map_err(|e| error(ConversionErrorKind::Invalid(e)))
    }
}

impl TryFrom<http::Uri> for UriRefBuf {
    type Error = ConversionError;

    fn try_from(uri: http::Uri) -> Result<Self, ConversionError> {
        UriRefBuf::try_from(&uri)
    }
}
