//! Reference resolution (section 5): the target URI of a reference against a
//! base URI, by the algorithm of section 5.2, written out by section 5.3.
//!
//! ```
//! use rfc3986::{resolve, UriRef};
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! let target = resolve(base, UriRef::parse("../g?y#s")?)?;
//! assert_eq!(target, "http://a/b/g?y#s");
//! assert_eq!(target.path(), "/b/g"); // offsets recorded while writing
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the base must be
//!
//! A base is an absolute URI (section 4.3 and 5.1): it must have a scheme,
//! and a relative base is a [`ResolveError`] rather than a guess. A base
//! with a fragment is accepted and the fragment ignored, as section 5.1 says
//! a base is "stripped of any fragment component prior to its use as a base
//! URI" (the algorithm of 5.2.2 never reads `Base.fragment`). Nothing else
//! is asked of the base: one without an authority or with a rootless path
//! (`mailto:x`, `foo:a/b`) resolves by the algorithm as written, so
//! `mailto:x` and `y` give `mailto:y`. The base is not normalized first
//! (section 5.2.1 makes that optional).
//!
//! # Edge cases, and where the result differs from the literal text
//!
//! - **Dot segments are literal.** Only segments written exactly `.` and `..`
//!   are dot segments here: `%2E%2E` is an ordinary segment, kept as written.
//!   Normalization (section 6.2.2.2) decodes `%2E` first, so
//!   [`normalize`](crate::normalize()) does treat it as a dot segment.
//! - **A path that would read as an authority.** The literal algorithm can
//!   give a target with no authority whose path starts with `//`: `.//@@`
//!   against `foo:/` merges to `/.//@@`, whose dot segments leave `//@@`, and
//!   recomposition would write `foo://@@`, which parses with an authority
//!   (here, fails to parse). The result is written `foo:/.//@@` instead: a
//!   `/.` prefix that means the same path once dot segments are removed, so
//!   the result reparses to the components the algorithm computed.
//! - **`..` above the root.** By default the result is the RFC's (section
//!   5.4.2): `../../../g` against `http://a/b/c/d;p?q` gives `http://a/g`,
//!   the extra `..` dropped. [`Resolver::keep_parent_above_root`] keeps them
//!   instead (`http://a/../g`, and `http://a/../../g` for `../../../../g`),
//!   as this crate reads RFC erratum 4547, which a translation of the RFC
//!   cites at these examples. The erratum's own text could not be consulted
//!   when this was written, so the option is defined by its rule: every `..`
//!   that has no segment left to remove is written out, and no later `..`
//!   removes it; `.` segments are removed as usual.
//! - **A rootless path can become absolute.** Step 2C removes a segment
//!   "and its preceding `/` (if any)" and leaves the `/` it replaced the
//!   `/..` with, so `a/../b` becomes `/b`: `foo:a/b` and `../c` give
//!   `foo:/c`. That is the algorithm as written, and it is kept.
//! - **Non-strict resolution** (section 5.2.2): a reference scheme equal to
//!   the base's (compared without case, since schemes are case-insensitive)
//!   is ignored, so `http:g` gives `http://a/b/c/g` rather than `http:g`.
//!
//! # Cost
//!
//! The length of the target is bounded before anything is written, so a
//! resolution allocates exactly once, and the component offsets are recorded
//! as the text is written (no re-parse). `merge` and `remove_dot_segments`
//! run in one forward pass over the segments, without recursion and without
//! building the merged path: a `..` removes the last output segment by
//! truncating the output, and each output byte is removed at most once, so
//! the whole is linear in the length of the inputs.

use alloc::string::String;
use core::fmt;
use core::iter::Chain;

use crate::parse::MAX_LEN;
use crate::recompose::Recomposer;
use crate::uri_ref::{UriRef, UriRefBuf};

/// Why a reference could not be resolved.
///
/// ```
/// use rfc3986::{resolve, ResolveErrorKind, UriRef};
/// let base = UriRef::parse("//example.com/a").unwrap();
/// let err = resolve(base, UriRef::parse("b").unwrap()).unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::RelativeBase);
/// assert_eq!(err.to_string(), "the base is a relative reference: a base URI needs a scheme");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResolveError {
    kind: ResolveErrorKind,
}

