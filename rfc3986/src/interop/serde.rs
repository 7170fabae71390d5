//! `serde` support: the text, validated on the way in.

use alloc::string::String;
use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{UriRef, UriRefBuf};

impl Serialize for UriRef<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl Serialize for UriRefBuf {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct OwnedVisitor;

impl Visitor<'_> for OwnedVisitor {
    type Value = UriRefBuf;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an RFC 3986 URI reference")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<UriRefBuf, E> {
        UriRefBuf::parse(v).map_err(|e| E::custom(format_args!("invalid URI reference {v:?}: {e}")))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<UriRefBuf, E> {
        match UriRef::parse(&v) {
            Ok(_) => UriRefBuf::parse(v).map_err(E::custom),
            Err(e) => Err(E::custom(format_args!("invalid URI reference {v:?}: {e}"))),
        }
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<UriRefBuf, E> {
        UriRefBuf::try_from(v).map_err(|e| E::custom(format_args!("invalid URI reference: {e}")))
    }
}

/// Deserializes and validates; an invalid reference is an error naming the
/// offset.
///
/// ```
/// let uri: rfc3986::UriRefBuf = serde_json::from_str(r#""http://a/b""#).unwrap();
/// assert_eq!(uri.host(), Some("a"));
/// let err = serde_json::from_str::<rfc3986::UriRefBuf>(r#""http://a b/""#).unwrap_err();
/// assert!(err.to_string().contains("offset 8"));
/// ```
impl<'de> Deserialize<'de> for UriRefBuf {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_string(OwnedVisitor)
    }
}

struct BorrowedVisitor;

impl<'de> Visitor<'de> for BorrowedVisitor {
    type Value = UriRef<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an RFC 3986 URI reference borrowed from the input")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<UriRef<'de>, E> {
        UriRef::parse(v).map_err(|e| E::custom(format_args!("invalid URI reference {v:?}: {e}")))
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<UriRef<'de>, E> {
        UriRef::parse_bytes(v).map_err(|e| E::custom(format_args!("invalid URI reference: {e}")))
    }
}

/// Deserializes without copying, from input that holds the text as is (no
/// escapes to undo); otherwise use [`UriRefBuf`].
///
/// ```
/// let uri: rfc3986::UriRef<'_> = serde_json::from_str(r#""/a?b""#).unwrap();
/// assert_eq!(uri.query(), Some("b"));
/// ```
impl<'de: 'a, 'a> Deserialize<'de> for UriRef<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor)
    }
}
