//! Conversions to and from `url::Url`, the WHATWG URL Standard.
//!
//! WHATWG and RFC 3986 differ: WHATWG parses more leniently (it accepts
//! `\` as `/` in special schemes, strips tabs and newlines, percent-encodes
//! spaces and non-ASCII), normalizes while parsing (lower-case scheme and
//! host, IDNA for special schemes, dot segments removed, default port
//! dropped, an empty path becomes `/` in special schemes), and has no
//! relative URL value at all. So converting to `url::Url` needs a scheme and
//! may change the text; converting back keeps `url::Url`'s serialization
//! exactly and fails where that text is not RFC 3986.

use alloc::string::ToString;

use crate::interop::{ConversionError, ConversionErrorKind};
use crate::{UriRef, UriRefBuf};

const TARGET: &str = "url::Url";

fn to_url(uri: UriRef<'_>) -> Result<url::Url, ConversionError> {
    if uri.is_relative() {
        return Err(ConversionError::new(TARGET, ConversionErrorKind::Relative));
    }
    url::Url::parse(uri.as_str())
        .map_err(|e| ConversionError::new(TARGET, ConversionErrorKind::Rejected(e.to_string())))
}

/// Converts a URI to `url::Url`, which may normalize it (see the module docs).
///
/// ```
/// use rfc3986::UriRef;
/// let url = url::Url::try_from(UriRef::parse("HTTP://Example.COM:80/a/../b").unwrap()).unwrap();
/// assert_eq!(url.as_str(), "http://example.com/b");
/// assert!(url::Url::try_from(UriRef::parse("../b").unwrap()).is_err());
/// ```
impl TryFrom<UriRef<'_>> for url::Url {
    type Error = ConversionError;

    fn try_from(uri: UriRef<'_>) -> Result<Self, ConversionError> {
        to_url(uri)
    }
}

/// Converts a URI to `url::Url`; see the `UriRef` conversion.
///
/// ```
/// let uri = rfc3986::UriRefBuf::parse("urn:isbn:0451450523").unwrap();
/// assert_eq!(url::Url::try_from(&uri).unwrap().path(), "isbn:0451450523");
/// ```
impl TryFrom<&UriRefBuf> for url::Url {
    type Error = ConversionError;

    fn try_from(uri: &UriRefBuf) -> Result<Self, ConversionError> {
        to_url(uri.as_uri_ref())
    }
}

/// Converts a `url::Url` to a reference with the same text.
///
/// ```
/// let url = url::Url::parse("https://example.com/a b?c#d").unwrap();
/// let uri = rfc3986::UriRefBuf::try_from(&url).unwrap();
/// assert_eq!(uri.path(), "/a%20b");
/// ```
impl TryFrom<&url::Url> for UriRefBuf {
    type Error = ConversionError;

    fn try_from(url: &url::Url) -> Result<Self, ConversionError> {
        UriRefBuf::parse(url.as_str())
            .map_err(|e| ConversionError::new(TARGET, ConversionErrorKind::Invalid(e)))
    }
}

impl TryFrom<url::Url> for UriRefBuf {
    type Error = ConversionError;

    fn try_from(url: url::Url) -> Result<Self, ConversionError> {
        UriRefBuf::try_from(&url)
    }
}
