//! The percent codec (section 2.1 and 2.4) on arbitrary bytes, with every
//! `CharSet` of the library and two built from the input.

use std::borrow::Cow;

use rfc3986::encoding::{
    decode, decode_utf8, encode, encode_preserving_escapes, CharSet, DecodeErrorKind,
};

use super::rfc::{is_reserved, is_unreserved};

/// A named set and its definition by the ABNF, byte by byte.
pub type Definition = (&'static str, CharSet, fn(u8) -> bool);

/// Each constant `CharSet` with its definition.
pub const SETS: &[Definition] = &[
    ("UNRESERVED", CharSet::UNRESERVED, is_unreserved),
    ("USERINFO", CharSet::USERINFO, |b| {
        is_unreserved(b) || is_sub_delim(b) || b == b':'
    }),
    ("REG_NAME", CharSet::REG_NAME, |b| {
        is_unreserved(b) || is_sub_delim(b)
    }),
    ("PATH", CharSet::PATH, |b| is_pchar(b) || b == b'/'),
    ("SEGMENT", CharSet::SEGMENT, is_pchar),
    ("SEGMENT_NZ_NC", CharSet::SEGMENT_NZ_NC, |b| {
        is_unreserved(b) || is_sub_delim(b) || b == b'@'
    }),
    ("QUERY", CharSet::QUERY, |b| {
        is_pchar(b) || b == b'/' || b == b'?'
    }),
    ("FRAGMENT", CharSet::FRAGMENT, |b| {
        is_pchar(b) || b == b'/' || b == b'?'
    }),
    ("new()", CharSet::new(), |_| false),
];

fn is_sub_delim(b: u8) -> bool {
    b"!$&'()*+,;=".contains(&b)
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, less the
/// escapes.
fn is_pchar(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || b == b':' || b == b'@'
}

/// The property of the `encoding` target, for every constant set and for
/// two sets built from the input's bytes (`with` them, and `QUERY` `without`
/// them):
///
/// - each constant set is exactly its ABNF rule, and no set ever holds `%`
///   or a byte that is not a URI character;
/// - `encode` is the plain encoder (each byte outside the set as `%XX`, hex
///   in upper case), borrows exactly when nothing changes, and
///   `decode(encode(b)) == b`, by bytes and by text;
/// - `encode_preserving_escapes` keeps valid escapes as written, encodes
///   every other `%`, is idempotent, and equals `encode` on input without
///   escapes;
/// - `decode` and `decode_utf8` agree with a plain decoder, errors and
///   offsets included.
pub fn codec(data: &[u8]) {
    for &(name, set, rule) in SETS {
        for b in 0..=255u8 {
            assert_eq!(set.contains(b), rule(b), "{name} on {b:#04x}");
        }
        round_trip(data, set);
    }
    let with = CharSet::new().with(data);
    let without = CharSet::QUERY.without(data);
    assert_eq!(with.union(without), without.union(with));
    for set in [with, without, with.union(CharSet::PATH)] {
        for b in 0..=255u8 {
            if set.contains(b) {
                assert!(is_unreserved(b) || is_reserved(b), "{set:?} holds {b:#04x}");
            }
        }
        round_trip(data, set);
    }
    for b in 0..=255u8 {
        let uri_char = is_unreserved(b) || is_reserved(b);
        assert_eq!(with.contains(b), uri_char && data.contains(&b));
        assert_eq!(
            without.contains(b),
            CharSet::QUERY.contains(b) && !data.contains(&b)
        );
    }
    check_decode(data);
}

/// Encoding `data` with `set`, both ways, and decoding it back.
fn round_trip(data: &[u8], set: CharSet) {
    let encoded = encode(data, set);
    assert_eq!(encoded, plain_encode(data, set, false), "{set:?}");
    let unchanged = data.iter().all(|&b| set.contains(b));
    assert_eq!(matches!(encoded, Cow::Borrowed(_)), unchanged);
    assert_eq!(decode(encoded.as_ref()).as_deref(), Ok(data), "{set:?}");
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(encode(text, set), encoded);
        assert_eq!(decode_utf8(encoded.as_ref()).as_deref(), Ok(text));
    }

    let kept = encode_preserving_escapes(data, set);
    assert_eq!(kept, plain_encode(data, set, true), "{set:?}");
    assert_eq!(encode_preserving_escapes(kept.as_ref(), set), kept);
    if !has_escape(data) {
        assert_eq!(kept, encoded);
    }
    // Valid escapes survive as escapes: decoding gives what the input's
    // escapes stand for, with every other byte as it was.
    assert_eq!(
        decode(kept.as_ref()).as_deref(),
        Ok(&lenient_decode(data)[..])
    );
}

/// Whether `b` has a `%` followed by two hex digits.
fn has_escape(b: &[u8]) -> bool {
    (0..b.len()).any(|i| is_escape(b, i))
}

fn is_escape(b: &[u8], i: usize) -> bool {
    b[i] == b'%'
        && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Section 2.1 written out: a byte in `set` as itself, any other as `%XX`
/// with upper-case hex; with `keep_escapes`, a valid `%XX` is copied.
pub fn plain_encode(data: &[u8], set: CharSet, keep_escapes: bool) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < data.len() {
        if keep_escapes && is_escape(data, i) {
            out.push_str(std::str::from_utf8(&data[i..i + 3]).expect("ASCII"));
            i += 3;
            continue;
        }
        if set.contains(data[i]) {
            out.push(char::from(data[i]));
        } else {
            out += &format!("%{:02X}", data[i]);
        }
        i += 1;
    }
    out
}

/// Decodes the valid escapes of `data` and copies everything else.
fn lenient_decode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < data.len() {
        if is_escape(data, i) {
            let hex = std::str::from_utf8(&data[i + 1..i + 3]).expect("ASCII");
            out.push(u8::from_str_radix(hex, 16).expect("hex"));
            i += 3;
        } else {
            out.push(data[i]);
            i += 1;
        }
    }
    out
}