/// The class of a [`ResolveError`].
///
/// ```
/// use rfc3986::{resolve, ResolveErrorKind, UriRef};
/// let base = UriRef::parse("/not/a/base").unwrap();
/// let err = resolve(base, UriRef::parse("g").unwrap()).unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::RelativeBase);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The base has no scheme, so it is not a URI and cannot be a base
    /// (section 5.1). `//example.com/a` as a base fails at offset 0.
    RelativeBase,
    /// The target would be longer than 4 GiB minus one byte, the most the
    /// offsets of this crate can address. Only inputs of gigabytes get here.
    TooLong,
}

impl ResolveErrorKind {
    /// A short kebab-case name of the kind, stable across releases
    /// (`"relative-base"`, `"too-long"`): the `kind` of the `uri` command's
    /// JSON output.
    ///
    /// ```
    /// assert_eq!(rfc3986::ResolveErrorKind::RelativeBase.name(), "relative-base");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ResolveErrorKind::RelativeBase => "relative-base",
            ResolveErrorKind::TooLong => "too-long",
        }
    }
}

impl ResolveError {
    const fn new(kind: ResolveErrorKind) -> Self {
        ResolveError { kind }
    }

    /// What went wrong.
    ///
    /// ```
    /// use rfc3986::{Resolver, ResolveErrorKind, UriRef};
    /// let err = Resolver::new(UriRef::parse("a/b").unwrap()).unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::RelativeBase);
    /// ```
    pub const fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// The byte offset in the base where the problem is: 0 for a relative
    /// base (where its scheme should be), the length limit for
    /// [`TooLong`](ResolveErrorKind::TooLong).
    ///
    /// ```
    /// use rfc3986::{Resolver, UriRef};
    /// assert_eq!(Resolver::new(UriRef::parse("a/b").unwrap()).unwrap_err().offset(), 0);
    /// ```
    pub const fn offset(&self) -> usize {
        match self.kind {
            ResolveErrorKind::RelativeBase => 0,
            ResolveErrorKind::TooLong => MAX_LEN,
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            ResolveErrorKind::RelativeBase => {
                "the base is a relative reference: a base URI needs a scheme"
            }
            ResolveErrorKind::TooLong => "the target would be longer than 4 GiB",
        })
    }
}

impl core::error::Error for ResolveError {}

/// Resolves `reference` against `base` by section 5.2, strictly and with
/// the RFC's answers for `..` above the root. See [`Resolver`] for the
/// options, and to check a base once for many references.
///
/// # Errors
///
/// [`ResolveErrorKind::RelativeBase`] when the base has no scheme;
/// [`ResolveErrorKind::TooLong`] when the target would not fit in 4 GiB.
///
/// ```
/// use rfc3986::{resolve, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let target = |r| resolve(base, UriRef::parse(r).unwrap()).unwrap();
/// assert_eq!(target("g;x?y#s"), "http://a/b/c/g;x?y#s");
/// assert_eq!(target("//g"), "http://g");
/// assert_eq!(target("../../../g"), "http://a/g");
/// assert_eq!(target("http:g"), "http:g");
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
pub fn resolve(base: UriRef<'_>, reference: UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
    Resolver::new(base)?.resolve(reference)
}

/// A base URI checked once, with the resolution options, ready to resolve
/// any number of references.
///
/// ```
/// use rfc3986::{Resolver, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let strict = Resolver::new(base)?;
/// let loose = strict.non_strict().keep_parent_above_root();
/// let r = |s| UriRef::parse(s).unwrap();
/// assert_eq!(strict.resolve(r("http:g"))?, "http:g");
/// assert_eq!(loose.resolve(r("http:g"))?, "http://a/b/c/g");
/// assert_eq!(strict.resolve(r("../../../../g"))?, "http://a/g");
/// assert_eq!(loose.resolve(r("../../../../g"))?, "http://a/../../g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Resolver<'b> {
    base: UriRef<'b>,
    strict: bool,
    keep_parent_above_root: bool,
    /// The part of a merged path taken from the base (section 5.2.3).
    merge_prefix: &'b str,
    /// The base's text before its path: its scheme and authority.
    head: &'b str,
    /// The base's text up to where a merged path continues with the
    /// reference's: through the merge prefix when it is part of the base's
    /// path, else (the "/" that merge adds to an empty path) the head.
    merge_head: &'b str,
    /// Whether the base path has no dot segment, so that the part of a
    /// merged path taken from it can be copied as it is.
    base_path_plain: bool,
}

