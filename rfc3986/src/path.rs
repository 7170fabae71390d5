//! The path as a sequence of segments (section 3.3), in the element model of
//! the reference design: an absolute path starts with an empty segment.
//!
//! | path    | segments         |
//! |---------|------------------|
//! | `""`    | (none)           |
//! | `"/"`   | `""`             |
//! | `"/a/b"`| `""`, `"a"`, `"b"` |
//! | `"a/"`  | `"a"`, `""`      |
//! | `"//a"` | `""`, `""`, `"a"` |
//!
//! `"/"` gives one empty segment, not two: the empty first element marks the
//! path absolute, and a root with nothing under it has no further segment.

use core::iter::FusedIterator;

/// An iterator over the segments of a path, each as written (still
/// percent-encoded).
///
/// ```
/// use rfc3986::UriRef;
/// let segments = |s| UriRef::parse(s).unwrap().segments().collect::<Vec<_>>();
/// assert_eq!(segments("/a/b"), ["", "a", "b"]);
/// assert_eq!(segments("/"), [""]);
/// assert_eq!(segments("a/"), ["a", ""]);
/// assert_eq!(segments(""), [] as [&str; 0]);
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    pub(crate) fn new(path: &'a str) -> Self {
        let rest = match path {
            "" => None,
            "/" => Some(""),
            _ => Some(path),
        };
        Segments { rest }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.find('/') {
            Some(slash) => {
                self.rest = Some(&rest[slash + 1..]);
                Some(&rest[..slash])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl FusedIterator for Segments<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn element_model() {
        let seg = |p| Segments::new(p).collect::<Vec<_>>();
        assert_eq!(seg(""), [] as [&str; 0]);
        assert_eq!(seg("/"), [""]);
        assert_eq!(seg("//"), ["", "", ""]);
        assert_eq!(seg("/a/b"), ["", "a", "b"]);
        assert_eq!(seg("/a/"), ["", "a", ""]);
        assert_eq!(seg("a"), ["a"]);
        assert_eq!(seg("a/"), ["a", ""]);
        assert_eq!(seg("a//b"), ["a", "", "b"]);
    }
}
