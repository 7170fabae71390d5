//! Relativization, the inverse of resolution: the shortest reference that
//! resolves against a base to a given target.
//!
//! ```
//! use rfc3986::{relativize, resolve, UriRef};
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! let target = UriRef::parse("http://a/b/g?y")?;
//! let relative = relativize(base, target)?;
//! assert_eq!(relative, "../g?y");
//! assert_eq!(resolve(base, relative.as_uri_ref())?, target);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The forms tried
//!
//! For a target `T` and a base `B` (whose fragment is ignored, as in
//! resolution), every form of section 4.2 that strict resolution
//! ([`resolve`](crate::resolve())) turns back into `T` exactly is
//! considered, and the shortest is written (the first of these on a tie):
//!
//! 1. **Same document**: the same scheme, authority and path as the base:
//!    `""`, `#f`, `?q` or `?q#f`. A target without a query cannot take this
//!    form when the base has one (an empty reference keeps the base's).
//! 2. **Relative path**: the target's path from the base's directory, with
//!    a `../` for each directory to climb out of (`../g`), `.` for the
//!    directory itself, `./` before a first segment that is empty or
//!    contains `:` (`./a:b`, `.//x`).
//! 3. **Absolute path**: `/b/g`, with the same scheme and authority. A path
//!    starting with `//` is written `/.//x` so that it is not read as an
//!    authority.
//! 4. **Network path**: `//authority/path`, with the same scheme.
//! 5. **The target itself**, when nothing else works: a different scheme
//!    (compared exactly, since resolution copies the base's as written), a
//!    base with an authority and a target without one.
//!
//! Components are compared as written: relativize normalized references
//! ([`normalize`](crate::normalize())) to compare by meaning.
//!
//! # Targets that no reference resolves to
//!
//! Resolution removes dot segments from every path but the base's own, so a
//! target whose path has `.` or `..` segments (`http://a/b/../c`) is the
//! target of no reference, unless the base has that very path (then a
//! same-document reference works). Such a target is returned as it is. (A
//! path `/.//x` without an authority is not one of these: it is how
//! resolution writes the path `//x`.) Likewise, no
//! relative path is looked for from a base whose own path has dot segments.
//! A rootless base path (`foo:a/b`) allows a relative path only when it keeps
//! at least the first segment of the base: step 2C of `remove_dot_segments`
//! would turn it absolute (see the [`resolve`](mod@crate::resolve) module).

use alloc::string::String;
use core::fmt;

use crate::recompose::Recomposer;
use crate::resolve::{copy_authority, literal_dot, split_path, Dot};
use crate::uri_ref::{UriRef, UriRefBuf};

/// Why a target could not be relativized.
///
/// ```
/// use rfc3986::{relativize, RelativizeErrorKind, UriRef};
/// let err = relativize(UriRef::parse("http://a/")?, UriRef::parse("/b")?).unwrap_err();
/// assert_eq!(err.kind(), RelativizeErrorKind::RelativeTarget);
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RelativizeError {
    kind: RelativizeErrorKind,
}

/// The class of a [`RelativizeError`].
///
/// ```
/// use rfc3986::{relativize, RelativizeErrorKind, UriRef};
/// let base = UriRef::parse("http://a/b").unwrap();
/// let err = relativize(base, UriRef::parse("../c").unwrap()).unwrap_err();
/// assert_eq!(err.kind(), RelativizeErrorKind::RelativeTarget);
/// let err = relativize(UriRef::parse("/b").unwrap(), base).unwrap_err();
/// assert_eq!(err.kind(), RelativizeErrorKind::RelativeBase);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RelativizeErrorKind {
    /// The base has no scheme (section 5.1). `//a/b` as a base fails.
    RelativeBase,
    /// The target has no scheme: resolution only ever gives URIs, so a
    /// relative reference is the target of nothing. `/b` as a target fails.
    RelativeTarget,
}

impl RelativizeErrorKind {
    /// A short kebab-case name of the kind, stable across releases
    /// (`"relative-base"`, `"relative-target"`): the `kind` of the `uri`
    /// command's JSON output.
    ///
    /// ```
    /// assert_eq!(rfc3986::RelativizeErrorKind::RelativeTarget.name(), "relative-target");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            RelativizeErrorKind::RelativeBase => "relative-base",
            RelativizeErrorKind::RelativeTarget => "relative-target",
        }
    }
}

impl RelativizeError {
    /// What went wrong.
    ///
    /// ```
    /// use rfc3986::{relativize, RelativizeErrorKind, UriRef};
    /// let err = relativize(UriRef::parse("a")?, UriRef::parse("http://a/")?).unwrap_err();
    /// assert_eq!(err.kind(), RelativizeErrorKind::RelativeBase);
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub const fn kind(&self) -> RelativizeErrorKind {
        self.kind
    }