impl<'b> Resolver<'b> {
    /// A strict resolver against `base`, giving the RFC's answers (section
    /// 5.4) for `..` above the root. A fragment of the base is ignored.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::RelativeBase`] when `base` has no scheme.
    ///
    /// ```
    /// use rfc3986::{Resolver, UriRef};
    /// assert!(Resolver::new(UriRef::parse("mailto:x")?).is_ok());
    /// assert!(Resolver::new(UriRef::parse("/x")?).is_err());
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn new(base: UriRef<'b>) -> Result<Self, ResolveError> {
        if base.is_relative() {
            return Err(ResolveError::new(ResolveErrorKind::RelativeBase));
        }
        let text = base.as_str();
        let head = &text[..base.head_len()];
        let prefix = merge_prefix(base);
        let merge_head = if base.path().is_empty() {
            head
        } else {
            &text[..head.len() + prefix.len()]
        };
        Ok(Resolver {
            base,
            strict: true,
            keep_parent_above_root: false,
            merge_prefix: prefix,
            head,
            merge_head,
            base_path_plain: !has_dot_segment(base.path()),
        })
    }

    /// The same resolver, but non-strict (section 5.2.2): a reference
    /// scheme equal to the base's, ignoring case, is ignored.
    ///
    /// ```
    /// use rfc3986::{Resolver, UriRef};
    /// let resolver = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?.non_strict();
    /// assert_eq!(resolver.resolve(UriRef::parse("HTTP:g")?)?, "http://a/b/c/g");
    /// assert_eq!(resolver.resolve(UriRef::parse("ftp:g")?)?, "ftp:g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn non_strict(mut self) -> Self {
        self.strict = false;
        self
    }

    /// The same resolver, but keeping each `..` segment that has nothing
    /// left to remove (the reading of erratum 4547; see the module docs).
    ///
    /// ```
    /// use rfc3986::{Resolver, UriRef};
    /// let resolver = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?.keep_parent_above_root();
    /// assert_eq!(resolver.resolve(UriRef::parse("../../../g")?)?, "http://a/../g");
    /// assert_eq!(resolver.resolve(UriRef::parse("../../g")?)?, "http://a/g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn keep_parent_above_root(mut self) -> Self {
        self.keep_parent_above_root = true;
        self
    }

    /// The base, as given (with its fragment, if it has one).
    ///
    /// ```
    /// use rfc3986::{Resolver, UriRef};
    /// let resolver = Resolver::new(UriRef::parse("http://a/b#f")?)?;
    /// assert_eq!(resolver.base(), "http://a/b#f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn base(&self) -> UriRef<'b> {
        self.base
    }

    /// The target of `reference` (section 5.2.2), written in one allocation
    /// with its offsets recorded.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::TooLong`] when the target would be longer than
    /// 4 GiB minus one byte.
    ///
    /// ```
    /// use rfc3986::{Resolver, UriRef};
    /// let resolver = Resolver::new(UriRef::parse("foo:/")?)?;
    /// let target = resolver.resolve(UriRef::parse(".//@@")?)?;
    /// assert_eq!(target, "foo:/.//@@");
    /// assert_eq!((target.authority(), target.path()), (None, "/.//@@"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, reference: UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
        let base = self.base;
        let r = reference;
        // Resolver::new refused a base without a scheme.
        let base_scheme = base.scheme().unwrap_or_default();

        // -- A non-strict parser may ignore a scheme in the reference
        // -- if it is identical to the base URI's scheme.
        let r_scheme = r
            .scheme()
            .filter(|s| self.strict || !s.eq_ignore_ascii_case(base_scheme));

        // The common cases in two copies of text (see the two methods); the
        // general way below, which checks the length as it writes, does
        // every case.
        let r_path_plain = !has_dot_segment(r.path());
        // A merged path (a relative-path reference) takes part of the
        // base's path, which must then have no dot segment either.
        let merges = r_scheme.is_none()
            && !r.has_authority()
            && !r.path().is_empty()
            && !r.path().starts_with('/');
        if base.as_str().len() + r.as_str().len() + 3 <= MAX_LEN {
            if r_path_plain && (self.base_path_plain || !merges) {
                return Ok(self.copy_without_dot_segments(r, r_scheme.is_some()));
            }
            if merges && self.base_path_plain {
                if let Some(target) = self.climb(r) {
                    return Ok(target);
                }
                return Ok(self.merge_removing_dot_segments(r));
            }
        }

        // T.scheme, the source of T.authority, T.path (as a plan) and T.query.
        let (scheme, authority, path, query) = if let Some(scheme) = r_scheme {
            (scheme, has(r), Path::RemoveDots(r.path()), r.query())
        } else if r.has_authority() {
            (base_scheme, has(r), Path::RemoveDots(r.path()), r.query())
        } else if r.path().is_empty() {
            let query = if r.query().is_some() {
                r.query()
            } else {
                base.query()
            };
            (base_scheme, has(base), Path::Base(base.path()), query)
        } else if r.path().starts_with('/') {
            (
                base_scheme,
                has(base),
                Path::RemoveDots(r.path()),
                r.query(),
            )
        } else {
            let merged = Path::Merge(self.merge_prefix, r.path());
            (base_scheme, has(base), merged, r.query())
        };
        let fragment = r.fragment();

        // Every part is copied or shrinks, except: the path may gain a "/"
        // (merging onto an empty base path), "/.." at the end becomes "/../"
        // when kept, and recomposition may add the two bytes of a guard.
        let capacity = scheme.len()
            + 1
            + authority.map_or(0, |a| 2 + a.authority().map_or(0, str::len))
            + path.len_bound()
            + 4
            + query.map_or(0, |q| 1 + q.len())
            + fragment.map_or(0, |f| 1 + f.len());
        let mut w = Recomposer::with_capacity(capacity);
        w.buf.push_str(scheme);
        w.end_scheme();
        if let Some(source) = authority {
            copy_authority(&mut w, source);
        }
        w.start_path();
        let start = w.buf.len();
        let keep = self.keep_parent_above_root;
        let dotted = match path {
            Path::Base(p) => {
                w.buf.push_str(p);
                None
            }
            Path::RemoveDots(p) => Some(split_path(p)),
            Path::Merge(prefix, p) => Some(split_merged(prefix, p)),
        };
        if let Some((absolute, segments)) = dotted {
            remove_dot_segments(
                &mut w.buf,
                start,
                absolute,
                segments,
                keep,
                literal_dot,
                copy,
            );
        }
        w.end_path();
        w.query(query, String::push_str);
        w.fragment(fragment, String::push_str);
        if w.buf.len() > MAX_LEN {
            return Err(ResolveError::new(ResolveErrorKind::TooLong));
        }
        debug_assert!(w.buf.len() <= capacity, "{} > {capacity}", w.buf.len());
        Ok(w.finish())
    }
}

