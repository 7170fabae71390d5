//! Percent-encoding and decoding (sections 2.1 to 2.5).
//!
//! ```text
//! pct-encoded = "%" HEXDIG HEXDIG
//! ```
//!
//! A component can hold only the characters its rule allows; any other octet
//! of data is written as `%` and two hexadecimal digits (section 2.1). Which
//! characters are allowed depends on the component, so encoding takes a
//! [`CharSet`]: the bytes that pass through unchanged. There is one constant
//! per component of the ABNF ([`CharSet::USERINFO`], [`CharSet::REG_NAME`],
//! [`CharSet::PATH`], [`CharSet::SEGMENT`], [`CharSet::SEGMENT_NZ_NC`],
//! [`CharSet::QUERY`], [`CharSet::FRAGMENT`]) plus [`CharSet::UNRESERVED`];
//! scheme-specific rules build their own with `const fn`s.
//!
//! # What this module guarantees
//!
//! - **Upper-case hex**: encoding writes `%2F`, never `%2f` (section 2.1).
//! - **UTF-8 first**: text is encoded as its UTF-8 bytes (section 2.5): `A`
//!   stays `A`, `À` becomes `%C3%80`, `ア` becomes `%E3%82%A2`. Bytes are
//!   encoded as they are.
//! - **Nothing twice** (section 2.4): [`encode`] writes every `%` as `%25`, so
//!   [`decode`] gives back exactly what was encoded. Input that is already
//!   partly encoded goes through [`encode_preserving_escapes`] instead, which
//!   keeps each *valid* `%XX` as written and still encodes any other `%`.
//! - **No silent loss**: decoding a `%` that is not followed by two
//!   hexadecimal digits is a [`DecodeError`] with its offset. (The reference
//!   design drops a truncated `%4` silently; this crate does not.)
//! - **Borrow when unchanged**: every function returns a [`Cow`] that borrows
//!   its input when there is nothing to encode or decode, and otherwise
//!   allocates exactly once.
//!
//! ```
//! use rfc3986::encoding::{decode_utf8, encode, CharSet};
//!
//! assert_eq!(encode("a/b c", CharSet::SEGMENT), "a%2Fb%20c");
//! assert_eq!(encode("a/b c", CharSet::PATH), "a/b%20c");
//! assert_eq!(encode("q=#tag", CharSet::QUERY), "q=%23tag");
//! assert_eq!(decode_utf8("caf%C3%A9").unwrap(), "café");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::Utf8Error;

use crate::chars::{self, hex_value, Class};

/// A set of ASCII characters that encoding leaves as they are; every other
/// byte is percent-encoded.
///
/// Only characters a URI can hold unencoded can be in a set: `unreserved`
/// and `reserved` (sections 2.2 and 2.3). `%` never is, since it always
/// starts an escape (section 2.4), and neither are controls, space, `"<>\^`
/// `` ` `` `{|}` or bytes above 0x7F: [`with`](Self::with) ignores them, so
/// that whatever set is used, encoded output is made of URI characters only.
///
/// ```
/// use rfc3986::encoding::{encode, CharSet};
///
/// // A query value for `key=value&...` pairs: `&`, `=` and `+` are data.
/// const VALUE: CharSet = CharSet::QUERY.without(b"&=+");
/// assert_eq!(encode("a=1&b", VALUE), "a%3D1%26b");
/// assert!(CharSet::QUERY.contains(b'?') && !VALUE.contains(b'&'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CharSet {
    /// Bit `b` is set when ASCII byte `b` passes through.
    bits: u128,
}

/// The characters a set may hold: `unreserved / reserved`.
const URI_CHARACTERS: Class = chars::UNRESERVED | chars::RESERVED;