    /// The byte offset of the problem in the offending input: 0, where its
    /// scheme should be.
    ///
    /// ```
    /// use rfc3986::{relativize, UriRef};
    /// let err = relativize(UriRef::parse("a")?, UriRef::parse("http://a/")?).unwrap_err();
    /// assert_eq!(err.offset(), 0);
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub const fn offset(&self) -> usize {
        0
    }
}

impl fmt::Display for RelativizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            RelativizeErrorKind::RelativeBase => {
                "the base is a relative reference: a base URI needs a scheme"
            }
            RelativizeErrorKind::RelativeTarget => {
                "the target is a relative reference: only a URI can be the target of a resolution"
            }
        })
    }
}

impl core::error::Error for RelativizeError {}

/// The shortest reference `r` with `resolve(base, r) == target` (strict
/// resolution), or the target itself when there is none; see the module
/// docs for the forms tried. Written in one allocation.
///
/// # Errors
///
/// [`RelativizeErrorKind::RelativeBase`] when the base has no scheme;
/// [`RelativizeErrorKind::RelativeTarget`] when the target has none.
///
/// ```
/// use rfc3986::{relativize, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let r = |t| relativize(base, UriRef::parse(t).unwrap()).unwrap();
/// assert_eq!(r("http://a/b/c/g"), "g");
/// assert_eq!(r("http://a/b/c/"), ".");
/// assert_eq!(r("http://a/b/"), "..");
/// assert_eq!(r("http://a/b/c/d;p?y"), "?y");
/// assert_eq!(r("http://a/b/c/d;p?q#s"), "#s");
/// assert_eq!(r("http://a/b/c/d;p"), "d;p");
/// assert_eq!(r("http://a/b/c/g:h"), "./g:h");
/// assert_eq!(r("http://g/x"), "//g/x");
/// assert_eq!(r("https://a/b"), "https://a/b");
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
pub fn relativize(base: UriRef<'_>, target: UriRef<'_>) -> Result<UriRefBuf, RelativizeError> {
    if base.is_relative() {
        return Err(RelativizeError {
            kind: RelativizeErrorKind::RelativeBase,
        });
    }
    if target.is_relative() {
        return Err(RelativizeError {
            kind: RelativizeErrorKind::RelativeTarget,
        });
    }
    let (form, len) = shortest(base, target);
    Ok(write(base, target, form, len))
}

/// A form of reference to the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Form<'t> {
    /// An empty path: the base's path, and its query unless one is given.
    SameDocument,
    /// `ups` times `../` (or `..` with nothing after), `./` when `dot`, then
    /// `rest`, or `.` when `rest` is empty and there are no `ups`.
    RelativePath {
        ups: usize,
        dot: bool,
        rest: &'t str,
    },
    /// The target's path (with the "/." guard for "//").
    AbsolutePath,
    /// `//` authority and path.
    NetworkPath,
    /// The whole target.
    Whole,
}

/// The target's path as resolution computed it: without the "/." that
/// recomposition puts before a "//" path with no authority.
fn logical_path(uri: UriRef<'_>) -> &str {
    let path = uri.path();
    match path.strip_prefix("/.") {
        Some(rest) if rest.starts_with("//") && !uri.has_authority() => rest,
        _ => path,
    }
}

fn has_dot_segments(path: &str) -> bool {
    split_path(path)
        .1
        .any(|segment| literal_dot(segment) != Dot::No)
}

/// The byte length of `?query` and `#fragment` of the target.
fn tail_len(target: UriRef<'_>) -> usize {
    target.query().map_or(0, |q| 1 + q.len()) + target.fragment().map_or(0, |f| 1 + f.len())
}

/// Picks the shortest form that resolves to the target, with its length.
fn shortest<'t>(base: UriRef<'_>, target: UriRef<'t>) -> (Form<'t>, usize) {
    let whole = (Form::Whole, target.as_str().len());
    if target.scheme() != base.scheme() {
        return whole;
    }
    let same_authority = target.authority() == base.authority();
    let mut best = whole;
    let mut consider = |form: Form<'t>, len: usize| {
        if len < best.1 || (len == best.1 && form < best.0) {
            best = (form, len);
        }
    };
    // 1. An empty path takes the base's path as written (dot segments
    //    included), and its query when the reference has none.
    if same_authority && target.path() == base.path() {
        if target.query() == base.query() {
            consider(
                Form::SameDocument,
                target.fragment().map_or(0, |f| 1 + f.len()),
            );
        } else if target.query().is_some() {
            consider(Form::SameDocument, tail_len(target));
        }
    }
    // Any other reference has its dot segments removed.
    let path = logical_path(target);
    if has_dot_segments(path) {
        return best;
    }
    // 4. A network path, whenever the target has an authority.
    if target.has_authority() {
        consider(
            Form::NetworkPath,
            whole.1 - base.scheme().map_or(0, str::len) - 1,
        );
    }
    // Only a reference with an authority (or a scheme) can change it.
    if !same_authority {
        return best;
    }
    // 2. A relative path, merged onto the base's directory.
    if let Some((form, len)) = relative_path(base, path) {
        consider(form, len + tail_len(target));
    }
    // 3. An absolute path.
    if path.starts_with('/') {
        let guard = if path.starts_with("//") { 2 } else { 0 };
        consider(Form::AbsolutePath, path.len() + guard + tail_len(target));
    }
    best
}