impl Resolver<'_> {
    /// The target of a reference whose path has no dot segment, when no dot
    /// segment comes from the base either: then remove_dot_segments changes
    /// nothing, and T is a run of the base's text followed by the
    /// reference's, each copied whole with its offsets. The caller checks
    /// that the base's part of a merged path has no dot segment either.
    ///
    /// The cases are those of section 5.2.2. With `R.scheme` defined, T is
    /// R. With `R.authority`, T is the base's scheme then R from its
    /// authority on. Otherwise T starts with the base's scheme and
    /// authority and then: with an empty `R.path`, the base's path (and
    /// its query when R has none); with an absolute `R.path`, R from its
    /// path on; else the merged path, which is the base's path up to its
    /// last "/" (or "/" after an authority and an empty path, section
    /// 5.2.3) followed by R from its path on.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copy_without_dot_segments(&self, r: UriRef<'_>, r_has_scheme: bool) -> UriRefBuf {
        let base = self.base;
        let path = r.path();
        if r_has_scheme {
            r.to_owned()
        } else if r.has_authority() {
            Recomposer::scheme_then(base.scheme().unwrap_or_default(), r)
        } else if path.is_empty() && r.query().is_some() {
            // T is the base through its path, then R's query and fragment.
            Recomposer::base_then(base, self.head.len() + base.path().len(), r, 0)
        } else if path.is_empty() {
            // T.query is the base's; only the fragment comes from R.
            Recomposer::fragment_of(base, r)
        } else if path.starts_with('/') {
            // The base's scheme and authority, then all of R.
            Recomposer::base_then(base, self.head.len(), r, 0)
        } else if self.merge_head.len() > self.head.len() || !base.has_authority() {
            debug_assert!(self.base_path_plain);
            // The base through the merge prefix, then all of R.
            Recomposer::base_then(base, self.merge_head.len(), r, 0)
        } else {
            // The "/" that merge gives an empty base path after an
            // authority, between the base's head and R.
            Recomposer::join(
                base,
                self.head,
                1 + path.len(),
                |buf| {
                    buf.push('/');
                    buf.push_str(path);
                },
                r,
            )
        }
    }
}

