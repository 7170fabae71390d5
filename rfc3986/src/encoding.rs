//! Percent-encoding (sections 2.1 to 2.5): `pct-encoded = "%" HEXDIG HEXDIG`.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::str::Utf8Error;

use crate::chars::hex_value;

/// A component as written, known to hold only valid `%XX` escapes, with ways
/// to decode it.
///
/// Decoding borrows when there is no `%` to decode.
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::UriRef;
/// let uri = UriRef::parse("/caf%C3%A9?q=plain").unwrap();
/// assert_eq!(uri.path_decoded().to_utf8().unwrap(), "/café");
/// assert!(matches!(uri.query_decoded().unwrap().to_utf8().unwrap(), Cow::Borrowed("q=plain")));
/// let bad = UriRef::parse("/%FF").unwrap();
/// assert_eq!(bad.path_decoded().to_bytes(), &b"/\xFF"[..]);
/// assert!(bad.path_decoded().to_utf8().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoded<'a> {
    raw: &'a str,
}

impl<'a> Decoded<'a> {
    /// Wraps text that the parser has validated.
    pub(crate) fn new_validated(raw: &'a str) -> Self {
        Decoded { raw }
    }

    /// The text as written, still percent-encoded.
    ///
    /// ```
    /// let uri = rfc3986::UriRef::parse("/a%20b").unwrap();
    /// assert_eq!(uri.path_decoded().as_raw(), "/a%20b");
    /// ```
    pub fn as_raw(&self) -> &'a str {
        self.raw
    }

    /// The decoded bytes: every `%XX` replaced by the byte it stands for.
    ///
    /// ```
    /// let uri = rfc3986::UriRef::parse("/a%20b%00").unwrap();
    /// assert_eq!(uri.path_decoded().to_bytes(), &b"/a b\0"[..]);
    /// ```
    pub fn to_bytes(&self) -> Cow<'a, [u8]> {
        let raw = self.raw.as_bytes();
        let Some(first) = raw.iter().position(|&b| b == b'%') else {
            return Cow::Borrowed(raw);
        };
        let mut out = Vec::with_capacity(raw.len());
        out.extend_from_slice(&raw[..first]);
        let mut i = first;
        while i < raw.len() {
            let b = raw[i];
            if b == b'%' {
                // The parser checked that two hex digits follow every `%`.
                let hi = raw.get(i + 1).and_then(|&c| hex_value(c)).unwrap_or(0);
                let lo = raw.get(i + 2).and_then(|&c| hex_value(c)).unwrap_or(0);
                out.push(hi << 4 | lo);
                i += 3;
            } else {
                out.push(b);
                i += 1;
            }
        }
        Cow::Owned(out)
    }

    /// The decoded text, if the decoded bytes are UTF-8.
    ///
    /// # Errors
    ///
    /// Returns the [`Utf8Error`] of the decoded bytes when they are not UTF-8
    /// (its offsets count decoded bytes).
    ///
    /// ```
    /// let uri = rfc3986::UriRef::parse("/%E3%82%A2").unwrap();
    /// assert_eq!(uri.path_decoded().to_utf8().unwrap(), "/ア");
    /// ```
    pub fn to_utf8(&self) -> Result<Cow<'a, str>, Utf8Error> {
        match self.to_bytes() {
            Cow::Borrowed(_) => Ok(Cow::Borrowed(self.raw)),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(s) => Ok(Cow::Owned(s)),
                Err(e) => Err(e.utf8_error()),
            },
        }
    }
}