impl CharSet {
    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`: everything else
    /// is encoded. The safest set for data, and the one whose encoding every
    /// normalizer leaves alone (section 2.3).
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("a-b_c.d~e/f", CharSet::UNRESERVED), "a-b_c.d~e%2Ff");
    /// ```
    pub const UNRESERVED: CharSet = CharSet::from_class(chars::UNRESERVED);

    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (section
    /// 3.2.1): `@`, `/`, `?`, `#`, `[` and `]` are encoded.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("me@home:pw", CharSet::USERINFO), "me%40home:pw");
    /// ```
    pub const USERINFO: CharSet = CharSet::from_class(chars::USERINFO);

    /// `reg-name = *( unreserved / pct-encoded / sub-delims )` (section
    /// 3.2.2), the host as a registered name: `:` is encoded too.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("bücher.example", CharSet::REG_NAME), "b%C3%BCcher.example");
    /// ```
    pub const REG_NAME: CharSet = CharSet::from_class(chars::REG_NAME);

    /// `path = *( pchar / "/" )` (section 3.3): a whole path, whose `/` stay
    /// separators. `?` and `#` are encoded.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("/a b/c?", CharSet::PATH), "/a%20b/c%3F");
    /// ```
    pub const PATH: CharSet = CharSet::from_class(chars::PATH);

    /// `segment = *pchar` (section 3.3): one path segment, so `/` is data and
    /// is encoded as `%2F`.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("AC/DC", CharSet::SEGMENT), "AC%2FDC");
    /// ```
    pub const SEGMENT: CharSet = CharSet::from_class(chars::PCHAR);

    /// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
    /// (section 3.3): the first segment of a relative-path reference, where a
    /// `:` would be read as the end of a scheme, so `:` is encoded too.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("a:b", CharSet::SEGMENT_NZ_NC), "a%3Ab");
    /// ```
    pub const SEGMENT_NZ_NC: CharSet = CharSet::from_class(chars::SEGMENT_NC);

    /// `query = *( pchar / "/" / "?" )` (section 3.4): `#` is encoded.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("a=1&b=/?#", CharSet::QUERY), "a=1&b=/?%23");
    /// ```
    pub const QUERY: CharSet = CharSet::from_class(chars::QUERY);

    /// `fragment = *( pchar / "/" / "?" )` (section 3.5), the same set as
    /// the query: a second `#` is encoded.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("sec#2", CharSet::FRAGMENT), "sec%232");
    /// ```
    pub const FRAGMENT: CharSet = CharSet::from_class(chars::FRAGMENT);

    /// The empty set: every byte is encoded.
    ///
    /// ```
    /// use rfc3986::encoding::{encode, CharSet};
    /// assert_eq!(encode("ab", CharSet::new()), "%61%62");
    /// ```
    pub const fn new() -> CharSet {
        CharSet { bits: 0 }
    }

    /// The bytes of one class of the byte table, below 0x80.
    const fn from_class(class: Class) -> CharSet {
        let mut bits = 0u128;
        let mut b = 0;
        while b < 128 {
            if chars::TABLE[b] & class != 0 {
                bits |= 1 << b;
            }
            b += 1;
        }
        CharSet { bits }
    }

    /// This set plus the given characters. Bytes that a URI cannot hold
    /// unencoded (`%`, controls, space, `"<>\^`, `` ` ``, `{|}`, non-ASCII)
    /// are ignored: they are always encoded.
    ///
    /// ```
    /// use rfc3986::encoding::CharSet;
    /// const SET: CharSet = CharSet::UNRESERVED.with(b"/!%");
    /// assert!(SET.contains(b'/') && SET.contains(b'!'));
    /// assert!(!SET.contains(b'%'));
    /// ```
    #[must_use]
    pub const fn with(self, chars: &[u8]) -> CharSet {
        let mut bits = self.bits;
        let mut i = 0;
        while i < chars.len() {
            let b = chars[i];
            if chars::TABLE[b as usize] & URI_CHARACTERS != 0 {
                bits |= 1 << b;
            }
            i += 1;
        }
        CharSet { bits }
    }

    /// This set less the given characters, which will be encoded.
    ///
    /// ```
    /// use rfc3986::encoding::CharSet;
    /// const NO_PLUS: CharSet = CharSet::QUERY.without(b"+");
    /// assert!(!NO_PLUS.contains(b'+') && NO_PLUS.contains(b'='));
    /// ```
    #[must_use]
    pub const fn without(self, chars: &[u8]) -> CharSet {
        let mut bits = self.bits;
        let mut i = 0;
        while i < chars.len() {
            if chars[i] < 128 {
                bits &= !(1 << chars[i]);
            }
            i += 1;
        }
        CharSet { bits }
    }

    /// The characters in either set.
    ///
    /// ```
    /// use rfc3986::encoding::CharSet;
    /// let set = CharSet::UNRESERVED.union(CharSet::new().with(b"/"));
    /// assert!(set.contains(b'/') && set.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn union(self, other: CharSet) -> CharSet {
        CharSet {
            bits: self.bits | other.bits,
        }
    }