impl Resolver<'_> {
    /// The target of a relative-path reference whose dot segments all lead
    /// it (`../../g`, `./g`, `..`), against a base whose merge prefix is
    /// an absolute path of its own text with no dot segment, when no `..`
    /// is kept above the root; otherwise `None`.
    ///
    /// In the merged path each leading `./` goes (step A or B of section
    /// 5.2.4) and each leading `../` takes the prefix's last segment with
    /// it (step C), or nothing at the root, and a last `.` or `..` does the
    /// same (step D, and B or C). What is left of the reference's path has
    /// no dot segment, so T is the base's text through what is left of the
    /// prefix, then the reference from there on, in two copies. A path
    /// left starting with "/" (`.//g`) takes the general way, which writes
    /// the guard it may need.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn climb(&self, r: UriRef<'_>) -> Option<UriRefBuf> {
        let text = self.base.as_str().as_bytes();
        // The prefix starts at the end of the head: here with a "/".
        let root = self.head.len() + 1;
        if self.keep_parent_above_root
            || self.merge_head.len() < root
            || text.get(self.head.len()) != Some(&b'/')
        {
            return None;
        }
        let path = r.path().as_bytes();
        let mut keep = self.merge_head.len();
        let mut at = 0;
        loop {
            match &path[at..] {
                [b'.', b'/', ..] => at += 2,
                [b'.'] => at += 1,
                [b'.', b'.', rest @ ..] if matches!(rest, [] | [b'/', ..]) => {
                    at += 2 + usize::from(!rest.is_empty());
                    // Back to the "/" before the prefix's last segment.
                    if keep > root {
                        keep = text[root..keep - 1]
                            .iter()
                            .rposition(|&b| b == b'/')
                            .map_or(root, |slash| root + slash + 1);
                    }
                }
                _ => break,
            }
        }
        let left = r.path().get(at..).unwrap_or_default();
        if left.starts_with('/') || has_dot_segment(left) {
            return None;
        }
        Some(Recomposer::base_then(self.base, keep, r, at))
    }
}

impl Resolver<'_> {
    /// The target of a relative-path reference with dot segments against a
    /// base whose path has none: the base's part of the merged path is
    /// ordinary segments, which step E of remove_dot_segments moves to the
    /// output in turn, leaving the input at the prefix's last "/" followed
    /// by R.path (or R.path alone after an empty prefix). The base's text
    /// through the prefix is copied, and the algorithm runs on from there,
    /// where a ".." in R.path can still remove the prefix's segments.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn merge_removing_dot_segments(&self, r: UriRef<'_>) -> UriRefBuf {
        let prefix = self.merge_prefix;
        let path = r.path();
        let keep = self.keep_parent_above_root;
        // A kept "/.." at the very end gains a "/".
        let path_len = prefix.len() + path.len() + 1;
        Recomposer::join(
            self.base,
            self.head,
            path_len,
            |buf| {
                let start = buf.len();
                let absolute = !prefix.is_empty();
                buf.push_str(&prefix[..prefix.len().saturating_sub(1)]);
                let segments = SplitSlash::new(Some(path));
                remove_dot_segments(buf, start, absolute, segments, keep, literal_dot, copy);
            },
            r,
        )
    }
}

