//! The grammar of sections 3 and 4: one forward pass over the input that
//! validates it and records where each component starts and ends.
//!
//! ```text
//! URI-reference = URI / relative-ref
//! URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//! absolute-URI  = scheme ":" hier-part [ "?" query ]
//! relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//! hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//! relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//! ```
//!
//! The pass never moves backwards and never recurses. The one place where the
//! grammar needs to look ahead, the scheme, costs nothing: every byte a scheme
//! may contain is also allowed in the first segment of a relative path, so
//! when no `:` ends the scheme the bytes already read simply become that
//! segment. Likewise in the authority, where `userinfo "@"` is optional, the
//! bytes before an `@` are valid as a userinfo and as a host (and port), so
//! the pass reads on and decides at the `@` or at the end of the authority.
//!
//! Speed comes from how runs of allowed bytes are read (`Parser::skip`):
//! eight bytes at a time, one table lookup per byte and one branch per
//! eight, and where a run ends its length comes from a bit mask instead of
//! a byte loop, so the only branch that depends on the data is the loop's
//! exit. Every rule is inlined into one function so that `pos` lives in a
//! register. `bench/` measures the effect (`bench/run.sh`, BENCHMARKS.md).
//!
//! The inlining is forced only in optimized builds
//! (`cfg_attr(not(debug_assertions), inline(always))`): without
//! optimization, every forced inline keeps its own stack slots, which took
//! the debug parser from 5 KiB of stack to 56 KiB (tests/limits.rs runs
//! every operation on a 64 KiB stack) and made it slower, not faster.

use crate::chars::{self, Class};
use crate::error::{ErrorKind, ParseError};
use crate::host::{self, HostKind};

/// Which rule of RFC 3986 an input must match.
///
/// ```
/// use rfc3986::{ErrorKind, Rule, UriRef};
/// assert!(UriRef::parse_as("//example.com/a", Rule::UriReference).is_ok());
/// let err = UriRef::parse_as("//example.com/a", Rule::Uri).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidScheme);
/// let err = UriRef::parse_as("http://a/b#c", Rule::AbsoluteUri).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::FragmentNotAllowed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// `URI-reference = URI / relative-ref`: anything valid. The default.
    #[default]
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]`: a URI with no fragment.
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`: no scheme.
    RelativeRef,
}

/// Where each component of a parsed reference is, as byte offsets into its
/// text. Small and `Copy`, so the borrowed and owned types share it.
///
/// The layout keeps absent and empty apart without extra flags: a scheme is
/// at least one byte, so `scheme_end == 0` means none; the query's `?` sits at
/// `path_end`, so the query is present exactly when `query_end > path_end`;
/// the fragment's `#` sits at `query_end`, so it is present exactly when
/// `query_end` is before the end of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Meta {
    /// Offset of the `:` after the scheme, or 0 with no scheme.
    pub(crate) scheme_end: u32,
    /// Start of the host (after `userinfo "@"`, if any).
    pub(crate) host_start: u32,
    /// End of the host (the `:` of a port, if any).
    pub(crate) host_end: u32,
    /// `None` exactly when there is no authority.
    pub(crate) host_kind: Option<HostKind>,
    /// Start of the path, which is also the end of the authority.
    pub(crate) path_start: u32,
    /// End of the path: the `?` of the query, the `#`, or the end.
    pub(crate) path_end: u32,
    /// End of the query: the `#` of the fragment, or the end.
    pub(crate) query_end: u32,
}

/// The most bytes an input may have: offsets are `u32`.
pub(crate) const MAX_LEN: usize = u32::MAX as usize;

/// Parses `input` by `rule` and returns the component offsets.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn parse(input: &[u8], rule: Rule) -> Result<Meta, ParseError> {
    if input.len() > MAX_LEN {
        return Err(ParseError::new(ErrorKind::TooLong, MAX_LEN));
    }
    let mut p = Parser {
        b: input,
        pos: 0,
        meta: Meta::default(),
    };
    p.uri_reference(rule)?;
    Ok(p.meta)
}

