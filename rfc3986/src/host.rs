//! The `host` rule of section 3.2.2: IP literals (IPv6 and IPvFuture), IPv4
//! addresses, and registered names.
//!
//! ```text
//! host        = IP-literal / IPv4address / reg-name
//! IP-literal  = "[" ( IPv6address / IPvFuture  ) "]"
//! IPvFuture   = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//! IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//! reg-name    = *( unreserved / pct-encoded / sub-delims )
//! ```
//!
//! The rule is ambiguous between `IPv4address` and `reg-name`; the RFC settles
//! it by "first-match-wins": a host that matches `IPv4address` is an IPv4
//! address. So `1.2.3.4` is IPv4, while `1.2.3.256`, `01.2.3.4` and `1.2.3`
//! are registered names. IPv6 zone identifiers (`[fe80::1%25eth0]`, RFC 6874)
//! are not part of RFC 3986 and are rejected.
//!
//! Every function here reads forward only and reports failure as the offset
//! where the longest valid prefix ends.

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use crate::chars::{self, hex_value};

/// Which alternative of the `host` rule a host matched.
///
/// ```
/// use rfc3986::{HostKind, UriRef};
/// let kind = |s| UriRef::parse(s).unwrap().host_kind();
/// assert_eq!(kind("http://example.com/"), Some(HostKind::RegName));
/// assert_eq!(kind("http://127.0.0.1/"), Some(HostKind::Ipv4));
/// assert_eq!(kind("http://127.0.0.256/"), Some(HostKind::RegName));
/// assert_eq!(kind("http://[::1]/"), Some(HostKind::Ipv6));
/// assert_eq!(kind("http://[v7.x]/"), Some(HostKind::IpvFuture));
/// assert_eq!(kind("/no/authority"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostKind {
    /// `reg-name`, possibly empty (`file:///etc`).
    RegName,
    /// `IPv4address`, dotted-decimal with no leading zeros.
    Ipv4,
    /// `"[" IPv6address "]"`.
    Ipv6,
    /// `"[" IPvFuture "]"`.
    IpvFuture,
}

impl HostKind {
    /// The kebab-case name used by the `uri` command's JSON (`"reg-name"`,
    /// `"ipv4"`, `"ipv6"`, `"ipvfuture"`).
    ///
    /// ```
    /// assert_eq!(rfc3986::HostKind::IpvFuture.name(), "ipvfuture");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

/// A host with its value: the address of an IP host, the text of the others.
///
/// ```
/// use std::net::Ipv6Addr;
/// use rfc3986::{Host, UriRef};
/// let uri = UriRef::parse("http://[2001:db8::7]:8080/").unwrap();
/// assert_eq!(uri.host_parsed(), Some(Host::Ipv6("2001:db8::7".parse::<Ipv6Addr>().unwrap())));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A registered name as written (still percent-encoded, original case).
    RegName(&'a str),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address (the text between the brackets).
    Ipv6(Ipv6Addr),
    /// An IPvFuture literal as written, without the brackets: `v7.x`.
    IpvFuture(&'a str),
}

impl Host<'_> {
    /// The IP address of an IPv4 or IPv6 host.
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv4Addr};
    /// use rfc3986::Host;
    /// assert_eq!(Host::Ipv4(Ipv4Addr::LOCALHOST).ip(), Some(IpAddr::V4(Ipv4Addr::LOCALHOST)));
    /// assert_eq!(Host::RegName("localhost").ip(), None);
    /// ```
    pub fn ip(&self) -> Option<IpAddr> {
        match *self {
            Host::Ipv4(addr) => Some(IpAddr::V4(addr)),
            Host::Ipv6(addr) => Some(IpAddr::V6(addr)),
            Host::RegName(_) | Host::IpvFuture(_) => None,
        }
    }
}

impl From<Ipv4Addr> for Host<'_> {
    fn from(addr: Ipv4Addr) -> Self {
        Host::Ipv4(addr)
    }
}

impl From<Ipv6Addr> for Host<'_> {
    fn from(addr: Ipv6Addr) -> Self {
        Host::Ipv6(addr)
    }
}

