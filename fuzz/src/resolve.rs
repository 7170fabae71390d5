//! Resolution (section 5) by every option, on a base and a reference
//! separated by the first `\n` of the input.

use rfc3986::{ResolveErrorKind, Resolver};

use super::rfc::{self, Parts};
use super::{check_produced, two_references};

/// The property of the `resolve` target:
///
/// - a base without a scheme is refused with `RelativeBase` at offset 0, by
///   `resolve` and `Resolver::new` alike;
/// - otherwise each of the four resolvers (strict or not, keeping `..`
///   above the root or not) gives a URI that passes [`check_produced`];
/// - without `keep_parent_above_root`, its components are those of the
///   transcription of section 5.2.2 ([`rfc::resolve`]), its path written
///   with the guard of section 5.3 ([`Parts::written_path`]): `.//@@`
///   against `foo:/` is `foo:/.//@@`, not `foo://@@`;
/// - with `keep_parent_above_root` the target differs only by keeping `..`
///   segments, which then show in its path;
/// - strict resolution is idempotent: the target resolves to itself
///   (unless its path is the base's, which may keep dot segments);
/// - `resolve` is `Resolver::new(base)?.resolve`.
pub fn resolve(data: &[u8]) {
    let Some((base, reference)) = two_references(data) else {
        return;
    };
    let Ok(strict) = Resolver::new(base) else {
        assert!(base.is_relative(), "{base:?} refused");
        for err in [
            Resolver::new(base).unwrap_err(),
            rfc3986::resolve(base, reference).unwrap_err(),
        ] {
            assert_eq!(
                (err.kind(), err.offset()),
                (ResolveErrorKind::RelativeBase, 0)
            );
            assert!(!err.to_string().is_empty());
        }
        return;
    };
    assert!(!base.is_relative());
    assert_eq!(strict.base(), base);
    let (base_parts, reference_parts) = (Parts::of(base), Parts::of(reference));
    for is_strict in [true, false] {
        let resolver = if is_strict {
            strict
        } else {
            strict.non_strict()
        };
        let target = resolver
            .resolve(reference)
            .unwrap_or_else(|e| panic!("{base:?} {reference:?}: {e}"));
        let t = target.as_uri_ref();
        check_produced(t);
        assert!(!t.is_relative(), "{t:?}");
        let mut expected = rfc::resolve(&base_parts, &reference_parts, is_strict);
        expected.path = expected.written_path();
        assert_eq!(
            Parts::of(t),
            expected,
            "{:?} against {:?} ({resolver:?})",
            reference.as_str(),
            base.as_str()
        );
        // A target resolves to itself, unless its path came from the base
        // as written, dot segments and all.
        let from_base =
            reference.is_relative() && !reference.has_authority() && reference.path().is_empty();
        if is_strict && !from_base {
            let again = strict.resolve(t).expect("resolves");
            assert_eq!(again, target, "resolving {t:?} again");
        }
        if is_strict {
            assert_eq!(rfc3986::resolve(base, reference).as_ref(), Ok(&target));
        }

        // Erratum 4547's reading changes the result only by the ".." it
        // keeps, which then show in the path.
        let kept = resolver
            .keep_parent_above_root()
            .resolve(reference)
            .unwrap_or_else(|e| panic!("{base:?} {reference:?}: {e}"));
        check_produced(kept.as_uri_ref());
        assert!(!kept.is_relative(), "{kept:?}");
        if !kept.path().split('/').any(|segment| segment == "..") {
            assert_eq!(
                kept,
                target,
                "{:?} against {:?}",
                reference.as_str(),
                base.as_str()
            );
        }
    }
}
