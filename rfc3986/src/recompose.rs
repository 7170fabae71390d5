//! Component recomposition (section 5.3): writing a reference from its
//! components into one buffer while recording their offsets, so that what
//! building, resolution and normalization produce never needs a re-parse.
//!
//! ```text
//! result = ""
//! if defined(scheme) then append scheme to result; append ":" to result;
//! if defined(authority) then append "//" to result; append authority to result;
//! append path to result;
//! if defined(query) then append "?" to result; append query to result;
//! if defined(fragment) then append "#" to result; append fragment to result;
//! ```
//!
//! Two guards keep the written path meaning what the caller computed, where
//! the literal algorithm would write something that parses differently:
//!
//! - With no authority, a path starting with `//` would be read as an
//!   authority: the scheme `foo` and the path `//x` written literally give
//!   `foo://x`, whose host is `x`, and the path `//@@` gives `foo://@@`, which
//!   does not parse at all. Such a path is written with a `/.` prefix,
//!   `foo:/.//x`, which means the same path once dot segments are removed.
//! - With no scheme and no authority, a first segment containing `:` would be
//!   read as a scheme (`a:b`). It is written with a `./` prefix (section 4.2).
//!
//! The writer trusts its caller for the validity of each component's bytes;
//! debug builds check the result against a fresh parse.

use alloc::string::String;

use crate::host::{self, HostKind};
use crate::parse::Meta;
use crate::uri_ref::{UriRef, UriRefBuf};

/// Writes components in order, recording where each starts and ends.
///
/// Calls must follow the order of section 5.3: `scheme`, then
/// `start_authority` .. `end_authority`, then `start_path` .. `end_path`,
/// then `query`, then `fragment`, then `finish`; any of scheme, authority,
/// query and fragment may be skipped. Text is appended to
/// [`buf`](Self::buf) between the calls.
#[derive(Debug)]
pub(crate) struct Recomposer {
    /// The text written so far; callers append component text here.
    pub(crate) buf: String,
    meta: Meta,
}

impl Recomposer {
    /// A writer whose buffer can hold `capacity` bytes without growing.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Recomposer {
            buf: String::with_capacity(capacity),
            meta: Meta::default(),
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn here(&self) -> u32 {
        // Every caller writes text derived from inputs that were parsed, and
        // so are at most u32::MAX bytes, plus a few delimiters; the
        // conversion saturates rather than wraps if that is ever exceeded,
        // and the debug check in `finish` would catch it.
        u32::try_from(self.buf.len()).unwrap_or(u32::MAX)
    }