impl From<IpAddr> for Host<'_> {
    fn from(addr: IpAddr) -> Self {
        match addr {
            IpAddr::V4(addr) => Host::Ipv4(addr),
            IpAddr::V6(addr) => Host::Ipv6(addr),
        }
    }
}

/// Parses `dec-octet` at `i`, taking the longest valid match: `25` followed by
/// `6` stops before the `6`, `0` followed by a digit stops after the `0`.
/// Returns the end and the value, or `None` if there is no digit at `i`.
fn dec_octet(b: &[u8], i: usize) -> Option<(usize, u8)> {
    let first = *b.get(i).filter(|c| c.is_ascii_digit())?;
    let mut value = u16::from(first - b'0');
    let mut end = i + 1;
    if value != 0 {
        while end < i + 3 {
            match b.get(end) {
                Some(&c) if c.is_ascii_digit() && value * 10 + u16::from(c - b'0') <= 255 => {
                    value = value * 10 + u16::from(c - b'0');
                    end += 1;
                }
                _ => break,
            }
        }
    }
    // The loop keeps `value` within 0..=255.
    Some((end, value as u8))
}

/// Parses `3( "." dec-octet )`, the rest of an IPv4 address after its first
/// octet, starting at the first `.`.
fn ipv4_tail(b: &[u8], mut i: usize, octets: &mut [u8; 4]) -> Result<usize, usize> {
    for octet in octets.iter_mut().skip(1) {
        if b.get(i) != Some(&b'.') {
            return Err(i);
        }
        let (end, value) = dec_octet(b, i + 1).ok_or(i + 1)?;
        *octet = value;
        i = end;
    }
    Ok(i)
}

/// Matches `IPv4address` against the whole of `b`: the first-match-wins test.
pub(crate) fn ipv4_exact(b: &[u8]) -> Option<Ipv4Addr> {
    // Rules out almost every registered name after one byte.
    if b.len() > 15 || b.len() < 7 || !b[0].is_ascii_digit() {
        return None;
    }
    let (end, first) = dec_octet(b, 0)?;
    let mut octets = [first, 0, 0, 0];
    match ipv4_tail(b, end, &mut octets) {
        Ok(end) if end == b.len() => Some(Ipv4Addr::from(octets)),
        _ => None,
    }
}

