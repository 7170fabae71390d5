//! Conversions to and from other crates' URI types, behind Cargo features.
//!
//! - `serde`: [`UriRef`](crate::UriRef) and [`UriRefBuf`](crate::UriRefBuf)
//!   serialize as their text and deserialize with validation.
//! - `http`: `http::Uri`, which holds the request-target forms of HTTP
//!   (RFC 9112): no fragment, and no relative reference other than an
//!   absolute path.
//! - `url`: `url::Url`, the WHATWG URL Standard, which is not RFC 3986. It
//!   parses more leniently (backslashes, spaces, tabs and newlines), and
//!   normalizes as it parses (lower-case scheme and host, IDNA, dot segments,
//!   default ports, its own percent-encode sets). A conversion keeps its
//!   serialization exactly, and fails where that is not RFC 3986.

#[cfg(feature = "http")]
mod http;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "url")]
mod url;

#[cfg(any(feature = "http", feature = "url"))]
pub use conversion::{ConversionError, ConversionErrorKind};

#[cfg(any(feature = "http", feature = "url"))]
mod conversion {
    use alloc::string::String;
    use core::fmt;

    use crate::ParseError;

    /// Why a reference could not be converted to or from another crate's type.
    ///
    /// ```
    /// # #[cfg(feature = "http")] {
    /// use rfc3986::{ConversionErrorKind, UriRef};
    /// let err = http::Uri::try_from(UriRef::parse("mailto:x@example.com").unwrap()).unwrap_err();
    /// assert_eq!(err.kind(), &ConversionErrorKind::NoAuthority);
    /// # }
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq)]
    #[non_exhaustive]
    pub enum ConversionErrorKind {
        /// The target type cannot hold a fragment (`http::Uri`).
        Fragment,
        /// The target type needs a scheme (`url::Url`), or cannot hold this
        /// form of relative reference (`http::Uri` holds only `/path?query`).
        Relative,
        /// The target type cannot hold a URI without an authority
        /// (`http::Uri` and `mailto:x`).
        NoAuthority,
        /// The other crate refused the text; its message.
        Rejected(String),
        /// The other crate's text is not a valid RFC 3986 reference.
        Invalid(ParseError),
    }

    /// A conversion to or from `http::Uri` or `url::Url` failed.
    ///
    /// ```
    /// # #[cfg(feature = "http")] {
    /// use rfc3986::{ConversionErrorKind, UriRef};
    /// let err = http::Uri::try_from(UriRef::parse("http://a/b#frag").unwrap()).unwrap_err();
    /// assert_eq!(err.kind(), &ConversionErrorKind::Fragment);
    /// # }
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct ConversionError {
        target: &'static str,
        kind: ConversionErrorKind,
    }

    impl ConversionError {
        pub(crate) fn new(target: &'static str, kind: ConversionErrorKind) -> Self {
            ConversionError { target, kind }
        }

        /// Why the conversion failed.
        ///
        /// ```
        /// # #[cfg(feature = "url")] {
        /// use rfc3986::{ConversionErrorKind, UriRef};
        /// let err = url::Url::try_from(UriRef::parse("/relative").unwrap()).unwrap_err();
        /// assert_eq!(err.kind(), &ConversionErrorKind::Relative);
        /// # }
        /// ```
        pub fn kind(&self) -> &ConversionErrorKind {
            &self.kind
        }
    }

    impl fmt::Display for ConversionError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let target = self.target;
            match &self.kind {
                ConversionErrorKind::Fragment => write!(f, "{target} cannot hold a fragment"),
                ConversionErrorKind::Relative => {
                    write!(f, "{target} cannot hold this relative reference")
                }
                ConversionErrorKind::NoAuthority => {
                    write!(f, "{target} cannot hold a URI without an authority")
                }
                ConversionErrorKind::Rejected(why) => write!(f, "{target} refused it: {why}"),
                ConversionErrorKind::Invalid(err) => {
                    write!(f, "the {target} is not a valid RFC 3986 reference: {err}")
                }
            }
        }
    }

    impl core::error::Error for ConversionError {}
}
