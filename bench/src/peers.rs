//! One adapter per library and workload, each a plain `fn` so the benches
//! and the report call exactly the same code.
//!
//! Every adapter takes text and does the whole job a user of that library
//! would: parse (the library's own validation) and then the operation. A
//! result that is thrown away is still built, and the benches pass it to
//! `black_box`. Where a library lacks an operation the slot says why.

use std::borrow::Cow;
use std::sync::LazyLock;

/// A workload a library may or may not have.
pub enum Op<F> {
    /// Measured with this adapter.
    Yes(F),
    /// This library's API for it has not landed yet: the named issue adds it.
    Pending(&'static str),
    /// The library has no such operation.
    No(&'static str),
}

impl<F: Copy> Op<F> {
    /// The adapter, when there is one.
    pub fn get(&self) -> Option<F> {
        match self {
            Op::Yes(f) => Some(*f),
            _ => None,
        }
    }

    /// Why there is no adapter (empty when there is one).
    pub fn why_not(&self) -> &'static str {
        match self {
            Op::Yes(_) => "",
            Op::Pending(why) | Op::No(why) => why,
        }
    }
}

/// The components of a valid line, split once by `rfc3986` before timing,
/// as the input of the build workload: as written (percent-encoded), for
/// the builders that take encoded components and check them, and decoded,
/// for the one that takes text and encodes it (rfc3986's `Builder`).
#[derive(Clone, Copy, Debug)]
pub struct Parts<'a> {
    /// Without `:`.
    pub scheme: Option<&'a str>,
    /// Without `//`.
    pub authority: Option<&'a str>,
    /// Without `@`.
    pub userinfo: Option<&'a str>,
    /// With the brackets of an IP literal.
    pub host: Option<&'a str>,
    /// Digits, without `:`.
    pub port: Option<&'a str>,
    /// The path, always present.
    pub path: &'a str,
    /// Without `?`.
    pub query: Option<&'a str>,
    /// The path and `?query` as one slice, for `http`.
    pub path_and_query: &'a str,
    /// Without `#`.
    pub fragment: Option<&'a str>,
    /// The same components decoded.
    pub text: Text<'a>,
}

/// The components of a line as text, percent-decoded: what a program that
/// builds a reference from data holds. Made by [`Parts::of`] only for lines
/// whose components all decode to UTF-8 (see [`Parts::buildable`]).
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    /// The scheme (never encoded).
    pub scheme: Option<&'a str>,
    /// The userinfo, decoded.
    pub userinfo: Option<&'a str>,
    /// A registered name decoded; an IP literal or IPv4 address as written.
    pub host: Option<&'a str>,
    /// The port's digits.
    pub port: Option<&'a str>,
    /// The path's segments in the element model, each decoded, so that a
    /// `%2F` inside a segment stays apart from the `/` between segments.
    pub segments: &'a [&'a str],
    /// The query, decoded.
    pub query: Option<&'a str>,
    /// The fragment, decoded.
    pub fragment: Option<&'a str>,
}

/// Decodes a component, or `None` when the bytes are not UTF-8.
fn decoded(raw: &str) -> Option<String> {
    rfc3986::encoding::decode_utf8(raw)
        .ok()
        .map(Cow::into_owned)
}