/// `Some(uri)` when it has an authority: the source to copy `T.authority` from.
fn has(uri: UriRef<'_>) -> Option<UriRef<'_>> {
    uri.has_authority().then_some(uri)
}

/// How the target path is made from its sources.
#[derive(Clone, Copy)]
enum Path<'p> {
    /// `T.path = Base.path`, as written.
    Base(&'p str),
    /// `T.path = remove_dot_segments(R.path)`.
    RemoveDots(&'p str),
    /// `T.path = remove_dot_segments(merge(Base.path, R.path))`, with the
    /// part of merge that comes from the base already worked out.
    Merge(&'p str, &'p str),
}

impl Path<'_> {
    /// The most bytes the path can take before the guards of recomposition.
    fn len_bound(self) -> usize {
        match self {
            Path::Base(p) => p.len(),
            // A kept "/.." at the very end gains a "/".
            Path::RemoveDots(p) => p.len() + 1,
            Path::Merge(prefix, p) => prefix.len() + p.len() + 1,
        }
    }
}

/// Section 5.2.3, the part of `merge` taken from the base: "/" when the base
/// has an authority and an empty path; otherwise the base path up to and
/// including its last "/" (nothing when it has none). The reference's path
/// follows it.
fn merge_prefix(base: UriRef<'_>) -> &str {
    let path = base.path();
    if base.has_authority() && path.is_empty() {
        return "/";
    }
    &path[..path.rfind('/').map_or(0, |slash| slash + 1)]
}

/// Appends the authority of `source` (userinfo, host, port), as written.
pub(crate) fn copy_authority(w: &mut Recomposer, source: UriRef<'_>) {
    w.authority_of(source);
}

/// The segments of a path to remove dot segments from, without building it.
pub(crate) type Segments<'p> = Chain<SplitSlash<'p>, SplitSlash<'p>>;

/// The pieces of a text between its "/"s, found with a byte loop: the
/// pieces are short, where `str::split` would set up a vectorized search
/// for each. Empty when made from `None`.
#[derive(Clone, Debug)]
pub(crate) struct SplitSlash<'p> {
    rest: Option<&'p str>,
}

impl<'p> SplitSlash<'p> {
    fn new(text: Option<&'p str>) -> Self {
        SplitSlash { rest: text }
    }
}

impl<'p> Iterator for SplitSlash<'p> {
    type Item = &'p str;

    fn next(&mut self) -> Option<&'p str> {
        let rest = self.rest?;
        match rest.bytes().position(|b| b == b'/') {
            Some(slash) => {
                self.rest = rest.get(slash + 1..);
                rest.get(..slash)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

/// A path as remove_dot_segments reads it: whether it starts with "/", and
/// its segments after that "/" (`"/"` is one empty segment, `""` none).
pub(crate) fn split_path(path: &str) -> (bool, Segments<'_>) {
    let (absolute, body) = match path.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, path),
    };
    let second = (absolute || !body.is_empty()).then_some(body);
    (
        absolute,
        SplitSlash::new(None).chain(SplitSlash::new(second)),
    )
}

/// `merge(Base.path, R.path)` as segments: `prefix` is empty or ends with
/// "/" (see [`merge_prefix`]), and `path` is not empty and does not start
/// with "/", so the two meet at a segment boundary.
fn split_merged<'p>(prefix: &'p str, path: &'p str) -> (bool, Segments<'p>) {
    if prefix.is_empty() {
        return split_path(path);
    }
    let absolute = prefix.starts_with('/');
    // The prefix's segments, without its leading and its trailing "/".
    let inner = prefix.get(usize::from(absolute)..prefix.len() - 1);
    (
        absolute,
        SplitSlash::new(inner).chain(SplitSlash::new(Some(path))),
    )
}

/// Whether a segment is a dot segment, and which.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dot {
    /// An ordinary segment.
    No,
    /// `.`
    One,
    /// `..`
    Two,
}

/// Resolution's test: only the literal text `.` or `..`.
pub(crate) fn literal_dot(segment: &str) -> Dot {
    match segment {
        "." => Dot::One,
        ".." => Dot::Two,
        _ => Dot::No,
    }
}

/// Whether `path` has a segment that is exactly `.` or `..`: a dot
/// segment as resolution reads them. Only a `.` that starts a segment can
/// start one, so the test looks at each `.` and the bytes around it.
///
/// A path shorter than one window of [`slash_dot`] is read by the byte
/// loop alone: the references of section 5.4 are that short, and padding
/// them into a window cost a call of `memcpy` for each (resolving them
/// against every line went from 32.3 to 30.1 ns each:
/// `target/release/examples/profile resolve-base rfc3986 20`).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let bytes = path.as_bytes();
    match bytes.last_chunk::<17>() {
        None => dot_segment_in(bytes),
        Some(last) => (bytes[0] == b'.' || slash_dot(bytes, last)) && dot_segment_in(bytes),
    }
}

