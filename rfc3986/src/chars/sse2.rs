//! Sixteen bytes classified at once with SSE2, for the long runs of the
//! wide component classes (reg-name to query).
//!
//! A table lookup costs two instructions a byte however it is arranged;
//! SSE2 compares take the sixteen bytes of a chunk together: parsing the
//! real URL lists went from 33.7 to 25.2 ns a URL (BENCHMARKS.md before
//! and after this module; one target alone:
//! `cargo run --release -q -p bench --example report -- --only validate --targets-only`).
//!
//! The classes are not looked up but written as comparisons, so they are
//! checked against the table for every byte at every place
//! (`sse2_agrees_with_the_table`, and the parser's own tests and fuzz
//! targets, which compare it with the byte loop and with other parsers).
//! Each wide class is the query set (`pchar / "/" / "?"`) less some of
//! `?`, `/`, `:` and `@`: the printable bytes less those that no class
//! admits, less the ones the class leaves out.
//!
//! This is the crate's only `unsafe`: a function compiled for SSE2, and
//! its one call, which every x86_64 processor can make.

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_min_epu8,
    _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_setzero_si128,
    _mm_sub_epi8,
};

use super::{is, Class, PATH, PCHAR, QUERY, REG_NAME, SEGMENT_NC, USERINFO};

/// Whether [`stops`] handles `class`: one of the wide classes.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) const fn wide(class: Class) -> bool {
    matches!(
        class,
        REG_NAME | USERINFO | SEGMENT_NC | PCHAR | PATH | QUERY
    )
}

/// Bit `i` set when `chunk[i]` does not belong to `class`, which must be
/// [`wide`].
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn stops(chunk: &[u8; 16], class: Class) -> u32 {
    debug_assert!(wide(class));
    // SAFETY: `stops_sse2` needs SSE2 and nothing else: it reads only
    // `chunk`, through a reference, and has no other precondition. This
    // module is compiled only for targets with SSE2
    // (`cfg(target_feature = "sse2")` in chars.rs), which x86_64 always is.
    #[allow(unsafe_code)]
    unsafe {
        stops_sse2(chunk, class)
    }
}

/// # Safety
///
/// The processor must have SSE2. The function is `unsafe` for that alone,
/// which also lets it build on the minimum Rust version (1.82), where a
/// `#[target_feature]` function could not be safe.
#[allow(unsafe_code)]
#[target_feature(enable = "sse2")]
#[inline]
unsafe fn stops_sse2(chunk: &[u8; 16], class: Class) -> u32 {
    let v = u128::from_le_bytes(*chunk);
    let x = _mm_set_epi64x((v >> 64) as i64, v as i64);
    let byte = |b: u8| _mm_set1_epi8(b as i8);
    let eq = |b: u8| _mm_cmpeq_epi8(x, byte(b));
    // `first <= x < first + n` as unsigned bytes.
    let within = |first: u8, n: u8| {
        let d = _mm_sub_epi8(x, byte(first));
        _mm_cmpeq_epi8(_mm_min_epu8(d, byte(n - 1)), d)
    };
    // `!` to `~`: signed compares, so bytes from 0x80 up, being negative,
    // fall below `!`.
    let printable = _mm_and_si128(_mm_cmpgt_epi8(x, byte(b' ')), _mm_cmpgt_epi8(byte(0x7f), x));
    // The printable bytes no class admits: `"` `#` (0x22-0x23), `%`, `<`,
    // `>`, `[` `\` `]` `^` (0x5b-0x5e), `` ` ``, `{` `|` `}` (0x7b-0x7d).
    let mut never = _mm_or_si128(
        _mm_or_si128(
            _mm_or_si128(within(b'"', 2), eq(b'%')),
            _mm_or_si128(eq(b'<'), eq(b'>')),
        ),
        _mm_or_si128(_mm_or_si128(within(b'[', 4), eq(b'`')), within(b'{', 3)),
    );
    let mut left_out = _mm_setzero_si128();
    for b in [b'?', b'/', b':', b'@'] {
        if !is(b, class) {
            left_out = _mm_or_si128(left_out, eq(b));
        }
    }
    never = _mm_or_si128(never, left_out);
    let admitted: __m128i = _mm_andnot_si128(never, printable);
    // The sign bits of the sixteen bytes, one bit each.
    !(_mm_movemask_epi8(admitted) as u32) & 0xffff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sse2_agrees_with_the_table() {
        for class in [REG_NAME, USERINFO, SEGMENT_NC, PCHAR, PATH, QUERY] {
            assert!(wide(class));
            super::super::tests::with_one_byte_under_test(|chunk: [u8; 16]| {
                let want = (0..16).fold(0, |m, i| m | (u32::from(!is(chunk[i], class)) << i));
                assert_eq!(stops(&chunk, class), want, "{chunk:?} {class:#x}");
            });
        }
        assert!(!wide(super::super::SCHEME) && !wide(super::super::DIGIT));
    }
}