    /// Whether `byte` passes through encoding unchanged.
    ///
    /// ```
    /// use rfc3986::encoding::CharSet;
    /// assert!(CharSet::PATH.contains(b'/'));
    /// assert!(!CharSet::SEGMENT.contains(b'/'));
    /// assert!(!CharSet::PATH.contains(b'%'));
    /// ```
    pub const fn contains(&self, byte: u8) -> bool {
        byte < 128 && self.bits >> byte & 1 == 1
    }
}

impl fmt::Debug for CharSet {
    /// Lists the characters: `CharSet("!$&'()*+,-.0123...")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CharSet(\"")?;
        for b in 0..128u8 {
            if self.contains(b) {
                fmt::Write::write_char(f, char::from(b))?;
            }
        }
        f.write_str("\")")
    }
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Whether `bytes[i]` is a `%` followed by two hexadecimal digits.
#[inline]
fn is_escape(bytes: &[u8], i: usize) -> bool {
    matches!(bytes.get(i..i + 3), Some([b'%', hi, lo]) if hex_value(*hi).is_some() && hex_value(*lo).is_some())
}

/// How many bytes starting at `bytes[i]` are copied unchanged as one unit:
/// 1 for a byte in the set, 3 for a valid escape kept by
/// `preserve_escapes`, 0 for a byte that must be encoded.
#[inline]
fn kept(bytes: &[u8], i: usize, set: CharSet, preserve_escapes: bool) -> usize {
    let b = bytes[i];
    if set.contains(b) {
        1
    } else if preserve_escapes && b == b'%' && is_escape(bytes, i) {
        3
    } else {
        0
    }
}

/// The index of the first byte that encoding changes, if any.
fn first_change(bytes: &[u8], set: CharSet, preserve_escapes: bool) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        match kept(bytes, i, set, preserve_escapes) {
            0 => return Some(i),
            n => i += n,
        }
    }
    None
}

/// The length of `bytes` once encoded: three bytes for each encoded byte.
pub(crate) fn encoded_len(bytes: &[u8], set: CharSet, preserve_escapes: bool) -> usize {
    let mut i = 0;
    let mut len = 0;
    while i < bytes.len() {
        match kept(bytes, i, set, preserve_escapes) {
            0 => {
                i += 1;
                len += 3;
            }
            n => {
                i += n;
                len += n;
            }
        }
    }
    len
}

/// Appends `bytes` to `out`, encoded with `set`. Writes only ASCII.
pub(crate) fn encode_into(out: &mut String, bytes: &[u8], set: CharSet, preserve_escapes: bool) {
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        // Copy the longest run that needs no change in one call.
        loop {
            match bytes.get(i).map(|_| kept(bytes, i, set, preserve_escapes)) {
                Some(0) | None => break,
                Some(n) => i += n,
            }
        }
        // The run is set members and `%XX` escapes, so ASCII: the
        // conversion succeeds and the run is copied in one piece.
        if let Ok(run) = core::str::from_utf8(&bytes[start..i]) {
            out.push_str(run);
        }
        if let Some(&b) = bytes.get(i) {
            out.push('%');
            out.push(char::from(UPPER_HEX[usize::from(b >> 4)]));
            out.push(char::from(UPPER_HEX[usize::from(b & 0xF)]));
            i += 1;
        }
    }
}

fn encode_impl(bytes: &[u8], set: CharSet, preserve_escapes: bool) -> Cow<'_, str> {
    let first = first_change(bytes, set, preserve_escapes);
    if first.is_none() {
        // Nothing to change: all of it is set members or escapes, so ASCII
        // and the conversion succeeds.
        if let Ok(text) = core::str::from_utf8(bytes) {
            return Cow::Borrowed(text);
        }
    }
    let first = first.unwrap_or(0);
    let mut out =
        String::with_capacity(first + encoded_len(&bytes[first..], set, preserve_escapes));
    encode_into(&mut out, bytes, set, preserve_escapes);
    Cow::Owned(out)
}

