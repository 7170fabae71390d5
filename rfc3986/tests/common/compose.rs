//! Assembles generated components into reference text, for the resolve and
//! relativize tests (included by `#[path]` there, so that those files do
//! not compile the whole of `common`).

use proptest::prelude::*;
use rfc3986::UriRef;

/// A path of up to five segments drawn from `segment`, absolute or not.
pub fn path(segment: impl Strategy<Value = &'static str>) -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(segment, 0..6)).prop_map(|(absolute, segments)| {
        let joined = segments.join("/");
        if absolute {
            format!("/{joined}")
        } else {
            joined
        }
    })
}

/// Joins components into text. A rootless path after an authority gets a
/// "/"; a "//" path without one, or a colon in a relative first segment,
/// make text that parses differently or not at all: those give `None`.
pub fn join(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Option<String> {
    let mut s = String::new();
    if let Some(scheme) = scheme {
        s += scheme;
        s += ":";
    }
    if let Some(authority) = authority {
        s += "//";
        s += authority;
        if !path.is_empty() && !path.starts_with('/') {
            s += "/";
        }
    }
    s += path;
    if let Some(query) = query {
        s += "?";
        s += query;
    }
    if let Some(fragment) = fragment {
        s += "#";
        s += fragment;
    }
    UriRef::parse(&s).is_ok().then_some(s)
}