impl<'a> Parts<'a> {
    /// Splits `line`, or `None` when it is not a URI-reference or when a
    /// component does not decode to UTF-8.
    ///
    /// The decoded text is leaked, as the corpus lines are: the benches
    /// split each line once and use the parts until the process exits.
    pub fn of(line: &'a str) -> Option<Parts<'a>> {
        if !Parts::buildable(line) {
            return None;
        }
        let u = rfc3986::UriRef::parse(line).ok()?;
        let path = u.path();
        let path_start = path.as_ptr() as usize - line.as_ptr() as usize;
        let query_end = path_start + path.len() + u.query().map_or(0, |q| q.len() + 1);
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let decode = |raw: Option<&str>| raw.map(|r| leak(decoded(r).unwrap_or_default()));
        let host = match u.host_kind() {
            Some(rfc3986::HostKind::RegName) => decode(u.host()),
            _ => u.host(),
        };
        let segments: Vec<&'static str> = u
            .segments()
            .map(|s| leak(decoded(s).unwrap_or_default()))
            .collect();
        Some(Parts {
            scheme: u.scheme(),
            authority: u.authority(),
            userinfo: u.userinfo(),
            host: u.host(),
            port: u.port(),
            path,
            query: u.query(),
            path_and_query: &line[path_start..query_end],
            fragment: u.fragment(),
            text: Text {
                scheme: u.scheme(),
                userinfo: decode(u.userinfo()),
                host,
                port: u.port(),
                segments: Box::leak(segments.into_boxed_slice()),
                query: decode(u.query()),
                fragment: decode(u.fragment()),
            },
        })
    }

    /// Whether `line` is a URI-reference whose components all decode to
    /// UTF-8: the inputs of the build workload. Checks without keeping
    /// anything.
    pub fn buildable(line: &str) -> bool {
        let Ok(u) = rfc3986::UriRef::parse(line) else {
            return false;
        };
        let utf8 = |raw: Option<&str>| raw.is_none_or(|r| decoded(r).is_some());
        utf8(u.userinfo())
            && utf8(u.host())
            && u.segments().all(|s| decoded(s).is_some())
            && utf8(u.query())
            && utf8(u.fragment())
    }
}

/// The base of RFC 3986 section 5.4, against which every line is resolved.
pub const BASE: &str = "http://a/b/c/d;p?q";

/// The 23 "normal examples" of section 5.4.1, resolved against every line.
pub const REFERENCES: [&str; 23] = [
    "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
    "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
];

/// A normalize adapter: the normal form of a line, `None` when rejected.
pub type NormalizeFn = for<'s> fn(&'s str) -> Option<Cow<'s, str>>;

/// One library: its adapters for each workload.
pub struct Library {
    /// The crate name as in BENCHMARKS.md.
    pub name: &'static str,
    /// Parse and validate as a URI-reference; whether it was accepted.
    pub validate: fn(&str) -> bool,
    /// Parse and read every component; a checksum of what was read, or
    /// `None` when the line was rejected.
    pub components: fn(&str) -> Option<usize>,
    /// Resolve the line as a reference against [`BASE`].
    pub resolve: Op<fn(&str) -> Option<String>>,
    /// Parse the line as a base and resolve each of [`REFERENCES`]
    /// against it; the total length of the targets.
    pub resolve_base: Op<fn(&str) -> Option<usize>>,
    /// Parse and normalize (section 6.2.2, and 6.2.3 where the library does
    /// it): the normal form, borrowed where the library's API gives back an
    /// input that is already normal without copying it.
    pub normalize: Op<NormalizeFn>,
    /// Build a reference from its components.
    pub build: Op<fn(&Parts<'_>) -> Option<String>>,
}

/// Every library, this one first.
pub fn libraries() -> Vec<Library> {
    vec![
        Library {
            name: "rfc3986",
            validate: this::validate,
            components: this::components,
            resolve: Op::Yes(this::resolve),
            resolve_base: Op::Yes(this::resolve_base),
            normalize: Op::Yes(this::normalize),
            build: Op::Yes(this::build),
        },
        Library {
            name: "fluent-uri",
            validate: fluent::validate,
            components: fluent::components,
            resolve: Op::Yes(fluent::resolve),
            resolve_base: Op::Yes(fluent::resolve_base),
            normalize: Op::Yes(fluent::normalize),
            build: Op::Yes(fluent::build),
        },
        Library {
            name: "oxiri",
            validate: oxiri_::validate,
            components: oxiri_::components,
            resolve: Op::Yes(oxiri_::resolve),
            resolve_base: Op::Yes(oxiri_::resolve_base),
            normalize: Op::No("no normalization"),
            build: Op::No("no builder"),
        },
        Library {
            name: "iri-string",
            validate: iri::validate,
            components: iri::components,
            resolve: Op::Yes(iri::resolve),
            resolve_base: Op::Yes(iri::resolve_base),
            normalize: Op::Yes(iri::normalize),
            build: Op::Yes(iri::build),
        },
        Library {
            name: "uriparse",
            validate: uriparse_::validate,
            components: uriparse_::components,
            resolve: Op::Yes(uriparse_::resolve),
            resolve_base: Op::Yes(uriparse_::resolve_base),
            normalize: Op::Yes(uriparse_::normalize),
            build: Op::Yes(uriparse_::build),
        },
        Library {
            name: "url",
            validate: url_::validate,
            components: url_::components,
            resolve: Op::Yes(url_::resolve),
            resolve_base: Op::Yes(url_::resolve_base),
            normalize: Op::Yes(url_::normalize),
            build: Op::No("no builder (setters on a parsed Url)"),
        },
        Library {
            name: "http",
            validate: http_::validate,
            components: http_::components,
            resolve: Op::No("no resolution"),
            resolve_base: Op::No("no resolution"),
            normalize: Op::No("no normalization"),
            build: Op::Yes(http_::build),
        },
        Library {
            name: "rhymuri",
            validate: rhymuri_::validate,
            components: rhymuri_::components,
            resolve: Op::Yes(rhymuri_::resolve),
            resolve_base: Op::Yes(rhymuri_::resolve_base),
            normalize: Op::Yes(rhymuri_::normalize),
            build: Op::Yes(rhymuri_::build),
        },
    ]
}

fn len(s: Option<&str>) -> usize {
    s.map_or(0, |s| s.len() + 1)
}

mod this {
    use super::{len, Cow, LazyLock, Parts, BASE, REFERENCES};
    use rfc3986::{Normalizer, Resolver, UriRef, UriRefBuf};