/// Percent-encodes text or bytes: each byte not in `set` becomes `%XX` with
/// upper-case hex. Text is encoded as its UTF-8 bytes (section 2.5); bytes
/// are encoded as they are, UTF-8 or not. Every `%` becomes `%25`, so
/// [`decode`] always gives back the input (section 2.4); for input that
/// already holds escapes, see [`encode_preserving_escapes`].
///
/// Borrows the input when every byte is in `set` (it is then ASCII).
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::encoding::{encode, CharSet};
///
/// // Section 2.5.
/// assert_eq!(encode("A", CharSet::UNRESERVED), "A");
/// assert_eq!(encode("À", CharSet::UNRESERVED), "%C3%80");
/// assert_eq!(encode("ア", CharSet::UNRESERVED), "%E3%82%A2");
/// // Section 2.4: a `%` is data, not an escape.
/// assert_eq!(encode("100%41", CharSet::QUERY), "100%2541");
/// assert!(matches!(encode("plain", CharSet::PATH), Cow::Borrowed("plain")));
/// // Bytes need not be UTF-8: Latin-1 "é" is one byte, not the two of UTF-8.
/// assert_eq!(encode(b"caf\xE9", CharSet::SEGMENT), "caf%E9");
/// assert_eq!(encode(&b"\xFF\x00a"[..], CharSet::UNRESERVED), "%FF%00a");
/// ```
pub fn encode<I: AsRef<[u8]> + ?Sized>(input: &I, set: CharSet) -> Cow<'_, str> {
    encode_impl(input.as_ref(), set, false)
}

/// Percent-encodes text (or bytes) that may already be partly encoded: a `%` followed
/// by two hexadecimal digits is kept as written (its case too), any other
/// `%` becomes `%25`, and the rest is encoded as by [`encode`].
///
/// This is the mode for input such as `a%20b c` typed by a person or taken
/// from a document. It is idempotent: applying it to its own output changes
/// nothing, so text is never encoded twice (section 2.4). The price is that
/// a literal `%41` in the input cannot be told from an escape: where the
/// input is data, use [`encode`].
///
/// ```
/// use rfc3986::encoding::{encode_preserving_escapes, CharSet};
/// assert_eq!(encode_preserving_escapes("a%20b c", CharSet::PATH), "a%20b%20c");
/// assert_eq!(encode_preserving_escapes("100%", CharSet::PATH), "100%25");
/// assert_eq!(encode_preserving_escapes("%zz%4", CharSet::PATH), "%25zz%254");
/// assert_eq!(encode_preserving_escapes("%e9", CharSet::PATH), "%e9");
/// ```
pub fn encode_preserving_escapes<I: AsRef<[u8]> + ?Sized>(input: &I, set: CharSet) -> Cow<'_, str> {
    encode_impl(input.as_ref(), set, true)
}

/// Why decoding failed.
///
/// Each variant lists an example input and the offset it fails at.
///
/// ```
/// use rfc3986::encoding::{decode, decode_utf8, DecodeErrorKind};
/// assert_eq!(decode("a%zz").unwrap_err().kind(), DecodeErrorKind::InvalidEscape);
/// assert_eq!(decode("a%4").unwrap_err().kind(), DecodeErrorKind::TruncatedEscape);
/// assert_eq!(decode_utf8("%FF").unwrap_err().kind(), DecodeErrorKind::NotUtf8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A `%` followed by a byte that is not a hexadecimal digit. `a%zz`
    /// fails at 2, the first `z`; `%4g` at 2, the `g`.
    InvalidEscape,
    /// A `%` with fewer than two bytes after it. `a%4` and `a%` fail at the
    /// end of the input (3 and 2).
    TruncatedEscape,
    /// The decoded bytes are not UTF-8, when text was asked for. `a%FF`
    /// fails at 1, the `%` that starts the bad sequence.
    NotUtf8,
}

