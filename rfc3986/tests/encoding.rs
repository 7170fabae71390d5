//! Percent-encoding: the section 2.5 examples, each component's set, the
//! pre-encoded mode, decoding errors with offsets, borrowing, and the
//! property decode(encode(x)) == x for every set.

use std::borrow::Cow;

use proptest::prelude::*;
use rfc3986::encoding::{
    decode, decode_utf8, encode, encode_preserving_escapes, CharSet, DecodeErrorKind,
};
use rfc3986::UriRef;

/// Every set the crate defines, named, plus two custom ones.
const SETS: &[(&str, CharSet)] = &[
    ("unreserved", CharSet::UNRESERVED),
    ("userinfo", CharSet::USERINFO),
    ("reg-name", CharSet::REG_NAME),
    ("path", CharSet::PATH),
    ("segment", CharSet::SEGMENT),
    ("segment-nz-nc", CharSet::SEGMENT_NZ_NC),
    ("query", CharSet::QUERY),
    ("fragment", CharSet::FRAGMENT),
    ("empty", CharSet::new()),
    ("form value", CharSet::QUERY.without(b"&=+")),
];

#[track_caller]
fn enc(set: CharSet, input: &str, expected: &str) {
    assert_eq!(encode(input, set), expected, "{input:?} with {set:?}");
}

#[track_caller]
fn keep(set: CharSet, input: &str, expected: &str) {
    assert_eq!(
        encode_preserving_escapes(input, set),
        expected,
        "{input:?} with {set:?}"
    );
}

#[track_caller]
fn dec(input: &str, expected: &[u8]) {
    assert_eq!(decode(input).unwrap(), expected, "{input:?}");
}

#[track_caller]
fn dec_err(input: &[u8], kind: DecodeErrorKind, offset: usize) {
    let err = decode_utf8(input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (kind, offset), "{input:?}");
}

#[test]
fn section_2_5_examples() {
    // "the character A would be represented as "A", the character LATIN
    // CAPITAL LETTER A WITH GRAVE would be represented as "%C3%80", and the
    // character KATAKANA LETTER A would be represented as "%E3%82%A2"."
    for &(_, set) in &SETS[..8] {
        enc(set, "A", "A");
        enc(set, "À", "%C3%80");
        enc(set, "ア", "%E3%82%A2");
    }
    assert_eq!(decode_utf8("%C3%80").unwrap(), "À");
    assert_eq!(decode_utf8("%E3%82%A2").unwrap(), "ア");
}

#[test]
fn section_2_1_upper_case_hex() {
    enc(CharSet::UNRESERVED, "\u{00ff}\n", "%C3%BF%0A");
    assert_eq!(encode(b"\xab\xcd\xef", CharSet::new()), "%AB%CD%EF");
    // Decoding accepts either case (HEXDIG is case-insensitive).
    dec("%c3%bf%C3%BF", "ÿÿ".as_bytes());
}

#[test]
fn each_component_set() {
    let all = "!$&'()*+,;=:@/?#[]-._~ %\"<>\\^`{|}";
    enc(CharSet::UNRESERVED, all, "%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40%2F%3F%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D");
    enc(
        CharSet::USERINFO,
        all,
        "!$&'()*+,;=:%40%2F%3F%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    enc(
        CharSet::REG_NAME,
        all,
        "!$&'()*+,;=%3A%40%2F%3F%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    enc(
        CharSet::PATH,
        all,
        "!$&'()*+,;=:@/%3F%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    enc(
        CharSet::SEGMENT,
        all,
        "!$&'()*+,;=:@%2F%3F%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    enc(
        CharSet::SEGMENT_NZ_NC,
        all,
        "!$&'()*+,;=%3A@%2F%3F%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    enc(
        CharSet::QUERY,
        all,
        "!$&'()*+,;=:@/?%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    enc(
        CharSet::FRAGMENT,
        all,
        "!$&'()*+,;=:@/?%23%5B%5D-._~%20%25%22%3C%3E%5C%5E%60%7B%7C%7D",
    );
    // The examples: "/" in a segment, "#" in a query, "@" in userinfo.
    enc(CharSet::SEGMENT, "a/b", "a%2Fb");
    enc(CharSet::QUERY, "a#b", "a%23b");
    enc(CharSet::USERINFO, "a@b", "a%40b");
}