/// Parses `IPv6address` starting at `start` and returns where it ends with
/// its value. The caller checks what follows (the `]`).
///
/// The eight forms of the ABNF come down to two counts: without `::` there are
/// exactly eight 16-bit pieces; with one `::` at most seven. An embedded IPv4
/// address counts as two pieces and must come last (`ls32`). An error is the
/// offset of the first byte that no valid address could continue with.
pub(crate) fn ipv6(b: &[u8], start: usize) -> Result<(usize, Ipv6Addr), usize> {
    let mut pieces = [0u16; 8];
    let mut n = 0; // pieces read
    let mut gap: Option<usize> = None; // where `::` stands, as a piece index
    let mut i = start;

    if b.get(i) == Some(&b':') {
        if b.get(i + 1) != Some(&b':') {
            return Err(i + 1);
        }
        gap = Some(0);
        i += 2;
        if !b.get(i).is_some_and(|&c| chars::is(c, chars::HEXDIG)) {
            return Ok((i, Ipv6Addr::UNSPECIFIED));
        }
    }

    loop {
        // INVARIANT: `i` is at the first byte of a piece (after `:`, `::`, or
        // at the start); the piece must be there.
        let max = if gap.is_some() { 7 } else { 8 };
        let piece_start = i;
        let mut value: u32 = 0;
        while i < piece_start + 4 {
            match b.get(i).and_then(|&c| hex_value(c)) {
                Some(d) => {
                    value = value << 4 | u32::from(d);
                    i += 1;
                }
                None => break,
            }
        }
        if i == piece_start || n + 1 > max {
            return Err(piece_start);
        }
        match b.get(i) {
            Some(&c) if chars::is(c, chars::HEXDIG) => return Err(i), // a fifth hex digit
            Some(b'.') => {
                // ls32 as IPv4address: the digits read so far must be a whole
                // dec-octet, and there must be room for two pieces, last.
                let room = if gap.is_some() { n + 2 <= 7 } else { n == 6 };
                match dec_octet(b, piece_start) {
                    Some((end, first)) if end == i && room => {
                        let mut octets = [first, 0, 0, 0];
                        i = ipv4_tail(b, i, &mut octets)?;
                        pieces[n] = u16::from_be_bytes([octets[0], octets[1]]);
                        pieces[n + 1] = u16::from_be_bytes([octets[2], octets[3]]);
                        n += 2;
                        break;
                    }
                    _ => return Err(i),
                }
            }
            _ => {}
        }
        // Four hex digits fit in 16 bits.
        pieces[n] = value as u16;
        n += 1;
        if b.get(i) != Some(&b':') {
            break;
        }
        // A colon needs room for one more piece: none after eight, and none
        // after seven once there is a gap.
        if n >= max {
            return Err(i);
        }
        if b.get(i + 1) == Some(&b':') {
            if gap.is_some() {
                return Err(i + 1);
            }
            gap = Some(n);
            i += 2;
            if !b.get(i).is_some_and(|&c| chars::is(c, chars::HEXDIG)) {
                break;
            }
        } else {
            i += 1;
        }
    }

    match gap {
        None if n < 8 => Err(i),
        None => Ok((i, Ipv6Addr::from(pieces))),
        Some(at) => {
            // Move the pieces after the gap to the end; zeros fill the gap.
            let mut out = [0u16; 8];
            out[..at].copy_from_slice(&pieces[..at]);
            let tail = n - at;
            out[8 - tail..].copy_from_slice(&pieces[at..n]);
            Ok((i, Ipv6Addr::from(out)))
        }
    }
}