impl DecodeErrorKind {
    /// A short kebab-case name: `"invalid-escape"`, `"truncated-escape"`,
    /// `"not-utf8"`.
    ///
    /// ```
    /// use rfc3986::encoding::DecodeErrorKind;
    /// assert_eq!(DecodeErrorKind::NotUtf8.name(), "not-utf8");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DecodeErrorKind::InvalidEscape => "invalid-escape",
            DecodeErrorKind::TruncatedEscape => "truncated-escape",
            DecodeErrorKind::NotUtf8 => "not-utf8",
        }
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Percent-decoding failed: an escape is invalid or cut short, or the
/// result is not UTF-8 when text was asked for.
///
/// The offset counts bytes of the input, as a [`ParseError`](crate::ParseError)'s
/// does: for a bad escape it is where the longest valid prefix ends (the
/// first byte that is not a hex digit, or the end of the input); for bad
/// UTF-8 it is the start of the first byte or escape that is not part of a
/// valid sequence.
///
/// ```
/// use rfc3986::encoding::{decode, DecodeErrorKind};
/// let err = decode("50%zz").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (DecodeErrorKind::InvalidEscape, 3));
/// assert_eq!(err.to_string(), "invalid escape at offset 3: expected two hexadecimal digits after '%'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    kind: DecodeErrorKind,
    offset: usize,
}

impl DecodeError {
    /// What went wrong.
    ///
    /// ```
    /// use rfc3986::encoding::{decode, DecodeErrorKind};
    /// assert_eq!(decode("%4").unwrap_err().kind(), DecodeErrorKind::TruncatedEscape);
    /// ```
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }

    /// The byte offset in the input where decoding stopped.
    ///
    /// ```
    /// use rfc3986::encoding::decode_utf8;
    /// assert_eq!(decode_utf8("ok%C3").unwrap_err().offset(), 2);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, expected) = match self.kind {
            DecodeErrorKind::InvalidEscape => {
                ("invalid escape", "two hexadecimal digits after '%'")
            }
            DecodeErrorKind::TruncatedEscape => {
                ("truncated escape", "two hexadecimal digits after '%'")
            }
            DecodeErrorKind::NotUtf8 => ("not UTF-8", "percent-encoded UTF-8"),
        };
        write!(f, "{what} at offset {}: expected {expected}", self.offset)
    }
}

impl core::error::Error for DecodeError {}

/// Decodes `bytes[first..]`, where `bytes[first]` is the first `%`.
fn decode_from(bytes: &[u8], first: usize) -> Result<Vec<u8>, DecodeError> {
    // Decoding never lengthens: at most one byte out per byte in.
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'%' {
            out.push(b);
            i += 1;
            continue;
        }
        // pct-encoded = "%" HEXDIG HEXDIG
        let mut value = 0u8;
        for at in i + 1..i + 3 {
            let Some(&digit) = bytes.get(at) else {
                return Err(DecodeError {
                    kind: DecodeErrorKind::TruncatedEscape,
                    offset: bytes.len(),
                });
            };
            let Some(digit) = hex_value(digit) else {
                return Err(DecodeError {
                    kind: DecodeErrorKind::InvalidEscape,
                    offset: at,
                });
            };
            value = value << 4 | digit;
        }
        out.push(value);
        i += 3;
    }
    Ok(out)
}

/// Maps `decoded`, a count of decoded bytes, back to an offset in `input`:
/// where the byte that decoded to position `decoded` was written.
fn input_offset(input: &[u8], decoded: usize) -> usize {
    let mut i = 0;
    for _ in 0..decoded {
        // The input decoded without error, so every `%` starts an escape.
        i += if input.get(i) == Some(&b'%') { 3 } else { 1 };
    }
    i
}

/// Percent-decodes to bytes: every `%XX` becomes the byte it stands for; all
/// other bytes are kept. Takes text or bytes.
///
/// Borrows the input when it has no `%`.
///
/// # Errors
///
/// [`DecodeErrorKind::InvalidEscape`] or [`DecodeErrorKind::TruncatedEscape`]
/// at the first `%` that is not followed by two hexadecimal digits. Nothing
/// is dropped or guessed.
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::encoding::decode;
/// assert_eq!(decode("a%20b%FF").unwrap(), &b"a b\xFF"[..]);
/// assert!(matches!(decode("a+b").unwrap(), Cow::Borrowed(b"a+b")));
/// assert_eq!(decode(&b"%41\xFE"[..]).unwrap(), &b"A\xFE"[..]);
/// assert!(decode("%4").is_err());
/// ```
pub fn decode<I: AsRef<[u8]> + ?Sized>(input: &I) -> Result<Cow<'_, [u8]>, DecodeError> {
    let bytes = input.as_ref();
    match bytes.iter().position(|&b| b == b'%') {
        None => Ok(Cow::Borrowed(bytes)),
        Some(first) => decode_from(bytes, first).map(Cow::Owned),
    }
}

