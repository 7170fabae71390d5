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
//! # A tour
//!
//! **Parse** a URI-reference, borrowed from its text (no allocation), or as
//! a URI, absolute URI or relative reference with [`Rule`]; bytes too:
//!
//! ```
//! use rfc3986::{Rule, UriRef, UriRefBuf};
//!
//! let uri = UriRef::parse("http://[2001:db8::1]:8080/a/b?q#f")?;
//! let base = UriRef::parse_as("http://a/b/c/d;p?q", Rule::AbsoluteUri)?;
//! let owned = UriRefBuf::parse(String::from("urn:isbn:0451450523"))?;
//! assert!(UriRef::parse_bytes(b"/caf\xC3\xA9").is_err()); // a URI is ASCII
//! # Ok::<(), rfc3986::ParseError>(())
//! ```
//!
//! **Inspect** each component as written, its value, or decoded:
//!
//! ```
//! use std::net::Ipv6Addr;
//! use rfc3986::{Host, UriRef};
//!
//! let uri = UriRef::parse("http://[2001:db8::1]:8080/caf%C3%A9/b?q#f")?;
//! assert_eq!(uri.host(), Some("[2001:db8::1]"));
//! assert_eq!(uri.host_parsed(), Some(Host::Ipv6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1))));
//! assert_eq!(uri.port_number(), Ok(Some(8080)));
//! assert_eq!(uri.segments().collect::<Vec<_>>(), ["", "caf%C3%A9", "b"]);
//! assert_eq!(uri.path_decoded().to_utf8().unwrap(), "/café/b");
//! # Ok::<(), rfc3986::ParseError>(())
//! ```
//!
//! **Build** from components with [`Builder`], or change one component of
//! a [`UriRefBuf`] with its `set_*` methods; each component is
//! percent-encoded with its own set from [`encoding`]:
//!
//! ```
//! use rfc3986::UriRefBuf;
//!
//! let mut uri = UriRefBuf::builder().scheme("HTTPS").host("example.com").segments(&["", "a/b"]).build()?;
//! assert_eq!(uri, "https://example.com/a%2Fb");
//! uri.set_query("q=#1")?;
//! assert_eq!(uri, "https://example.com/a%2Fb?q=%231");
//! # Ok::<(), rfc3986::BuildError>(())
//! ```
//!
//! **Resolve** a reference against a base (section 5), with [`resolve()`] or a
//! [`Resolver`] for the non-strict and erratum options:
//!
//! ```
//! use rfc3986::{resolve, UriRef};
//!
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! assert_eq!(resolve(base, UriRef::parse("../g?y#s")?)?, "http://a/b/g?y#s");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Normalize** and **compare** (section 6): case, percent-encoding, dot
//! segments, then the scheme's default port and empty path. An input that
//! is already normal comes back borrowed. [`Normalized`] keys maps by
//! equivalence:
//!
//! ```
//! use rfc3986::{equivalent, UriRef};
//!
//! let uri = UriRef::parse("HTTP://Example.COM:80/%7euser/./a/../b")?;
//! assert_eq!(uri.normalize(), "http://example.com/~user/b");
//! assert!(equivalent(uri, UriRef::parse("http://example.com/~user/b")?));
//! # Ok::<(), rfc3986::ParseError>(())
//! ```
//!
//! **Relativize**, the inverse of resolution: the shortest reference that
//! resolves against the base to the target:
//!
//! ```
//! use rfc3986::{relativize, resolve, UriRef};
//!
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! let target = UriRef::parse("http://a/b/g")?;
//! let reference = relativize(base, target)?;
//! assert_eq!(reference, "../g");
//! assert_eq!(resolve(base, reference.as_uri_ref())?, target);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Errors** name the rule and the byte offset where the input stopped being
//! a valid prefix:
//!
//! ```
//! use rfc3986::{ErrorKind, UriRef};
//!
//! let err = UriRef::parse("http://exa mple.com/").unwrap_err();
//! assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidHost, 10));
//! ```
//!
//! The `examples/` folder has small programs (`cargo run --example NAME`).
//!
//! # Guarantees
//!
//! - **Validity**: a value of [`UriRef`] or [`UriRefBuf`] always matches
//!   the rule it was parsed with, and every value this crate produces
//!   (built, resolved, normalized, relativized) parses back to the same
//!   components, authority presence included.
//! - **Round trip**: its text, and so its `Display`, is the input byte for
//!   byte; the components with their delimiters concatenate back to it.
//! - **No panics** on any input, of any length or content (bytes too).
//! - **Linear time**: parsing is one forward pass, with no backtracking and
//!   no recursion; resolution, normalization and comparison are linear too.
//! - **Allocation**: none for a borrowed parse; one for the owned type, a
//!   build, a resolution or a normalization that changes something.
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
// Denied everywhere but one call, in chars/sse2.rs, which says why it is
// sound.
#![deny(unsafe_code)]
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