    static RESOLVER: LazyLock<Resolver<'static>> =
        LazyLock::new(|| Resolver::new(UriRef::parse(BASE).unwrap()).unwrap());
    static REFS: LazyLock<Vec<UriRef<'static>>> = LazyLock::new(|| {
        REFERENCES
            .iter()
            .map(|r| UriRef::parse(r).unwrap())
            .collect()
    });
    /// With RFC 5952 text for IPv6 hosts, as fluent-uri's normalization does.
    const NORMALIZER: Normalizer = Normalizer::new().ipv6_canonical();

    pub fn validate(s: &str) -> bool {
        UriRef::parse(s).is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = UriRef::parse(s).ok()?;
        Some(
            len(u.scheme())
                + len(u.userinfo())
                + len(u.host())
                + u.host_kind().map_or(0, |k| k as usize)
                + len(u.port())
                + u.path().len()
                + len(u.query())
                + len(u.fragment()),
        )
    }

    pub fn resolve(s: &str) -> Option<String> {
        let r = UriRef::parse(s).ok()?;
        Some(RESOLVER.resolve(r).ok()?.into_string())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = Resolver::new(UriRef::parse_absolute_uri(s).ok()?).ok()?;
        let mut total = 0;
        for r in REFS.iter() {
            total += base.resolve(*r).ok()?.as_str().len();
        }
        Some(total)
    }

    /// An input that is already normal comes back borrowed: `Normalized`
    /// holds it without copying.
    pub fn normalize(s: &str) -> Option<Cow<'_, str>> {
        let normal = NORMALIZER.normalize(UriRef::parse(s).ok()?);
        Some(if normal.is_unchanged() {
            Cow::Borrowed(s)
        } else {
            Cow::Owned(normal.into_owned().into_string())
        })
    }

    /// rfc3986's builder takes the components as text and percent-encodes
    /// each with its own set, so it gets the decoded parts.
    pub fn build(p: &Parts<'_>) -> Option<String> {
        let t = &p.text;
        let uri = UriRefBuf::builder()
            .scheme(t.scheme)
            .userinfo(t.userinfo)
            .host(t.host)
            .port(t.port)
            .segments(t.segments)
            .query(t.query)
            .fragment(t.fragment)
            .build()
            .ok()?;
        Some(uri.into_string())
    }
}

mod fluent {
    use super::{len, Cow, LazyLock, Parts, BASE, REFERENCES};
    use fluent_uri::component::Scheme;
    use fluent_uri::pct_enc::EStr;
    use fluent_uri::{Uri, UriRef};