#[test]
fn each_set_yields_its_component() {
    // Encoded with its set, any text is valid in that component.
    let text = "a:b/c?d#e@f[g]h %i\u{7f}é";
    let check = |uri: String| assert!(UriRef::parse(&uri).is_ok(), "{uri}");
    check(format!("//{}@h", encode(text, CharSet::USERINFO)));
    check(format!("//{}", encode(text, CharSet::REG_NAME)));
    check(format!("/{}", encode(text, CharSet::PATH)));
    check(format!("/{}", encode(text, CharSet::SEGMENT)));
    check(format!("{}/x", encode(text, CharSet::SEGMENT_NZ_NC)));
    check(format!("?{}", encode(text, CharSet::QUERY)));
    check(format!("#{}", encode(text, CharSet::FRAGMENT)));
    let segment = encode(text, CharSet::SEGMENT);
    assert_eq!(
        UriRef::parse(&format!("/{segment}"))
            .unwrap()
            .segments()
            .count(),
        2
    );
}

#[test]
fn custom_sets_are_const() {
    const DIGITS_ONLY: CharSet = CharSet::new().with(b"0123456789");
    const NO_COMMA: CharSet = CharSet::SEGMENT.without(b",");
    const WIDE: CharSet = CharSet::UNRESERVED.union(CharSet::new().with(b"/:"));
    enc(DIGITS_ONLY, "a1", "%611");
    enc(NO_COMMA, "a,b;c", "a%2Cb;c");
    enc(WIDE, "a/b:c?", "a/b:c%3F");
    // Characters a URI never holds raw cannot be let through.
    const TRIED: CharSet = CharSet::new().with(b"% \"<>{}");
    enc(TRIED, "% \"<>{}", "%25%20%22%3C%3E%7B%7D");
}

#[test]
fn section_2_4_percent_is_encoded_unless_asked() {
    enc(CharSet::PATH, "%41", "%2541");
    enc(CharSet::PATH, "100%", "100%25");
    keep(CharSet::PATH, "%41", "%41");
    keep(CharSet::PATH, "%e3%82%A2 x", "%e3%82%A2%20x");
    // Only valid escapes are kept.
    keep(CharSet::PATH, "100%", "100%25");
    keep(CharSet::PATH, "%4", "%254");
    keep(CharSet::PATH, "%4g%%41", "%254g%25%41");
    keep(CharSet::QUERY, "a b%20c", "a%20b%20c");
    // Idempotent: never encoded twice.
    let once = encode_preserving_escapes("a%20b c%", CharSet::PATH);
    keep(CharSet::PATH, &once, &once);
}

#[test]
fn bytes_need_not_be_utf8() {
    assert_eq!(encode(b"\xff\xfe", CharSet::PATH), "%FF%FE");
    assert_eq!(decode("%FF%FE").unwrap(), &b"\xff\xfe"[..]);
    assert_eq!(decode(&b"\xffa%41"[..]).unwrap(), &b"\xffaA"[..]);
}

#[test]
fn unchanged_input_is_borrowed() {
    assert!(matches!(
        encode("abc/d", CharSet::PATH),
        Cow::Borrowed("abc/d")
    ));
    assert!(matches!(encode("", CharSet::new()), Cow::Borrowed("")));
    assert!(matches!(
        encode(b"abc", CharSet::SEGMENT),
        Cow::Borrowed("abc")
    ));
    assert!(matches!(
        encode_preserving_escapes("a%20b", CharSet::PATH),
        Cow::Borrowed("a%20b")
    ));
    assert!(matches!(decode("a+b"), Ok(Cow::Borrowed(b"a+b"))));
    assert!(matches!(decode_utf8("a+b"), Ok(Cow::Borrowed("a+b"))));
    assert!(matches!(encode("a b", CharSet::PATH), Cow::Owned(_)));
    assert!(matches!(decode("a%20b"), Ok(Cow::Owned(_))));
}

#[test]
fn decoding() {
    dec("", b"");
    dec("%20", b" ");
    dec("a%2Fb", b"a/b");
    dec("%25", b"%");
    dec("%2541", b"%41"); // decoded once only
    dec("+", b"+"); // no form decoding
    dec("%00", b"\0");
    assert_eq!(decode_utf8("caf%C3%A9").unwrap(), "café");
}

