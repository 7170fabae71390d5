//! Character classes of RFC 3986 section 2, and the per-component sets of
//! sections 3.1 to 3.5, as one 256-entry table of class bits.
//!
//! Each byte maps to a `u16` whose bits say which ABNF rules accept it. A
//! component scan is then `TABLE[b] & CLASS != 0` per byte, with no branches on
//! the byte value itself. `%` is in no class: every scan stops on it and checks
//! the `pct-encoded` rule (`"%" HEXDIG HEXDIG`) separately.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod sse2;

/// A set of class bits; a byte belongs to a class when `TABLE[b] & class != 0`.
pub(crate) type Class = u16;

/// `ALPHA = %x41-5A / %x61-7A`
pub(crate) const ALPHA: Class = 1 << 0;
/// `DIGIT = %x30-39`
pub(crate) const DIGIT: Class = 1 << 1;
/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (ABNF strings are
/// case-insensitive, so `a`-`f` too).
pub(crate) const HEXDIG: Class = 1 << 2;
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub(crate) const UNRESERVED: Class = 1 << 3;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub(crate) const SUB_DELIMS: Class = 1 << 4;
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
pub(crate) const GEN_DELIMS: Class = 1 << 5;
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the bytes after the first.
pub(crate) const SCHEME: Class = 1 << 6;
/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
pub(crate) const REG_NAME: Class = 1 << 7;
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`; also the tail
/// of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub(crate) const USERINFO: Class = 1 << 8;
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub(crate) const PCHAR: Class = 1 << 9;
/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
pub(crate) const SEGMENT_NC: Class = 1 << 10;
/// `path-abempty = *( "/" segment )` and the other path forms: `pchar / "/"`.
pub(crate) const PATH: Class = 1 << 11;
/// `query = *( pchar / "/" / "?" )`; `fragment` is the same set.
pub(crate) const QUERY: Class = 1 << 12;
/// `fragment = *( pchar / "/" / "?" )`
pub(crate) const FRAGMENT: Class = QUERY;
/// `reserved = gen-delims / sub-delims`
#[allow(dead_code)] // for the encoding sets and normalization
pub(crate) const RESERVED: Class = GEN_DELIMS | SUB_DELIMS;

const ALPHA_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT_CHARS: &[u8] = b"0123456789";
const HEXDIG_CHARS: &[u8] = b"0123456789ABCDEFabcdef";
const UNRESERVED_MARKS: &[u8] = b"-._~";
const SUB_DELIM_CHARS: &[u8] = b"!$&'()*+,;=";
const GEN_DELIM_CHARS: &[u8] = b":/?#[]@";

const fn add(mut table: [Class; 256], chars: &[u8], class: Class) -> [Class; 256] {
    let mut i = 0;
    while i < chars.len() {
        table[chars[i] as usize] |= class;
        i += 1;
    }
    table
}

/// Adds `class` to every byte that already has any bit of `members`.
const fn add_members(mut table: [Class; 256], members: Class, class: Class) -> [Class; 256] {
    let mut b = 0;
    while b < 256 {
        if table[b] & members != 0 {
            table[b] |= class;
        }
        b += 1;
    }
    table
}

const fn build() -> [Class; 256] {
    let mut t = [0; 256];
    t = add(t, ALPHA_CHARS, ALPHA);
    t = add(t, DIGIT_CHARS, DIGIT);
    t = add(t, HEXDIG_CHARS, HEXDIG);
    t = add_members(t, ALPHA | DIGIT, UNRESERVED);
    t = add(t, UNRESERVED_MARKS, UNRESERVED);
    t = add(t, SUB_DELIM_CHARS, SUB_DELIMS);
    t = add(t, GEN_DELIM_CHARS, GEN_DELIMS);
    t = add_members(t, ALPHA | DIGIT, SCHEME);
    t = add(t, b"+-.", SCHEME);
    t = add_members(t, UNRESERVED | SUB_DELIMS, REG_NAME);
    t = add_members(t, REG_NAME, USERINFO);
    t = add(t, b":", USERINFO);
    t = add_members(t, REG_NAME, SEGMENT_NC);
    t = add(t, b"@", SEGMENT_NC);
    t = add_members(t, SEGMENT_NC, PCHAR);
    t = add(t, b":", PCHAR);
    t = add_members(t, PCHAR, PATH);
    t = add(t, b"/", PATH);
    t = add_members(t, PATH, QUERY);
    t = add(t, b"?", QUERY);
    t
}

/// The class bits of every byte.
///
/// A `const` rather than a `static`, so that the scan loops address the
/// table directly instead of first loading its address from the global
/// offset table; and a `const` *reference* to one promoted table rather than
/// a `const` array, because each use of a `const` array is a fresh copy: an
/// unoptimized build copies all 512 bytes onto the stack at every inlined
/// use, which took the debug parser's stack from 5 KiB to 139 KiB.
pub(crate) const TABLE: &[Class; 256] = &build();

/// Whether byte `b` belongs to `class`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn is(b: u8, class: Class) -> bool {
    TABLE[b as usize] & class != 0
}

/// Whether all eight bytes of `chunk` belong to `class`: the class bits they
/// share, tested once.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn all(chunk: &[u8; 8], class: Class) -> bool {
    let t = |i: usize| TABLE[chunk[i] as usize];
    (t(0) & t(1) & t(2) & t(3) & t(4) & t(5) & t(6) & t(7)) & class != 0
}

/// Bit `i` set when `chunk[i]` belongs to `class`, which is one class bit:
/// its bit is moved to place `i` with one mask and one shift per byte.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn mask(chunk: &[u8; 8], class: Class) -> u32 {
    debug_assert!(class.is_power_of_two());
    let bit = class.trailing_zeros();
    let mut mask = 0;
    for (i, &b) in chunk.iter().enumerate() {
        mask |= (u32::from(TABLE[b as usize] & class) << i) >> bit;
    }
    mask
}

/// How many bytes at the start of `chunk` belong to `class` (0 to 8).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn run(chunk: &[u8; 8], class: Class) -> usize {
    mask(chunk, class).trailing_ones() as usize
}

/// The value of a hexadecimal digit, if `b` is one.
#[inline]
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each class, checked against a direct reading of its ABNF for all 256 bytes.
    #[test]
    fn every_class_matches_its_abnf_for_all_bytes() {
        let alpha = |b: u8| b.is_ascii_alphabetic();
        let digit = |b: u8| b.is_ascii_digit();
        let unreserved = |b: u8| alpha(b) || digit(b) || b"-._~".contains(&b);
        let sub = |b: u8| b"!$&'()*+,;=".contains(&b);
        let pchar = |b: u8| unreserved(b) || sub(b) || b == b':' || b == b'@';
        for b in 0..=255u8 {
            assert_eq!(is(b, ALPHA), alpha(b), "ALPHA {b:#x}");
            assert_eq!(is(b, DIGIT), digit(b), "DIGIT {b:#x}");
            assert_eq!(is(b, HEXDIG), b.is_ascii_hexdigit(), "HEXDIG {b:#x}");
            assert_eq!(is(b, UNRESERVED), unreserved(b), "unreserved {b:#x}");
            assert_eq!(is(b, SUB_DELIMS), sub(b), "sub-delims {b:#x}");
            assert_eq!(
                is(b, GEN_DELIMS),
                b":/?#[]@".contains(&b),
                "gen-delims {b:#x}"
            );
            assert_eq!(
                is(b, RESERVED),
                b":/?#[]@!$&'()*+,;=".contains(&b),
                "reserved {b:#x}"
            );
            assert_eq!(
                is(b, SCHEME),
                alpha(b) || digit(b) || b"+-.".contains(&b),
                "scheme {b:#x}"
            );
            assert_eq!(is(b, REG_NAME), unreserved(b) || sub(b), "reg-name {b:#x}");
            assert_eq!(
                is(b, USERINFO),
                unreserved(b) || sub(b) || b == b':',
                "userinfo {b:#x}"
            );
            assert_eq!(is(b, PCHAR), pchar(b), "pchar {b:#x}");
            assert_eq!(
                is(b, SEGMENT_NC),
                pchar(b) && b != b':',
                "segment-nz-nc {b:#x}"
            );
            assert_eq!(is(b, PATH), pchar(b) || b == b'/', "path {b:#x}");
            assert_eq!(
                is(b, QUERY),
                pchar(b) || b == b'/' || b == b'?',
                "query {b:#x}"
            );
            assert_eq!(is(b, FRAGMENT), is(b, QUERY), "fragment {b:#x}");
            assert_eq!(hex_value(b).is_some(), b.is_ascii_hexdigit(), "hex {b:#x}");
        }
    }

    /// Every chunk with one byte under test, of every value at every
    /// place, among bytes that belong to the wide classes (`a`) or to none.
    pub(super) fn with_one_byte_under_test<const N: usize>(mut check: impl FnMut([u8; N])) {
        for b in 0..=255u8 {
            for at in 0..N {
                for fill in [b'a', b' '] {
                    let mut chunk = [fill; N];
                    chunk[at] = b;
                    check(chunk);
                }
            }
        }
    }

    #[test]
    fn chunk_masks_agree_with_the_byte_test() {
        let classes = [
            SCHEME, REG_NAME, USERINFO, PCHAR, SEGMENT_NC, PATH, QUERY, DIGIT,
        ];
        for class in classes {
            with_one_byte_under_test(|chunk: [u8; 8]| {
                let want_mask = (0..8).fold(0, |m, i| m | (u32::from(is(chunk[i], class)) << i));
                assert_eq!(mask(&chunk, class), want_mask, "{chunk:?} {class:#x}");
                let want_run = chunk.iter().take_while(|&&c| is(c, class)).count();
                assert_eq!(run(&chunk, class), want_run, "{chunk:?} {class:#x}");
                assert_eq!(all(&chunk, class), want_run == 8, "{chunk:?} {class:#x}");
            });
        }
    }

    #[test]
    fn never_allowed_bytes_are_in_no_component_class() {
        let any = SCHEME | REG_NAME | USERINFO | PCHAR | PATH | QUERY;
        for &b in b" \"<>\\^`{|}%\x00\x09\x0a\x0d\x7f" {
            assert!(!is(b, any), "{b:#x}");
        }
        for b in 0x80..=0xff {
            assert!(!is(b, any), "{b:#x}");
        }
        // `[` and `]` belong to gen-delims but to no component class: the parser
        // admits them only around an IP literal.
        assert!(!is(b'[', any) && !is(b']', any));
    }
}