/// The relative-path reference from the base's directory to `path` (dot
/// free), with its length without query and fragment.
fn relative_path<'t>(base: UriRef<'_>, path: &'t str) -> Option<(Form<'t>, usize)> {
    // Section 5.2.3: the directory that merge puts before the reference.
    let base_path = base.path();
    let directory = if base.has_authority() && base_path.is_empty() {
        "/"
    } else {
        &base_path[..base_path.rfind('/').map_or(0, |slash| slash + 1)]
    };
    if path.is_empty() || has_dot_segments(directory) {
        return None;
    }
    let absolute = directory.starts_with('/');
    if directory.is_empty() {
        if path.starts_with('/') {
            return None; // that is the absolute-path form
        }
        let form = Form::RelativePath {
            ups: 0,
            dot: false,
            rest: path,
        };
        return Some((form, path.len() + colon_guard(path)));
    }
    if path.starts_with('/') != absolute {
        return None;
    }
    // The directory's segments, without its leading and trailing "/" ("/"
    // has none, "//" one empty one), and the target's, after its leading "/".
    let directories = (directory.len() > 1 || !absolute)
        .then(|| directory[usize::from(absolute)..directory.len() - 1].split('/'))
        .into_iter()
        .flatten();
    let directory_count = directories.clone().count();
    let mut directories = directories;
    let path_body = &path[usize::from(absolute)..];

    // Common leading segments, leaving the target at least its last one.
    let segment_count = path_body.split('/').count();
    let mut common = 0;
    let mut rest = path_body;
    for segment in path_body.split('/').take(segment_count - 1) {
        if directories.next() != Some(segment) {
            break;
        }
        common += 1;
        rest = &rest[segment.len() + 1..];
    }
    let ups = directory_count - common;
    // Without a root, 2C would turn the path absolute once the last
    // directory segment is removed.
    if !absolute && common == 0 {
        return None;
    }
    if rest.is_empty() {
        let len = if ups == 0 { 1 } else { 3 * ups - 1 };
        return Some((
            Form::RelativePath {
                ups,
                dot: false,
                rest,
            },
            len,
        ));
    }
    // A first segment that is empty would make the reference an absolute
    // path; one with ":" would make it a scheme.
    let dot = ups == 0 && rest.starts_with('/');
    let guard = if ups == 0 && !dot {
        colon_guard(rest)
    } else {
        0
    };
    let len = 3 * ups + 2 * usize::from(dot) + rest.len() + guard;
    Some((Form::RelativePath { ups, dot, rest }, len))
}

/// The bytes of the "./" that recomposition puts before a relative path
/// whose first segment has a ":".
fn colon_guard(path: &str) -> usize {
    let first = path.split('/').next().unwrap_or_default();
    if first.contains(':') {
        2
    } else {
        0
    }
}

/// Writes the chosen form of the target through the recomposer.
fn write(base: UriRef<'_>, target: UriRef<'_>, form: Form<'_>, len: usize) -> UriRefBuf {
    let mut w = Recomposer::with_capacity(len);
    if form == Form::Whole {
        w.buf.push_str(target.scheme().unwrap_or_default());
        w.end_scheme();
    }
    if matches!(form, Form::Whole | Form::NetworkPath) && target.has_authority() {
        copy_authority(&mut w, target);
    }
    w.start_path();
    match form {
        Form::Whole | Form::NetworkPath => w.buf.push_str(target.path()),
        Form::AbsolutePath => w.buf.push_str(logical_path(target)),
        Form::SameDocument => {}
        Form::RelativePath { ups, dot, rest } => {
            for _ in 0..ups {
                w.buf.push_str("../");
            }
            if rest.is_empty() {
                if ups == 0 {
                    w.buf.push('.');
                } else {
                    w.buf.pop();
                }
            }
            if dot {
                w.buf.push_str("./");
            }
            w.buf.push_str(rest);
        }
    }
    w.end_path();
    let query = match form {
        Form::SameDocument if target.query() == base.query() => None,
        _ => target.query(),
    };
    w.query(query, String::push_str);
    w.fragment(target.fragment(), String::push_str);
    debug_assert_eq!(w.buf.len(), len, "{form:?} {:?}", w.buf);
    w.finish()
}