/// Parses `IPvFuture` starting at the `v` at `start`; returns where it ends.
pub(crate) fn ipvfuture(b: &[u8], start: usize) -> Result<usize, usize> {
    debug_assert!(matches!(b.get(start), Some(b'v' | b'V')));
    let mut i = start + 1;
    while b.get(i).is_some_and(|&c| chars::is(c, chars::HEXDIG)) {
        i += 1;
    }
    if i == start + 1 || b.get(i) != Some(&b'.') {
        return Err(i);
    }
    i += 1;
    let tail = i;
    while b.get(i).is_some_and(|&c| chars::is(c, chars::USERINFO)) {
        i += 1;
    }
    if i == tail {
        return Err(i);
    }
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses a bracket-less IPv6 text that must be whole.
    fn v6(s: &str) -> Result<Ipv6Addr, usize> {
        match ipv6(s.as_bytes(), 0) {
            Ok((end, addr)) if end == s.len() => Ok(addr),
            Ok((end, _)) => Err(end),
            Err(at) => Err(at),
        }
    }

    #[track_caller]
    fn v6_ok(s: &str) {
        let std: Ipv6Addr = s.parse().unwrap();
        assert_eq!(v6(s), Ok(std), "{s}");
    }

    #[track_caller]
    fn v6_err(s: &str, at: usize) {
        assert_eq!(v6(s), Err(at), "{s}");
    }

    #[test]
    fn ipv6_nine_forms() {
        v6_ok("1:2:3:4:5:6:7:8"); // 6( h16 ":" ) ls32
        v6_ok("1:2:3:4:5:6:1.2.3.4");
        v6_ok("::2:3:4:5:6:7:8"); // "::" 5( h16 ":" ) ls32
        v6_ok("::2:3:4:5:6:1.2.3.4");
        v6_ok("1::3:4:5:6:7:8"); // [ h16 ] "::" 4( h16 ":" ) ls32
        v6_ok("::3:4:5:6:7:8");
        v6_ok("1::3:4:5:6:1.2.3.4");
        v6_ok("1:2::4:5:6:7:8"); // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        v6_ok("1:2::4:5:6:1.2.3.4");
        v6_ok("1:2:3::5:6:7:8"); // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        v6_ok("1:2:3::5:6:1.2.3.4");
        v6_ok("1:2:3:4::6:7:8"); // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        v6_ok("1:2:3:4::6:1.2.3.4");
        v6_ok("1:2:3:4:5::7:8"); // [ *4( h16 ":" ) h16 ] "::" ls32
        v6_ok("1:2:3:4:5::1.2.3.4");
        v6_ok("::1.2.3.4");
        v6_ok("1:2:3:4:5:6::8"); // [ *5( h16 ":" ) h16 ] "::" h16
        v6_ok("::8");
        v6_ok("1:2:3:4:5:6:7::"); // [ *6( h16 ":" ) h16 ] "::"
        v6_ok("1::");
        v6_ok("::");
        v6_ok("ffff:FFFF:0:00:000:0000:aBcD:1");
        v6_ok("::ffff:255.255.255.255");
    }

    #[test]
    fn ipv6_invalid() {
        v6_err("1:2:3:4:5:6:7:8:9", 15); // nine groups
        v6_err("1:2:3:4:5:6:7", 13); // seven groups, no gap
        v6_err("1::2::3", 5); // two "::"
        v6_err(":::", 2);
        v6_err(":1", 1);
        v6_err("1:", 2);
        v6_err("12345::", 4); // five hex digits
        v6_err("1::2:3:4:5:6:7:8", 14); // a gap plus eight groups
        v6_err("1:2:3:4:5:6:7:8::", 15);
        v6_err("1:2:3:4:5:6:7::8", 15);
        v6_err("::1.2.3.256", 10); // bad embedded IPv4
        v6_err("::1.2.3", 7);
        v6_err("::01.2.3.4", 4);
        v6_err("::1a.2.3.4", 4);
        v6_err("1:2:3:4:5:6:7:1.2.3.4", 15); // no room for ls32
        v6_err("1:2:3:4:5:1.2.3.4", 11); // too few groups before ls32
        v6_err("::1.2.3.4:5", 9); // ls32 must come last
        v6_err("", 0);
    }

    #[test]
    fn ipv6_agrees_with_std_on_exhaustive_short_inputs() {
        // Every string up to five bytes over a small alphabet.
        let alphabet = b":1.a";
        let mut buf = [0u8; 5];
        for len in 0..=5 {
            let total = alphabet.len().pow(len as u32);
            for mut k in 0..total {
                for slot in buf.iter_mut().take(len) {
                    *slot = alphabet[k % alphabet.len()];
                    k /= alphabet.len();
                }
                let s = core::str::from_utf8(&buf[..len]).unwrap();
                assert_eq!(v6(s).ok(), s.parse::<Ipv6Addr>().ok(), "{s:?}");
            }
        }
    }

    #[test]
    fn dec_octet_boundaries() {
        for n in [0u32, 9, 10, 99, 100, 199, 200, 249, 250, 255] {
            let s = alloc::format!("{n}.{n}.{n}.{n}");
            assert_eq!(
                ipv4_exact(s.as_bytes()).map(|a| a.octets()[0] as u32),
                Some(n),
                "{s}"
            );
        }
        for s in [
            "256.1.1.1",
            "1.2.3.256",
            "01.2.3.4",
            "1.2.3",
            "1.2.3.4.",
            "1.2.3.04",
            "300.1.1.1",
        ] {
            assert_eq!(ipv4_exact(s.as_bytes()), None, "{s}");
        }
    }

    #[test]
    fn ipvfuture_forms() {
        let end = |s: &str| ipvfuture(s.as_bytes(), 0);
        assert_eq!(end("v1.x"), Ok(4));
        assert_eq!(end("VaF.a:b!"), Ok(8));
        assert_eq!(end("v.x"), Err(1));
        assert_eq!(end("v1x"), Err(2));
        assert_eq!(end("v1."), Err(3));
        assert_eq!(end("v1.%41"), Err(3)); // no pct-encoded in IPvFuture
    }
}