    /// Ends the scheme written to `buf` since the start, appending `:`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_scheme(&mut self) {
        debug_assert!(!self.buf.is_empty());
        self.meta.scheme_end = self.here();
        self.buf.push(':');
    }

    /// Appends `//`; the authority's text follows.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn start_authority(&mut self) {
        self.buf.push_str("//");
        self.meta.host_start = self.here();
    }

    /// Ends a userinfo written since `start_authority`, appending `@`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_userinfo(&mut self) {
        self.buf.push('@');
        self.meta.host_start = self.here();
    }

    /// Ends the host written since `start_authority` or `end_userinfo` and
    /// works out its kind from its text (so a host that became an IPv4
    /// address when written, as `%31.2.3.4` does when decoded, is one).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_host(&mut self) {
        self.meta.host_end = self.here();
        let host = &self.buf.as_bytes()[self.meta.host_start as usize..];
        self.meta.host_kind = Some(host_kind(host));
    }

    /// The reference written as `head`, the text of `base` up to its path
    /// or up to a point within its path, then the rest of the path as
    /// `path` appends it (at most `path_len` bytes), then the query and
    /// fragment of `reference` as written: for a target whose scheme and
    /// authority are the base's (resolution, section 5.2.2). The path's
    /// guard is checked on the whole path written.
    ///
    /// The offsets are worked out as values and the result built once,
    /// rather than field by field in a writer that is then copied: that
    /// copy, read back right after the writes, stalled the processor more
    /// than the rest of a resolution cost. The caller makes sure the result
    /// fits in `MAX_LEN` bytes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn join(
        base: UriRef<'_>,
        head: &str,
        path_len: usize,
        path: impl FnOnce(&mut String),
        reference: UriRef<'_>,
    ) -> UriRefBuf {
        let from = base.meta();
        let r = reference.meta();
        debug_assert!(base.as_str().starts_with(head));
        debug_assert!((from.path_start as usize..=from.path_end as usize).contains(&head.len()));
        // The query and fragment with their delimiters.
        let after_path = &reference.as_str()[r.path_end as usize..];
        // Two bytes more for a guard.
        let mut buf = String::with_capacity(head.len() + path_len + after_path.len() + 2);
        buf.push_str(head);
        path(&mut buf);
        // With an authority no guard applies (see `path_guard`).
        if from.host_kind.is_none() {
            let written = &buf.as_bytes()[from.path_start as usize..];
            let prefix = path_guard(from.scheme_end > 0, false, written);
            if !prefix.is_empty() {
                buf.insert_str(from.path_start as usize, prefix);
            }
        }
        let path_end = u32::try_from(buf.len()).unwrap_or(u32::MAX);
        buf.push_str(after_path);
        let meta = Meta {
            scheme_end: from.scheme_end,
            host_start: from.host_start,
            host_end: from.host_end,
            host_kind: from.host_kind,
            path_start: from.path_start,
            path_end,
            query_end: path_end + (r.query_end - r.path_end),
        };
        let uri = UriRefBuf::from_parts(buf, meta);
        debug_assert!(uri.check_invariants(), "joined {:?}", uri.as_str());
        uri
    }

    /// `scheme ":"` followed by `reference` from its authority on (the
    /// reference has an authority; a scheme of its own is left out, as a
    /// non-strict resolver ignores it): the target of a network-path
    /// reference with no dot segment (section 5.2.2). The reference's
    /// offsets move with its text, and no guard applies after an authority.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn scheme_then(scheme: &str, reference: UriRef<'_>) -> UriRefBuf {
        let r = reference.meta();
        debug_assert!(r.host_kind.is_some() && !scheme.is_empty());
        // Where the "//" is.
        let from = r.authority_start() - 2;
        let rest = &reference.as_str()[from as usize..];
        let scheme_end = u32::try_from(scheme.len()).unwrap_or(u32::MAX);
        let moved = |offset: u32| offset - from + scheme_end + 1;
        let meta = Meta {
            scheme_end,
            host_start: moved(r.host_start),
            host_end: moved(r.host_end),
            host_kind: r.host_kind,
            path_start: moved(r.path_start),
            path_end: moved(r.path_end),
            query_end: moved(r.query_end),
        };
        copies([scheme, ":", rest], meta)
    }

    /// The first `keep` bytes of `base`, which end within its path, then
    /// `reference`, which has no authority, from `skip` bytes into its path
    /// on (a scheme of its own is left out, as a non-strict resolver
    /// ignores it): a target
    /// whose scheme and authority are the base's and whose path continues
    /// with the reference's (section 5.2.2, the cases with no dot segment
    /// to remove). The caller makes sure that the path so joined needs no
    /// guard: the base has a scheme, so only a path that starts with "//"
    /// where the base has no authority would.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn base_then(
        base: UriRef<'_>,
        keep: usize,
        reference: UriRef<'_>,
        skip: usize,
    ) -> UriRefBuf {
        let from = base.meta();
        let r = reference.meta();
        debug_assert!(r.host_kind.is_none() && from.scheme_end > 0);
        debug_assert!((from.path_start as usize..=from.path_end as usize).contains(&keep));
        let kept = &base.as_str()[..keep];
        debug_assert!(r.path_start as usize + skip <= r.path_end as usize);
        let from_r = r.path_start as usize + skip;
        let rest = &reference.as_str()[from_r..];
        // Both are at most MAX_LEN, which fits in u32.
        let moved = |offset: u32| (offset as usize - from_r + keep) as u32;
        let meta = Meta {
            path_end: moved(r.path_end),
            query_end: moved(r.query_end),
            ..from
        };
        copies([kept, rest], meta)
    }

    /// `base` up to its fragment, followed by the fragment of `reference`
    /// (if it has one): the target of a reference with no path and no
    /// query (section 5.2.2). The base's offsets hold as they are, and its
    /// path, written as it was, needs no guard it did not have.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn fragment_of(base: UriRef<'_>, reference: UriRef<'_>) -> UriRefBuf {
        let from = base.meta();
        let through_query = &base.as_str()[..from.query_end as usize];
        let fragment = &reference.as_str()[reference.meta().query_end as usize..];
        copies([through_query, fragment], from)
    }

    /// Appends `//` and the authority of `source` as written: its offsets
    /// and host kind move with it, with no need to classify the host again.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn authority_of(&mut self, source: UriRef<'_>) {
        let from = source.meta();
        let authority = source.authority().unwrap_or_default();
        self.buf.push_str("//");
        // The host's offsets within the authority are the source's, moved
        // from where its authority starts to where this one does.
        let within = |offset: u32| offset - from.authority_start();
        let here = self.here();
        self.meta.host_start = here + within(from.host_start);
        self.meta.host_end = here + within(from.host_end);
        self.meta.host_kind = from.host_kind;
        self.buf.push_str(authority);
    }

    /// Appends the `:` of a port; its digits follow.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn start_port(&mut self) {
        self.buf.push(':');
    }

    /// Ends the authority (after `end_host` and any port).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_authority(&mut self) {
        debug_assert!(self.meta.host_kind.is_some());
    }

    /// Marks where the path starts; its text follows.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn start_path(&mut self) {
        self.meta.path_start = self.here();
    }

    /// Ends the path written since `start_path`, applying the two guards of
    /// the module docs.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_path(&mut self) {
        let start = self.meta.path_start as usize;
        let path = &self.buf.as_bytes()[start..];
        let prefix = path_guard(
            self.meta.scheme_end > 0,
            self.meta.host_kind.is_some(),
            path,
        );
        if !prefix.is_empty() {
            self.buf.insert_str(start, prefix);
        }
        self.meta.path_end = self.here();
        self.meta.query_end = self.meta.path_end;
    }

    /// Writes `?` and the query, when there is one: `write` appends its
    /// text (as given, encoded or normalized, as the caller needs).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn query<T>(&mut self, query: Option<T>, write: impl FnOnce(&mut String, T)) {
        if let Some(query) = query {
            self.buf.push('?');
            write(&mut self.buf, query);
            self.meta.query_end = self.here();
        }
    }

    /// Writes `#` and the fragment, when there is one; it ends the text.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn fragment<T>(&mut self, fragment: Option<T>, write: impl FnOnce(&mut String, T)) {
        if let Some(fragment) = fragment {
            self.buf.push('#');
            write(&mut self.buf, fragment);
        }
    }

    /// The reference written.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn finish(self) -> UriRefBuf {
        let uri = UriRefBuf::from_parts(self.buf, self.meta);
        debug_assert!(uri.check_invariants(), "recomposed {:?}", uri.as_str());
        uri
    }
}