    static BASE_URI: LazyLock<Uri<&'static str>> = LazyLock::new(|| Uri::parse(BASE).unwrap());
    static REFS: LazyLock<Vec<UriRef<&'static str>>> = LazyLock::new(|| {
        REFERENCES
            .iter()
            .map(|r| UriRef::parse(*r).unwrap())
            .collect()
    });

    pub fn validate(s: &str) -> bool {
        UriRef::parse(s).is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = UriRef::parse(s).ok()?;
        let auth = u.authority().map_or(0, |a| {
            a.userinfo().map_or(0, |u| u.as_str().len() + 1)
                + a.host().len()
                + a.port().map_or(0, |p| p.as_str().len() + 1)
        });
        Some(
            len(u.scheme().map(|s| s.as_str()))
                + auth
                + u.path().as_str().len()
                + len(u.query().map(|q| q.as_str()))
                + len(u.fragment().map(|f| f.as_str())),
        )
    }

    pub fn resolve(s: &str) -> Option<String> {
        let r = UriRef::parse(s).ok()?;
        Some(r.resolve_against(&*BASE_URI).ok()?.into_string())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = Uri::parse(s).ok()?;
        let mut total = 0;
        for r in REFS.iter() {
            total += r.resolve_against(&base).ok()?.as_str().len();
        }
        Some(total)
    }

    pub fn normalize(s: &str) -> Option<Cow<'_, str>> {
        Some(UriRef::parse(s).ok()?.normalize().into_string().into())
    }

    pub fn build(p: &Parts<'_>) -> Option<String> {
        let scheme = match p.scheme {
            Some(s) => Some(Scheme::new(s)?),
            None => None,
        };
        let userinfo = match p.userinfo {
            Some(s) => Some(EStr::new(s)?),
            None => None,
        };
        let port = match p.port {
            Some(s) => Some(EStr::new(s)?),
            None => None,
        };
        let host = p.host;
        let ipv6: Option<std::net::Ipv6Addr> = match host {
            Some(h) if h.starts_with('[') => Some(h[1..h.len() - 1].parse().ok()?),
            _ => None,
        };
        let reg_name = match (host, ipv6) {
            (Some(h), None) => Some(EStr::new(h)?),
            _ => None,
        };
        let built = UriRef::builder()
            .optional(fluent_uri::build::Builder::scheme, scheme)
            .optional(
                |b, ()| {
                    b.authority_with(|b| {
                        let b = b.optional(fluent_uri::build::Builder::userinfo, userinfo);
                        let b = match (ipv6, reg_name) {
                            (Some(a), _) => b.host(a),
                            (None, Some(r)) => b.host(r),
                            (None, None) => b.host(EStr::EMPTY),
                        };
                        b.optional(fluent_uri::build::Builder::port, port)
                    })
                },
                p.authority.map(|_| ()),
            )
            .path(EStr::new(p.path)?)
            .optional(
                fluent_uri::build::Builder::query,
                p.query.and_then(EStr::new),
            )
            .optional(
                fluent_uri::build::Builder::fragment,
                p.fragment.and_then(EStr::new),
            )
            .build()
            .ok()?;
        Some(built.into_string())
    }
}

mod oxiri_ {
    use super::{len, LazyLock, BASE, REFERENCES};
    use oxiri::{Iri, IriRef};

    static BASE_IRI: LazyLock<Iri<&'static str>> = LazyLock::new(|| Iri::parse(BASE).unwrap());

    pub fn validate(s: &str) -> bool {
        IriRef::parse(s).is_ok()
    }

    /// oxiri does not split the authority; it is read whole.
    pub fn components(s: &str) -> Option<usize> {
        let u = IriRef::parse(s).ok()?;
        Some(
            len(u.scheme())
                + len(u.authority())
                + u.path().len()
                + len(u.query())
                + len(u.fragment()),
        )
    }

    static REFS: LazyLock<Vec<IriRef<&'static str>>> = LazyLock::new(|| {
        REFERENCES
            .iter()
            .map(|r| IriRef::parse(*r).unwrap())
            .collect()
    });

    pub fn resolve(s: &str) -> Option<String> {
        let r = IriRef::parse(s).ok()?;
        Some(BASE_IRI.resolve(&r).ok()?.into_inner())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = Iri::parse(s).ok()?;
        let mut total = 0;
        for r in REFS.iter() {
            total += base.resolve(r).ok()?.as_str().len();
        }
        Some(total)
    }
}

mod iri {
    use super::{len, Cow, LazyLock, Parts, BASE, REFERENCES};
    use iri_string::build::Builder;
    use iri_string::format::ToDedicatedString;
    use iri_string::types::{UriAbsoluteStr, UriReferenceStr, UriStr};