/// The length of the scheme when `input` starts with `https://`, `http://`
/// or `file://` (lowercase, as nearly every real URL writes them).
#[cfg_attr(not(debug_assertions), inline(always))]
fn common_scheme(input: &[u8]) -> Option<usize> {
    let first = u64::from_le_bytes(*input.first_chunk::<8>()?);
    // The seven bytes of `http://` and `file://`, whatever follows them.
    let seven = first & 0x00ff_ffff_ffff_ffff;
    if first == u64::from_le_bytes(*b"https://") {
        Some(5)
    } else if seven == u64::from_le_bytes(*b"http://\0")
        || seven == u64::from_le_bytes(*b"file://\0")
    {
        Some(4)
    } else {
        None
    }
}

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    meta: Meta,
}

/// Bytes that end an authority: `/`, `?`, `#`, or the end (`None`).
#[inline]
fn ends_authority(b: Option<u8>) -> bool {
    matches!(b, None | Some(b'/' | b'?' | b'#'))
}

impl Parser<'_> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.b.get(self.pos + ahead).copied()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fail<T>(&self, kind: ErrorKind) -> Result<T, ParseError> {
        Err(ParseError::new(kind, self.pos))
    }

    // Offsets fit in u32: `parse` refused inputs longer than MAX_LEN.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn here(&self) -> u32 {
        self.pos as u32
    }

    /// Advances over bytes of `class`; stops at the first other byte.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn skip(&mut self, class: Class) {
        // The wide classes sixteen bytes at a time with SSE2, in the same
        // way as the loop below: whole chunks while every byte belongs,
        // then the stop from the mask, and the input's last sixteen bytes,
        // shifted past those already read, for what is left.
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if chars::sse2::wide(class) {
            if let Some(last) = self.b.last_chunk::<16>() {
                while let Some(chunk) = self.b[self.pos..].first_chunk::<16>() {
                    let stops = chars::sse2::stops(chunk, class);
                    if stops != 0 {
                        self.pos += stops.trailing_zeros() as usize;
                        return;
                    }
                    self.pos += 16;
                }
                let behind = self.pos + 16 - self.b.len();
                let stops = (chars::sse2::stops(last, class) >> behind) | (1 << (16 - behind));
                self.pos += stops.trailing_zeros() as usize;
                return;
            }
        }
        // INVARIANT: `pos` moves forward only over bytes of `class`.
        // Eight bytes at a time: while all eight belong, one test and one
        // branch per chunk; at the chunk where the run ends, the length of
        // the run straight from a bit mask, so that the only branch whose
        // outcome depends on the data is the loop's exit.
        while let Some(chunk) = self.b[self.pos..].first_chunk::<8>() {
            if !chars::all(chunk, class) {
                self.pos += chars::run(chunk, class);
                return;
            }
            self.pos += 8;
        }
        // Fewer than eight bytes are left: the last eight bytes of the input
        // end where they do, so their mask, shifted past the bytes already
        // read, has no bit beyond the end.
        if let Some(last) = self.b.last_chunk::<8>() {
            let behind = self.pos + 8 - self.b.len();
            self.pos += (chars::mask(last, class) >> behind).trailing_ones() as usize;
            return;
        }
        while let Some(&c) = self.b.get(self.pos) {
            if !chars::is(c, class) {
                break;
            }
            self.pos += 1;
        }
    }

    /// Advances over `*( class / pct-encoded )`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn skip_encoded(&mut self, class: Class) -> Result<(), ParseError> {
        loop {
            self.skip(class);
            if self.peek() != Some(b'%') {
                return Ok(());
            }
            // Escapes come in runs (`%E2%9C%93` is one character): read
            // them one after another without a scan in between.
            while self.peek() == Some(b'%') {
                self.pct_encoded()?;
            }
        }
    }

    /// `pct-encoded = "%" HEXDIG HEXDIG`, at a `%`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pct_encoded(&mut self) -> Result<(), ParseError> {
        for ahead in 1..=2 {
            if !self
                .peek_at(ahead)
                .is_some_and(|c| chars::is(c, chars::HEXDIG))
            {
                self.pos += ahead;
                return self.fail(ErrorKind::InvalidPercentEncoding);
            }
        }
        // INVARIANT: the three bytes of the escape were checked above.
        self.pos += 3;
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn uri_reference(&mut self, rule: Rule) -> Result<(), ParseError> {
        // The commonest beginnings, `https://`, `http://` and `file://`, in
        // one comparison of the first eight bytes: where the authority starts
        // is then known without reading the scheme byte by byte, so the scan
        // of the authority need not wait for it.
        if rule != Rule::RelativeRef {
            if let Some(scheme_end) = common_scheme(self.b) {
                self.meta.scheme_end = scheme_end as u32;
                // INVARIANT: `common_scheme` matched `scheme "://"` here.
                self.pos = scheme_end + 3;
                self.authority()?;
                self.skip_encoded(chars::PATH)?;
                return self.after_path(ErrorKind::InvalidPath, rule);
            }
        }
        // `scheme ":"`, if the input starts with one.
        if self.peek().is_some_and(|c| chars::is(c, chars::ALPHA)) {
            self.pos = 1;
            self.skip(chars::SCHEME);
            if self.peek() == Some(b':') {
                if rule == Rule::RelativeRef {
                    return self.fail(ErrorKind::SchemeNotAllowed);
                }
                self.meta.scheme_end = self.here();
                self.pos += 1;
                return self.hier_part(rule);
            }
        }
        if matches!(rule, Rule::Uri | Rule::AbsoluteUri) {
            return self.fail(ErrorKind::InvalidScheme);
        }
        self.relative_part()
    }

    /// `hier-part` and what follows it, after `scheme ":"`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn hier_part(&mut self, rule: Rule) -> Result<(), ParseError> {
        if self.peek() == Some(b'/') && self.peek_at(1) == Some(b'/') {
            self.pos += 2;
            self.authority()?;
        } else {
            self.meta.path_start = self.here();
        }
        // path-abempty, path-absolute, path-rootless or path-empty: after an
        // authority the path can only start with "/" (the authority ends only
        // there), and without one "//" was taken as an authority above.
        self.skip_encoded(chars::PATH)?;
        self.after_path(ErrorKind::InvalidPath, rule)
    }

    /// `relative-part` and what follows it. `pos` may already be inside the
    /// first segment, over bytes read while looking for a scheme.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn relative_part(&mut self) -> Result<(), ParseError> {
        if self.pos == 0 && self.peek() == Some(b'/') && self.peek_at(1) == Some(b'/') {
            self.pos = 2;
            self.authority()?;
            self.skip_encoded(chars::PATH)?;
            return self.after_path(ErrorKind::InvalidPath, Rule::RelativeRef);
        }
        // path-absolute, path-noscheme or path-empty. The first segment of a
        // path-noscheme (`segment-nz-nc`) has no ":".
        self.meta.path_start = 0;
        self.skip_encoded(chars::SEGMENT_NC)?;
        if self.peek() == Some(b':') {
            return self.fail(ErrorKind::ColonInFirstSegment);
        }
        self.skip_encoded(chars::PATH)?;
        self.after_path(ErrorKind::InvalidPath, Rule::RelativeRef)
    }

    /// `[ "?" query ] [ "#" fragment ]` and the end, after the path.
    /// `kind` is the error for a byte that ends the path but is neither.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn after_path(&mut self, kind: ErrorKind, rule: Rule) -> Result<(), ParseError> {
        self.meta.path_end = self.here();
        if self.peek() == Some(b'?') {
            self.pos += 1;
            self.skip_encoded(chars::QUERY)?;
        }
        self.meta.query_end = self.here();
        match self.peek() {
            None => return Ok(()),
            Some(b'#') if rule != Rule::AbsoluteUri => {}
            Some(b'#') => return self.fail(ErrorKind::FragmentNotAllowed),
            Some(_) if self.meta.query_end > self.meta.path_end => {
                return self.fail(ErrorKind::InvalidQuery)
            }
            Some(_) => return self.fail(kind),
        }
        self.pos += 1;
        self.skip_encoded(chars::FRAGMENT)?;
        if self.peek().is_some() {
            return self.fail(ErrorKind::InvalidFragment);
        }
        Ok(())
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, after the "//".
    /// Leaves `pos` at the end of the authority, which is checked to be a `/`,
    /// `?`, `#` or the end.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn authority(&mut self) -> Result<(), ParseError> {
        let start = self.here();
        self.meta.host_start = start;
        if self.peek() == Some(b'[') {
            return self.host_after_userinfo();
        }
        // Until an "@" shows up, the bytes read may be a userinfo or a
        // `reg-name [ ":" port ]`; both accept everything `reg-name` does.
        self.skip_encoded(chars::REG_NAME)?;
        match self.peek() {
            Some(b'@') => {
                self.pos += 1;
                self.meta.host_start = self.here();
                return self.host_after_userinfo();
            }
            Some(b':') => {}
            next if ends_authority(next) => {
                return self.end_host(start, ErrorKind::InvalidHost);
            }
            _ => return self.fail(ErrorKind::InvalidHost),
        }
        // `host ":" port`, unless something other than a digit shows this to
        // be a userinfo.
        let colon = self.here();
        self.pos += 1;
        self.skip(chars::DIGIT);
        if ends_authority(self.peek()) {
            self.meta.host_end = colon;
            self.meta.host_kind = Some(self.reg_name_kind(start, colon));
            self.meta.path_start = self.here();
            return Ok(());
        }
        self.skip_encoded(chars::USERINFO)?;
        match self.peek() {
            Some(b'@') => {
                self.pos += 1;
                self.meta.host_start = self.here();
                self.host_after_userinfo()
            }
            // Not a userinfo after all, and not a port either.
            _ => self.fail(ErrorKind::InvalidPort),
        }
    }

    /// `host [ ":" port ]` where the host starts at `pos` and is known to be
    /// one (any userinfo is behind).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn host_after_userinfo(&mut self) -> Result<(), ParseError> {
        let start = self.here();
        if self.peek() == Some(b'[') {
            self.ip_literal()?;
            self.meta.host_end = self.here();
            return self.port();
        }
        self.skip_encoded(chars::REG_NAME)?;
        self.end_host(start, ErrorKind::InvalidHost)
    }

    /// Records a reg-name or IPv4 host ending at `pos`, then reads the port.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end_host(&mut self, start: u32, kind: ErrorKind) -> Result<(), ParseError> {
        let end = self.here();
        self.meta.host_end = end;
        self.meta.host_kind = Some(self.reg_name_kind(start, end));
        match self.peek() {
            Some(b':') => self.port(),
            next if ends_authority(next) => {
                self.meta.path_start = end;
                Ok(())
            }
            _ => self.fail(kind),
        }
    }

    /// First-match-wins: a host that matches IPv4address is IPv4.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn reg_name_kind(&self, start: u32, end: u32) -> HostKind {
        // An IPv4address starts with a digit; most names do not, and need
        // no call.
        if !self.b.get(start as usize).is_some_and(u8::is_ascii_digit) {
            return HostKind::RegName;
        }
        match host::ipv4_exact(&self.b[start as usize..end as usize]) {
            Some(_) => HostKind::Ipv4,
            None => HostKind::RegName,
        }
    }

    /// `[ ":" port ]` and the end of the authority, after the host.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn port(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            Some(b':') => {
                self.pos += 1;
                // port = *DIGIT
                self.skip(chars::DIGIT);
                if !ends_authority(self.peek()) {
                    return self.fail(ErrorKind::InvalidPort);
                }
            }
            next if ends_authority(next) => {}
            _ => return self.fail(ErrorKind::InvalidHost),
        }
        self.meta.path_start = self.here();
        Ok(())
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, at the "[".
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn ip_literal(&mut self) -> Result<(), ParseError> {
        let inner = self.pos + 1;
        let (end, kind) = if matches!(self.b.get(inner), Some(b'v' | b'V')) {
            (host::ipvfuture(self.b, inner), HostKind::IpvFuture)
        } else {
            (
                host::ipv6(self.b, inner).map(|(end, _)| end),
                HostKind::Ipv6,
            )
        };
        match end {
            Ok(end) if self.b.get(end) == Some(&b']') => {
                self.pos = end + 1;
                self.meta.host_kind = Some(kind);
                Ok(())
            }
            Ok(at) | Err(at) => {
                self.pos = at;
                self.fail(ErrorKind::InvalidHost)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// `skip` one byte at a time, as the grammar reads.
    fn naive_skip(b: &[u8], from: usize, class: Class) -> usize {
        from + b[from..]
            .iter()
            .take_while(|&&c| chars::is(c, class))
            .count()
    }

    #[test]
    fn skip_stops_where_the_byte_loop_does() {
        // Runs of every length up to 40 ending in every kind of stop, read
        // from every start: covers whole chunks, the overlapping last chunk,
        // and inputs shorter than a chunk, of eight bytes and (with SSE2)
        // of sixteen.
        for len in 0..40 {
            for stop in [
                None,
                Some(b'?'),
                Some(b'%'),
                Some(b' '),
                Some(b'/'),
                Some(0xc3),
            ] {
                let mut text: Vec<u8> = (0..len).map(|i| b"ab-1.~"[i % 6]).collect();
                text.extend(stop);
                text.extend_from_slice(b"zz");
                for from in 0..text.len() {
                    for class in [
                        chars::SCHEME,
                        chars::REG_NAME,
                        chars::USERINFO,
                        chars::SEGMENT_NC,
                        chars::PATH,
                        chars::QUERY,
                    ] {
                        let mut p = Parser {
                            b: &text,
                            pos: from,
                            meta: Meta::default(),
                        };
                        p.skip(class);
                        assert_eq!(
                            p.pos,
                            naive_skip(&text, from, class),
                            "{text:?} {from} {class:#x}"
                        );
                    }
                }
            }
        }
    }

    #[track_caller]
    fn fails_at(input: &str, offset: usize) {
        let err = parse(input.as_bytes(), Rule::UriReference).unwrap_err();
        assert_eq!(err.offset(), offset, "{input:?}");
    }

    #[test]
    fn runs_of_escapes() {
        for ok in [
            "/%41%42%43",
            "/a%41%42b%43",
            "?%E2%9C%93%E2%9C%93",
            "#%41%41%41%41%41%41",
        ] {
            assert!(parse(ok.as_bytes(), Rule::UriReference).is_ok(), "{ok:?}");
        }
        fails_at("/%41%zz", 5);
        fails_at("/%41%4z", 6);
        fails_at("/%41%4", 6);
        fails_at("/%41%42%", 8);
        fails_at("//h%41%4/", 8);
    }

    #[test]
    fn common_schemes_parse_as_the_general_path_does() {
        // The uppercase scheme takes the general path; the offsets, and the
        // errors, must be the same.
        for input in [
            "https://example.com/a?b#c",
            "http://u:p@[::1]:80/x",
            "file:///etc/hosts",
            "file://host",
            "http://h:8a/",
            "https://exa mple.com/",
            "http://%41%zz/",
            "http://h/#a#b",
            "https://",
            "http:///",
        ] {
            let upper = input
                .replacen("https", "HTTPS", 1)
                .replacen("http", "HTTP", 1)
                .replacen("file", "FILE", 1);
            for rule in [
                Rule::UriReference,
                Rule::Uri,
                Rule::AbsoluteUri,
                Rule::RelativeRef,
            ] {
                assert_eq!(
                    parse(input.as_bytes(), rule),
                    parse(upper.as_bytes(), rule),
                    "{input:?} {rule:?}"
                );
            }
        }
        assert_eq!(common_scheme(b"https://a"), Some(5));
        assert_eq!(common_scheme(b"http://a"), Some(4));
        assert_eq!(common_scheme(b"file:///"), Some(4));
        assert_eq!(common_scheme(b"http:/a/"), None);
        assert_eq!(common_scheme(b"http://"), None); // shorter than eight bytes
    }
}