#[test]
fn decoding_errors_have_offsets() {
    dec_err(b"%", DecodeErrorKind::TruncatedEscape, 1);
    dec_err(b"a%4", DecodeErrorKind::TruncatedEscape, 3);
    dec_err(b"a%", DecodeErrorKind::TruncatedEscape, 2);
    dec_err(b"%zz", DecodeErrorKind::InvalidEscape, 1);
    dec_err(b"%4g", DecodeErrorKind::InvalidEscape, 2);
    dec_err(b"ok%20%%41", DecodeErrorKind::InvalidEscape, 6);
    dec_err(b"a%FF", DecodeErrorKind::NotUtf8, 1);
    dec_err(b"ab%C3", DecodeErrorKind::NotUtf8, 2);
    dec_err(b"a%C3%28", DecodeErrorKind::NotUtf8, 1);
    dec_err(b"%41\xff", DecodeErrorKind::NotUtf8, 3);
    dec_err(b"%E3%82%A2%E3%82", DecodeErrorKind::NotUtf8, 9);
    // An escape error wins over UTF-8: it is found first.
    dec_err(b"\xff%4", DecodeErrorKind::TruncatedEscape, 3);
    let err = decode("%4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "truncated escape at offset 2: expected two hexadecimal digits after '%'"
    );
    assert_eq!(err.kind().name(), "truncated-escape");
}

#[test]
fn decoded_components_use_the_same_decoder() {
    let uri = UriRef::parse("http://h/a%2Fb?q=%E3%82%A2#%25").unwrap();
    assert_eq!(uri.path_decoded().to_bytes(), decode(uri.path()).unwrap());
    assert_eq!(uri.query_decoded().unwrap().to_utf8().unwrap(), "q=ア");
    assert_eq!(uri.fragment_decoded().unwrap().to_utf8().unwrap(), "%");
}

/// Every escape is `%` and two upper-case hex digits, and every other byte
/// is in the set.
#[track_caller]
fn well_formed(encoded: &str, set: CharSet) {
    let b = encoded.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = &b[i + 1..i + 3];
            assert!(
                hex.iter().all(|c| matches!(c, b'0'..=b'9' | b'A'..=b'F')),
                "{encoded:?}"
            );
            i += 3;
        } else {
            assert!(set.contains(b[i]), "{encoded:?} byte {i}");
            i += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn decode_encode_bytes_is_identity_for_every_set(
        bytes in proptest::collection::vec(any::<u8>(), 0..40),
        which in 0..SETS.len(),
    ) {
        let (_, set) = SETS[which];
        let encoded = encode(&bytes, set);
        well_formed(&encoded, set);
        prop_assert_eq!(decode(&*encoded).unwrap(), &bytes[..]);
    }

    #[test]
    fn decode_encode_text_is_identity_for_every_set(text in any::<String>(), which in 0..SETS.len()) {
        let (_, set) = SETS[which];
        let encoded = encode(&text, set);
        well_formed(&encoded, set);
        prop_assert_eq!(decode_utf8(&*encoded).unwrap(), text.as_str());
        // Bytes and text agree for UTF-8 input.
        prop_assert_eq!(encode(text.as_bytes(), set), encoded);
    }

    #[test]
    fn preserving_escapes_is_idempotent_and_well_formed(
        text in "([%a-fA-F0-9gz /?#]|%[0-9a-fA-F]{2}|é){0,12}",
        which in 0..SETS.len(),
    ) {
        let (_, set) = SETS[which];
        let once = encode_preserving_escapes(&text, set);
        let decodes = decode(&*once);
        prop_assert!(decodes.is_ok(), "{:?} -> {:?}", text, once);
        prop_assert_eq!(encode_preserving_escapes(&*once, set), once.clone());
        // Without escapes in the input, it is plain encoding.
        if !text.contains('%') {
            prop_assert_eq!(once, encode(&text, set));
        }
    }

    #[test]
    fn decode_never_panics_and_errors_point_into_the_input(
        bytes in proptest::collection::vec(prop_oneof![Just(b'%'), any::<u8>(), Just(b'A')], 0..12),
    ) {
        match decode_utf8(&bytes[..]) {
            Ok(text) => prop_assert!(text.len() <= bytes.len()),
            Err(err) => prop_assert!(err.offset() <= bytes.len()),
        }
    }
}