/// A plain decoder with the library's error convention: the first `%` not
/// followed by two hex digits fails at the first byte after it that is not
/// one, or at the end of the input when the input ends first.
fn plain_decode(data: &[u8]) -> Result<Vec<u8>, (DecodeErrorKind, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < data.len() {
        if data[i] != b'%' {
            out.push(data[i]);
            i += 1;
            continue;
        }
        for at in [i + 1, i + 2] {
            match data.get(at) {
                None => return Err((DecodeErrorKind::TruncatedEscape, data.len())),
                Some(b) if !b.is_ascii_hexdigit() => {
                    return Err((DecodeErrorKind::InvalidEscape, at))
                }
                Some(_) => {}
            }
        }
        let hex = std::str::from_utf8(&data[i + 1..i + 3]).expect("ASCII");
        out.push(u8::from_str_radix(hex, 16).expect("hex"));
        i += 3;
    }
    Ok(out)
}

/// `decode` and `decode_utf8` of arbitrary input against the plain decoder.
fn check_decode(data: &[u8]) {
    let got = decode(data);
    match (&got, plain_decode(data)) {
        (Ok(bytes), Ok(expected)) => {
            assert_eq!(**bytes, expected[..]);
            assert_eq!(matches!(bytes, Cow::Borrowed(_)), !data.contains(&b'%'));
        }
        (Err(err), Err((kind, offset))) => {
            assert_eq!((err.kind(), err.offset()), (kind, offset), "{data:?}");
            assert!(err.offset() <= data.len());
            assert!(err.to_string().contains(&format!("offset {offset}")));
        }
        (got, expected) => panic!("{data:?}: {got:?}, expected {expected:?}"),
    }
    match (decode_utf8(data), got) {
        (Ok(text), Ok(bytes)) => assert_eq!(text.as_bytes(), &bytes[..]),
        (Err(err), Ok(bytes)) => {
            let utf8 = std::str::from_utf8(&bytes).expect_err("decode_utf8 failed");
            assert_eq!(err.kind(), DecodeErrorKind::NotUtf8);
            // The offset is where the escape or byte of the first bad
            // sequence starts in the input.
            let decoded_before = utf8.valid_up_to();
            let mut at = 0;
            for _ in 0..decoded_before {
                at += if data[at] == b'%' { 3 } else { 1 };
            }
            assert_eq!(err.offset(), at, "{data:?}");
        }
        (Err(err), Err(first)) => assert_eq!(err, first),
        (Ok(text), Err(err)) => panic!("{data:?}: decode_utf8 gave {text:?} but decode {err:?}"),
    }
}