/// The kind of a host written as `host`, which the caller made valid: an
/// IP literal by its first bytes, otherwise IPv4 when the whole text matches
/// `IPv4address` (first-match-wins, section 3.2.2), otherwise a reg-name.
/// The reference whose text is `pieces` one after another and whose
/// offsets are `meta`, written in one allocation: the targets that are
/// copies of runs of other references' text.
#[cfg_attr(not(debug_assertions), inline(always))]
fn copies<const N: usize>(pieces: [&str; N], meta: Meta) -> UriRefBuf {
    let mut buf = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for piece in pieces {
        buf.push_str(piece);
    }
    let uri = UriRefBuf::from_parts(buf, meta);
    debug_assert!(uri.check_invariants(), "joined {:?}", uri.as_str());
    uri
}

pub(crate) fn host_kind(host: &[u8]) -> HostKind {
    match host {
        [b'[', b'v' | b'V', ..] => HostKind::IpvFuture,
        [b'[', ..] => HostKind::Ipv6,
        _ if host::ipv4_exact(host).is_some() => HostKind::Ipv4,
        _ => HostKind::RegName,
    }
}

/// The prefix that the two guards of the module docs put before `path`:
/// `"/."` when there is no authority and the path starts with `//`, `"./"`
/// when there is neither scheme nor authority and the first segment has a
/// `:`, otherwise `""`. A guarded path never needs a second prefix, so
/// checking again after any change to the other components is harmless.
#[inline]
pub(crate) fn path_guard(has_scheme: bool, has_authority: bool, path: &[u8]) -> &'static str {
    if has_authority {
        return "";
    }
    if path.starts_with(b"//") {
        return "/.";
    }
    let first_segment = path.split(|&b| b == b'/').next().unwrap_or_default();
    if !has_scheme && first_segment.contains(&b':') {
        return "./";
    }
    ""
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes the given components with the recomposer.
    fn write(
        scheme: Option<&str>,
        authority: Option<(Option<&str>, &str, Option<&str>)>,
        path: &str,
        query: Option<&str>,
        fragment: Option<&str>,
    ) -> UriRefBuf {
        let mut w = Recomposer::with_capacity(0);
        if let Some(scheme) = scheme {
            w.buf.push_str(scheme);
            w.end_scheme();
        }
        if let Some((userinfo, host, port)) = authority {
            w.start_authority();
            if let Some(userinfo) = userinfo {
                w.buf.push_str(userinfo);
                w.end_userinfo();
            }
            w.buf.push_str(host);
            w.end_host();
            if let Some(port) = port {
                w.start_port();
                w.buf.push_str(port);
            }
            w.end_authority();
        }
        w.start_path();
        w.buf.push_str(path);
        w.end_path();
        w.query(query, String::push_str);
        w.fragment(fragment, String::push_str);
        w.finish()
    }

    #[test]
    fn writes_every_component_with_offsets() {
        let u = write(
            Some("foo"),
            Some((Some("u"), "example.com", Some("8042"))),
            "/over/there",
            Some("name=ferret"),
            Some("nose"),
        );
        assert_eq!(
            u.as_str(),
            "foo://u@example.com:8042/over/there?name=ferret#nose"
        );
        assert!(u.check_invariants());
        let u = write(
            None,
            Some((None, "[::1]", Some(""))),
            "",
            Some(""),
            Some(""),
        );
        assert_eq!(u.as_str(), "//[::1]:?#");
        assert!(u.check_invariants());
        let u = write(Some("s"), Some((None, "%31.2.3.4", None)), "", None, None);
        assert_eq!(u.host_kind(), Some(HostKind::RegName));
        let u = write(Some("s"), Some((None, "1.2.3.4", None)), "", None, None);
        assert_eq!(u.host_kind(), Some(HostKind::Ipv4));
        let u = write(None, None, "", None, None);
        assert_eq!(u.as_str(), "");
    }

    #[test]
    fn double_slash_without_authority_gets_a_dot_segment() {
        let u = write(Some("foo"), None, "//@@", None, None);
        assert_eq!(u.as_str(), "foo:/.//@@");
        assert_eq!(u.authority(), None);
        assert_eq!(u.path(), "/.//@@");
        assert!(u.check_invariants());
        let u = write(None, None, "//x", Some("q"), None);
        assert_eq!(u.as_str(), "/.//x?q");
        assert!(u.check_invariants());
    }

    #[test]
    fn colon_in_first_relative_segment_gets_a_dot_segment() {
        let u = write(None, None, "a:b/c", None, Some("f"));
        assert_eq!(u.as_str(), "./a:b/c#f");
        assert!(u.check_invariants());
        // Only the first segment matters, and only without a scheme.
        assert_eq!(write(None, None, "a/b:c", None, None).as_str(), "a/b:c");
        assert_eq!(write(Some("s"), None, "a:b", None, None).as_str(), "s:a:b");
    }
}