/// Whether a "/" is followed by a "." anywhere in `bytes`, of which `last`
/// is the last seventeen: most paths have none. Sixteen pairs at a time
/// with no branch inside a window, which the compiler turns into a few
/// vector compares; the last window overlaps the one before it. This test
/// is most of the cost of resolving a long reference that has a scheme, so
/// it is written for speed (`bench/`: the resolve workload).
#[cfg_attr(not(debug_assertions), inline(always))]
fn slash_dot(bytes: &[u8], last: &[u8; 17]) -> bool {
    let window = |w: &[u8; 17]| {
        let mut any = 0u8;
        for k in 0..16 {
            any |= u8::from(w[k] == b'/') & u8::from(w[k + 1] == b'.');
        }
        any != 0
    };
    let mut found = false;
    let mut at = 0;
    while let Some(w) = bytes.get(at..).and_then(<[u8]>::first_chunk::<17>) {
        found |= window(w);
        at += 16;
    }
    found || window(last)
}

/// The byte loop of [`has_dot_segment`].
#[inline]
fn dot_segment_in(bytes: &[u8]) -> bool {
    let dot_segment_at = |at: usize| {
        matches!(
            bytes.get(at..),
            Some([b'.'] | [b'.', b'/', ..] | [b'.', b'.'] | [b'.', b'.', b'/', ..])
        )
    };
    if dot_segment_at(0) {
        return true;
    }
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'/' && dot_segment_at(i + 1) {
            return true;
        }
    }
    false
}

/// Resolution writes segments as written.
fn copy(out: &mut String, segment: &str) {
    out.push_str(segment);
}