    static BASE_URI: LazyLock<&'static UriAbsoluteStr> =
        LazyLock::new(|| UriAbsoluteStr::new(BASE).unwrap());
    static REFS: LazyLock<Vec<&'static UriReferenceStr>> = LazyLock::new(|| {
        REFERENCES
            .iter()
            .map(|r| UriReferenceStr::new(r).unwrap())
            .collect()
    });

    pub fn validate(s: &str) -> bool {
        UriReferenceStr::new(s).is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = UriReferenceStr::new(s).ok()?;
        let auth = u
            .authority_components()
            .map_or(0, |a| len(a.userinfo()) + a.host().len() + len(a.port()));
        Some(
            len(u.scheme_str())
                + auth
                + u.path_str().len()
                + len(u.query().map(|q| q.as_str()))
                + len(u.fragment().map(|f| f.as_str())),
        )
    }

    pub fn resolve(s: &str) -> Option<String> {
        let r = UriReferenceStr::new(s).ok()?;
        Some(r.resolve_against(*BASE_URI).to_dedicated_string().into())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = UriAbsoluteStr::new(s).ok()?;
        let mut total = 0;
        for r in REFS.iter() {
            total += r.resolve_against(base).to_dedicated_string().len();
        }
        Some(total)
    }

    /// iri-string normalizes URIs (with a scheme); a relative reference is
    /// rejected.
    pub fn normalize(s: &str) -> Option<Cow<'_, str>> {
        let normal: String = UriStr::new(s)
            .ok()?
            .normalize()
            .to_dedicated_string()
            .into();
        Some(normal.into())
    }

    pub fn build(p: &Parts<'_>) -> Option<String> {
        let mut b = Builder::new();
        if let Some(s) = p.scheme {
            b.scheme(s);
        }
        if let Some(h) = p.host {
            b.host(h);
            if let Some(u) = p.userinfo {
                b.userinfo(u);
            }
            if let Some(port) = p.port {
                b.port(port);
            }
        }
        b.path(p.path);
        if let Some(q) = p.query {
            b.query(q);
        }
        if let Some(f) = p.fragment {
            b.fragment(f);
        }
        let built = b.build::<UriReferenceStr>().ok()?;
        Some(built.to_dedicated_string().into())
    }
}

mod uriparse_ {
    use super::{len, Cow, LazyLock, Parts, BASE, REFERENCES};
    use uriparse::{Authority, Fragment, Host, Path, Query, Scheme, URIReference, URI};

    static BASE_URI: LazyLock<URI<'static>> = LazyLock::new(|| URI::try_from(BASE).unwrap());
    static REFS: LazyLock<Vec<URIReference<'static>>> = LazyLock::new(|| {
        REFERENCES
            .iter()
            .map(|r| URIReference::try_from(*r).unwrap())
            .collect()
    });

    pub fn validate(s: &str) -> bool {
        URIReference::try_from(s).is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = URIReference::try_from(s).ok()?;
        let auth = u.authority().map_or(0, |a| {
            len(a.username().map(|u| u.as_str()))
                + len(a.password().map(|p| p.as_str()))
                + match a.host() {
                    Host::RegisteredName(n) => n.as_str().len(),
                    Host::IPv4Address(_) => 4,
                    Host::IPv6Address(_) => 16,
                }
                + a.port().map_or(0, usize::from)
        });
        Some(
            len(u.scheme().map(|s| s.as_str()))
                + auth
                + u.path()
                    .segments()
                    .iter()
                    .map(|s| s.as_str().len() + 1)
                    .sum::<usize>()
                + len(u.query().map(|q| q.as_str()))
                + len(u.fragment().map(|f| f.as_str())),
        )
    }

    pub fn resolve(s: &str) -> Option<String> {
        let r = URIReference::try_from(s).ok()?;
        let base: &URI<'_> = &BASE_URI;
        Some(base.resolve(&r).to_string())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = URI::try_from(s).ok()?;
        let mut total = 0;
        for r in REFS.iter() {
            total += base.resolve(r).to_string().len();
        }
        Some(total)
    }

    pub fn normalize(s: &str) -> Option<Cow<'_, str>> {
        let mut u = URIReference::try_from(s).ok()?;
        u.normalize();
        Some(u.to_string().into())
    }

    pub fn build(p: &Parts<'_>) -> Option<String> {
        let scheme = match p.scheme {
            Some(s) => Some(Scheme::try_from(s).ok()?),
            None => None,
        };
        let authority = match p.authority {
            Some(a) => Some(Authority::try_from(a).ok()?),
            None => None,
        };
        let query = match p.query {
            Some(q) => Some(Query::try_from(q).ok()?),
            None => None,
        };
        let fragment = match p.fragment {
            Some(f) => Some(Fragment::try_from(f).ok()?),
            None => None,
        };
        let u = URIReference::builder()
            .with_scheme(scheme)
            .with_authority(authority)
            .with_path(Path::try_from(p.path).ok()?)
            .with_query(query)
            .with_fragment(fragment)
            .build()
            .ok()?;
        Some(u.to_string())
    }
}

mod url_ {
    use super::{len, Cow, LazyLock, BASE, REFERENCES};
    use url::Url;

    static BASE_URL: LazyLock<Url> = LazyLock::new(|| Url::parse(BASE).unwrap());

