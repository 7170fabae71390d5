//! RFC 3986 URI references: parse and validate by the full ABNF, inspect
//! every component as written or decoded, and recompose them exactly.
//!
//! # Terminology
//!
//! - A **URI** has a scheme: `http://example.com/a`, `urn:isbn:0451450523`.
//! - A **relative reference** has none: `//example.com/a`, `/a`, `a/b`, `?q`,
//!   `#f`, or the empty string. It means something only against a base URI.
//! - A **URI-reference** is either; it is what [`UriRef::parse`] accepts.
//! - An **absolute URI** is a URI without a fragment: what a base must be.
//! - The **components** are scheme, authority (userinfo, host, port), path,
//!   query and fragment (section 3):
//!
//! ```text
//!   foo://user@example.com:8042/over/there?name=ferret#nose
//!   \_/   \__/ \_________/ \__/\_________/ \_________/ \__/
//!    |     |        |       |       |           |       |
//! scheme userinfo  host    port    path       query  fragment
//!         \___________________/
//!                 authority
//! ```
//!
//! | accessor | gives | for the example |
//! |---|---|---|
//! | [`scheme`](UriRef::scheme) | before the first `:` | `Some("foo")` |
//! | [`authority`](UriRef::authority) | between `//` and the path | `Some("user@example.com:8042")` |
//! | [`userinfo`](UriRef::userinfo) | before `@` in the authority | `Some("user")` |
//! | [`host`](UriRef::host) | the host (IP literals keep `[]`) | `Some("example.com")` |
//! | [`port`](UriRef::port) | digits after the host's `:` | `Some("8042")` |
//! | [`path`](UriRef::path) | always present, maybe empty | `"/over/there"` |
//! | [`segments`](UriRef::segments) | the path split on `/` | `"", "over", "there"` |
//! | [`query`](UriRef::query) | after `?`, before `#` | `Some("name=ferret")` |
//! | [`fragment`](UriRef::fragment) | after `#` | `Some("nose")` |
//!
//! A component that is absent is `None`; one that is present but empty is
//! `Some("")`. `http://h`, `http://h:`, `http://h/?` and `http://h/#` are four
//! different references, and each reads back as written.
//!
//! # Examples
//!
//! ```
//! use rfc3986::{HostKind, UriRef};
//!
//! let uri = UriRef::parse("http://[2001:db8::1]:8080/a/b?q#f")?;
//! assert_eq!(uri.host(), Some("[2001:db8::1]"));
//! assert_eq!(uri.host_kind(), Some(HostKind::Ipv6));
//! assert_eq!(uri.port_number(), Ok(Some(8080)));
//! assert_eq!(uri.segments().collect::<Vec<_>>(), ["", "a", "b"]);
//!
//! let err = UriRef::parse("http://exa mple.com/").unwrap_err();
//! assert_eq!(err.offset(), 10);
//! # Ok::<(), rfc3986::ParseError>(())
//! ```
//!
//! References are built from components with [`Builder`] (or changed one
//! component at a time with the `set_*` methods of [`UriRefBuf`]); each
//! component is percent-encoded with its own set from [`encoding`]:
//!
//! ```
//! let uri = rfc3986::UriRefBuf::builder().scheme("s").host("h").path("/a b").build()?;
//! assert_eq!(uri, "s://h/a%20b");
//! # Ok::<(), rfc3986::BuildError>(())
//! ```
//!
//! # Guarantees
//!
//! - **Validity**: a value of [`UriRef`] or [`UriRefBuf`] always matches
//!   the rule it was parsed with.
//! - **Round trip**: its text, and so its `Display`, is the input byte for
//!   byte; the components with their delimiters concatenate back to it.
//! - **No panics** on any input, of any length or content (bytes too).
//! - **Linear time**: one forward pass, no backtracking, no recursion.
//! - **No allocation** for a borrowed parse; the owned type allocates once.
//!
//! # Features
//!
//! - `std` (default): nothing is lost without it; the crate is `no_std` with
//!   `alloc`, and parsing itself needs no allocator at all.
//! - `serde`: serialize as the text, deserialize with validation.
//! - `http`: conversions to and from `http::Uri`.
//! - `url`: conversions to and from `url::Url`. WHATWG URLs are not RFC 3986:
//!   `url::Url` parses leniently (backslashes, spaces), normalizes as it
//!   parses (case, IDNA, dot segments, default ports) and has no relative
//!   value; a conversion keeps its serialization and fails where that text is
//!   not an RFC 3986 reference.

#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::missing_errors_doc)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod build;
mod chars;
pub mod encoding;
mod error;
mod host;
mod interop;
pub mod normalize;
mod parse;
mod path;
mod recompose;
pub mod relativize;
pub mod resolve;
mod uri_ref;

pub use build::{BuildError, BuildErrorKind, Builder, Component};
pub use encoding::Decoded;
pub use error::{ErrorKind, ParseError};
pub use host::{Host, HostKind};
#[cfg(any(feature = "http", feature = "url"))]
pub use interop::{ConversionError, ConversionErrorKind};
pub use normalize::{default_port, equivalent, normalize, Normalized, Normalizer};
pub use parse::Rule;
pub use path::Segments;
pub use relativize::{relativize, RelativizeError, RelativizeErrorKind};
pub use resolve::{resolve, ResolveError, ResolveErrorKind, Resolver};
pub use uri_ref::{PortRangeError, UriRef, UriRefBuf};

/// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