/// Section 5.2.4, `remove_dot_segments`, appending its output to `out`
/// (whose bytes before `start` belong to other components).
///
/// The input buffer of the RFC is the path `"/"`-prefixed when `absolute`,
/// then `segments` joined by `"/"`. Each step below is the RFC's, applied to
/// the first segment of that input: after any step the input again either
/// starts with `"/"` (the steps that replace a prefix with `"/"`, and E, which
/// moves one segment and leaves the `"/"` before the next) or, only at the
/// start, does not. `dot` says which segments are dot segments and `write`
/// appends an ordinary segment, so normalization can decode as it goes.
///
/// With `keep_parent_above_root`, a `..` that finds no segment to remove is
/// written out instead of dropped, and it is never removed later: `floor` is
/// the end of the output that no later `..` may remove.
pub(crate) fn remove_dot_segments<'p>(
    out: &mut String,
    start: usize,
    mut absolute: bool,
    segments: impl Iterator<Item = &'p str>,
    keep_parent_above_root: bool,
    dot: impl Fn(&str) -> Dot,
    mut write: impl FnMut(&mut String, &'p str),
) {
    let mut floor = start;
    let mut segments = segments.peekable();
    while let Some(segment) = segments.next() {
        let more = segments.peek().is_some();
        match (dot(segment), absolute) {
            // A. "../" or "./": removed. D. a last "." or "..": removed.
            // The input stays without a leading "/".
            (Dot::One, false) => {}
            (Dot::Two, false) => {
                if keep_parent_above_root {
                    out.push_str(if more { "../" } else { ".." });
                    floor = out.len();
                }
            }
            // B. "/./" or a last "/.": replaced by "/". A last "/" then moves
            // to the output by step E.
            (Dot::One, true) => {
                if !more {
                    out.push('/');
                }
            }
            // C. "/../" or a last "/..": replaced by "/", and the last output
            // segment removed with its preceding "/" (if any).
            (Dot::Two, true) => {
                if out.len() > floor {
                    // The output's last segment is short: a byte loop
                    // back to its "/" beats a vectorized search.
                    let slash = out.as_bytes()[start..]
                        .iter()
                        .rposition(|&b| b == b'/')
                        .map_or(start, |i| start + i);
                    out.truncate(slash);
                } else if keep_parent_above_root {
                    out.push_str("/..");
                    floor = out.len();
                }
                if !more {
                    out.push('/');
                }
            }
            // E. The first segment, with its "/" if any, moves to the output.
            (Dot::No, _) => {
                if absolute {
                    out.push('/');
                }
                write(out, segment);
                absolute = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// remove_dot_segments on a whole path, as the RFC states it.
    fn remove(path: &str, keep: bool) -> String {
        let mut out = String::new();
        let (absolute, segments) = split_path(path);
        remove_dot_segments(&mut out, 0, absolute, segments, keep, literal_dot, copy);
        out
    }

    #[track_caller]
    fn removes(path: &str, expected: &str) {
        assert_eq!(remove(path, false), expected, "{path:?}");
    }

    #[test]
    fn the_two_traces_of_section_5_2_4() {
        removes("/a/b/c/./../../g", "/a/g");
        removes("mid/content=5/../6", "mid/6");
    }

    #[test]
    fn every_step() {
        removes("../a", "a"); // A
        removes("./a", "a"); // A
        removes("/./a", "/a"); // B
        removes("/.", "/"); // B at the end
        removes("/a/../b", "/b"); // C
        removes("/a/..", "/"); // C at the end
        removes(".", ""); // D
        removes("..", ""); // D
        removes("a/../b", "/b"); // C leaves its "/": rootless turns absolute
        removes("/a//../b", "/a/b"); // an empty segment is a segment
        removes("", "");
        removes("/", "/");
        removes("//a", "//a");
        removes("/.//a", "//a");
        removes("/..a/.a./...", "/..a/.a./...");
    }

    #[test]
    fn keeping_parent_segments_above_the_root() {
        let keeps = |path: &str, expected: &str| assert_eq!(remove(path, true), expected, "{path}");
        keeps("/b/c/../../../g", "/../g");
        keeps("/b/c/../../../../g", "/../../g");
        keeps("/..", "/../");
        keeps("/../a/../b", "/../b");
        keeps("../a", "../a");
        keeps("../a/../../b", "../../b");
        keeps("..", "..");
        keeps("./../.", "../");
        keeps("a/../../b", "/../b");
        keeps("/a/./b/../c", "/a/c");
    }

    #[test]
    fn dot_segments_are_found_where_split_path_finds_them() {
        for path in [
            "",
            "/",
            ".",
            "..",
            "...",
            "./",
            "../",
            "/.",
            "/..",
            "/...",
            "a.",
            ".a",
            "a/.",
            "a/..",
            "a/./b",
            "a/../b",
            "a/.b/c",
            "a/b./c",
            "/a/..b",
            "//..",
            "/./",
            "x/.../.",
            "file.js",
            "/a/b/c.d/e",
        ] {
            let expected = split_path(path).1.any(|s| literal_dot(s) != Dot::No);
            assert_eq!(has_dot_segment(path), expected, "{path:?}");
        }
        // Every length around the windows of sixteen pairs, with a dot
        // segment, a near miss or nothing at every place.
        for len in 0..60 {
            for at in 0..len {
                for insert in ["/./", "/../", "/.", "/..", "/.a/", "./", "a./"] {
                    let mut path: String = (0..len)
                        .map(|i| if i % 5 == 4 { '/' } else { 'x' })
                        .collect();
                    path.insert_str(at, insert);
                    let expected = split_path(&path).1.any(|s| literal_dot(s) != Dot::No);
                    assert_eq!(has_dot_segment(&path), expected, "{path:?}");
                }
            }
        }
    }

    #[test]
    fn merge_prefix_splits_at_a_segment_boundary() {
        let merged = |prefix, path| {
            let (absolute, segments) = split_merged(prefix, path);
            (absolute, segments.collect::<alloc::vec::Vec<_>>())
        };
        assert_eq!(merged("/", "g"), (true, alloc::vec!["g"]));
        assert_eq!(merged("/b/c/", "g"), (true, alloc::vec!["b", "c", "g"]));
        assert_eq!(merged("//", "g"), (true, alloc::vec!["", "g"]));
        assert_eq!(merged("a/", "g/"), (false, alloc::vec!["a", "g", ""]));
        assert_eq!(merged("", "g"), (false, alloc::vec!["g"]));
    }
}