    /// WHATWG URL parsing: absolute URLs only, and lenient (it fixes up
    /// what RFC 3986 rejects).
    pub fn validate(s: &str) -> bool {
        Url::parse(s).is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = Url::parse(s).ok()?;
        Some(
            u.scheme().len()
                + u.username().len()
                + len(u.password())
                + len(u.host_str())
                + u.port().map_or(0, usize::from)
                + u.path().len()
                + len(u.query())
                + len(u.fragment()),
        )
    }

    pub fn resolve(s: &str) -> Option<String> {
        Some(BASE_URL.join(s).ok()?.into())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = Url::parse(s).ok()?;
        let mut total = 0;
        for r in REFERENCES {
            total += base.join(r).ok()?.as_str().len();
        }
        Some(total)
    }

    /// Parsing is url's normalization: the serialization it keeps.
    pub fn normalize(s: &str) -> Option<Cow<'_, str>> {
        Some(String::from(Url::parse(s).ok()?).into())
    }
}

mod http_ {
    use super::{len, Parts};
    use http::Uri;

    pub fn validate(s: &str) -> bool {
        s.parse::<Uri>().is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = s.parse::<Uri>().ok()?;
        Some(
            len(u.scheme_str())
                + len(u.authority().map(|a| a.as_str()))
                + len(u.host())
                + u.port_u16().map_or(0, usize::from)
                + u.path().len()
                + len(u.query()),
        )
    }

    /// `http::Uri` holds no fragment, and needs an authority with a scheme.
    pub fn build(p: &Parts<'_>) -> Option<String> {
        if p.fragment.is_some() {
            return None;
        }
        let mut b = Uri::builder();
        if let Some(s) = p.scheme {
            b = b.scheme(s);
        }
        if let Some(a) = p.authority {
            b = b.authority(a);
        }
        Some(b.path_and_query(p.path_and_query).build().ok()?.to_string())
    }
}

mod rhymuri_ {
    use super::{Cow, LazyLock, Parts, BASE, REFERENCES};
    use rhymuri::{Authority, Uri};

    static BASE_URI: LazyLock<Uri> = LazyLock::new(|| Uri::parse(BASE).unwrap());
    static REFS: LazyLock<Vec<Uri>> =
        LazyLock::new(|| REFERENCES.iter().map(|r| Uri::parse(*r).unwrap()).collect());

    fn len(s: Option<&[u8]>) -> usize {
        s.map_or(0, |s| s.len() + 1)
    }

    pub fn validate(s: &str) -> bool {
        Uri::parse(s).is_ok()
    }

    pub fn components(s: &str) -> Option<usize> {
        let u = Uri::parse(s).ok()?;
        Some(
            u.scheme().map_or(0, |s| s.len() + 1)
                + len(u.userinfo())
                + len(u.host())
                + u.port().map_or(0, usize::from)
                + u.path().iter().map(|s| s.len() + 1).sum::<usize>()
                + len(u.query())
                + len(u.fragment()),
        )
    }

    pub fn resolve(s: &str) -> Option<String> {
        let r = Uri::parse(s).ok()?;
        Some(BASE_URI.resolve(&r).to_string())
    }

    pub fn resolve_base(s: &str) -> Option<usize> {
        let base = Uri::parse(s).ok()?;
        let mut total = 0;
        for r in REFS.iter() {
            total += base.resolve(r).to_string().len();
        }
        Some(total)
    }

    pub fn normalize(s: &str) -> Option<Cow<'_, str>> {
        let mut u = Uri::parse(s).ok()?;
        u.normalize();
        Some(u.to_string().into())
    }

    /// rhymuri sets decoded components on a default `Uri` and encodes them
    /// when it is written out, so it gets the decoded parts; the authority
    /// is parsed from its text. Its path model writes `[""]` as the empty
    /// path, so the root is `["", ""]`.
    pub fn build(p: &Parts<'_>) -> Option<String> {
        let t = &p.text;
        let mut u = Uri::default();
        if let Some(s) = t.scheme {
            u.set_scheme(s.to_owned()).ok()?;
        }
        if let Some(a) = p.authority {
            u.set_authority(Authority::parse(a).ok()?);
        }
        let mut path: Vec<Vec<u8>> = t.segments.iter().map(|s| s.as_bytes().to_vec()).collect();
        if t.segments == [""] {
            path.push(Vec::new());
        }
        u.set_path(path);
        u.set_query(t.query.map(|q| q.as_bytes().to_vec()));
        u.set_fragment(t.fragment.map(|f| f.as_bytes().to_vec()));
        Some(u.to_string())
    }
}