/// Percent-decodes to UTF-8 text. Takes text or bytes.
///
/// Borrows the input when it has no `%` (and, for bytes, is UTF-8).
///
/// # Errors
///
/// As [`decode`], and [`DecodeErrorKind::NotUtf8`] when the decoded bytes are
/// not UTF-8, at the offset in the input where the first bad sequence starts.
///
/// ```
/// use rfc3986::encoding::{decode_utf8, DecodeErrorKind};
/// assert_eq!(decode_utf8("%E3%82%A2").unwrap(), "ア");
/// let err = decode_utf8("a%C3%28").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (DecodeErrorKind::NotUtf8, 1));
/// ```
pub fn decode_utf8<I: AsRef<[u8]> + ?Sized>(input: &I) -> Result<Cow<'_, str>, DecodeError> {
    let bytes = input.as_ref();
    let not_utf8 = |e: Utf8Error| DecodeError {
        kind: DecodeErrorKind::NotUtf8,
        offset: input_offset(bytes, e.valid_up_to()),
    };
    match decode(bytes)? {
        Cow::Borrowed(raw) => core::str::from_utf8(raw)
            .map(Cow::Borrowed)
            .map_err(not_utf8),
        Cow::Owned(decoded) => String::from_utf8(decoded)
            .map(Cow::Owned)
            .map_err(|e| not_utf8(e.utf8_error())),
    }
}

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
        // The parser checked every escape, so the error arm is never taken;
        // it keeps this total without a panic path.
        decode(self.raw).unwrap_or(Cow::Borrowed(self.raw.as_bytes()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn component_sets_match_the_byte_table() {
        let sets = [
            (CharSet::UNRESERVED, chars::UNRESERVED),
            (CharSet::USERINFO, chars::USERINFO),
            (CharSet::REG_NAME, chars::REG_NAME),
            (CharSet::PATH, chars::PATH),
            (CharSet::SEGMENT, chars::PCHAR),
            (CharSet::SEGMENT_NZ_NC, chars::SEGMENT_NC),
            (CharSet::QUERY, chars::QUERY),
            (CharSet::FRAGMENT, chars::FRAGMENT),
        ];
        for (set, class) in sets {
            for b in 0..=255u8 {
                assert_eq!(set.contains(b), chars::is(b, class), "{set:?} {b:#x}");
            }
        }
    }

    #[test]
    fn with_admits_only_uri_characters() {
        let all: alloc::vec::Vec<u8> = (0..=255).collect();
        let set = CharSet::new().with(&all);
        for b in 0..=255u8 {
            assert_eq!(
                set.contains(b),
                chars::is(b, chars::UNRESERVED | chars::RESERVED),
                "{b:#x}"
            );
        }
        assert_eq!(CharSet::new().without(&all), CharSet::new());
        assert_eq!(set.without(&all), CharSet::new());
    }

    #[test]
    fn encoded_len_matches_what_is_written() {
        for (text, keep) in [
            ("a%2", true),
            ("%41%zz", true),
            ("%41%zz", false),
            ("", false),
        ] {
            let mut out = String::new();
            encode_into(&mut out, text.as_bytes(), CharSet::PATH, keep);
            assert_eq!(
                out.len(),
                encoded_len(text.as_bytes(), CharSet::PATH, keep),
                "{text}"
            );
        }
    }

    #[test]
    fn input_offset_counts_escapes_as_three() {
        assert_eq!(input_offset(b"a%41b", 0), 0);
        assert_eq!(input_offset(b"a%41b", 2), 4);
        assert_eq!(input_offset(b"a%41b", 3), 5);
    }
}
