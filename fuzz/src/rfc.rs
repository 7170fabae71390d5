//! Plain transcriptions of the RFC's pseudo-code and rules, the oracles that
//! the operations are checked against. They are written to be read next to
//! the RFC, not to be fast: `remove_dot_segments` copies its input buffer at
//! each step, which fuzz inputs of a few KiB afford.

use std::net::Ipv4Addr;

use rfc3986::{default_port, Host, UriRef};

/// A reference as separate components, the host standing for the whole
/// authority (`None`: no authority).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

impl Parts {
    /// The components of `u`, as written.
    pub fn of(u: UriRef<'_>) -> Parts {
        Parts {
            scheme: u.scheme().map(String::from),
            userinfo: u.userinfo().map(String::from),
            host: u.host().map(String::from),
            port: u.port().map(String::from),
            path: u.path().into(),
            query: u.query().map(String::from),
            fragment: u.fragment().map(String::from),
        }
    }

    /// This reference with the authority of `source`.
    fn with_authority_of(self, source: &Parts) -> Parts {
        Parts {
            userinfo: source.userinfo.clone(),
            host: source.host.clone(),
            port: source.port.clone(),
            ..self
        }
    }

    /// The path as section 5.3 plus this crate's two guards write it (see
    /// [`path_guard`]).
    pub fn written_path(&self) -> String {
        path_guard(self.scheme.is_some(), self.host.is_some(), &self.path).to_owned() + &self.path
    }
}

impl std::fmt::Display for Parts {
    /// Section 5.3, "Component Recomposition", with the path's guard.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(scheme) = &self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(host) = &self.host {
            f.write_str("//")?;
            if let Some(userinfo) = &self.userinfo {
                write!(f, "{userinfo}@")?;
            }
            f.write_str(host)?;
            if let Some(port) = &self.port {
                write!(f, ":{port}")?;
            }
        }
        f.write_str(&self.written_path())?;
        if let Some(query) = &self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = &self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}

/// The prefix the library's writer puts before a path that would otherwise
/// read differently: `/.` before `//` without an authority (it would be read
/// as one), `./` before a first segment with `:` without a scheme or an
/// authority (it would be read as a scheme, section 4.2).
pub fn path_guard(has_scheme: bool, has_authority: bool, path: &str) -> &'static str {
    if has_authority {
        ""
    } else if path.starts_with("//") {
        "/."
    } else if !has_scheme && path.split('/').next().unwrap_or("").contains(':') {
        "./"
    } else {
        ""
    }
}

/// Section 5.2.2, "Transform References", for a base with a scheme: strict,
/// or non-strict (a reference scheme equal to the base's, without case, is
/// ignored).
pub fn resolve(base: &Parts, r: &Parts, strict: bool) -> Parts {
    let same_scheme = match (&r.scheme, &base.scheme) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    };
    let r_scheme = if !strict && same_scheme {
        None
    } else {
        r.scheme.clone()
    };
    let target = |path: String, query: Option<String>| Parts {
        scheme: base.scheme.clone(),
        userinfo: None,
        host: None,
        port: None,
        path,
        query,
        fragment: r.fragment.clone(),
    };
    if r_scheme.is_some() {
        Parts {
            scheme: r_scheme,
            path: remove_dot_segments(&r.path),
            ..r.clone()
        }
    } else if r.host.is_some() {
        target(remove_dot_segments(&r.path), r.query.clone()).with_authority_of(r)
    } else if r.path.is_empty() {
        let query = r.query.clone().or_else(|| base.query.clone());
        target(base.path.clone(), query).with_authority_of(base)
    } else if r.path.starts_with('/') {
        target(remove_dot_segments(&r.path), r.query.clone()).with_authority_of(base)
    } else {
        let merged = merge(base, &r.path);
        target(remove_dot_segments(&merged), r.query.clone()).with_authority_of(base)
    }
}

/// Section 5.2.3, "Merge Paths".
pub fn merge(base: &Parts, path: &str) -> String {
    if base.host.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    match base.path.rfind('/') {
        Some(slash) => format!("{}{path}", &base.path[..=slash]),
        None => path.to_owned(),
    }
}

/// Section 5.2.4, "Remove Dot Segments", step by step: `input` is the input
/// buffer, consumed from the front.
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::new();
    // Removes the last segment and its preceding "/" (if any) from output.
    let remove_last = |output: &mut String| {
        let at = output.rfind('/').unwrap_or(0);
        output.truncate(at);
    };
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            input = rest; // A
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest; // A
        } else if input.starts_with("/./") {
            input = &input[2..]; // B: "/./" replaced by "/"
        } else if input == "/." {
            input = "/"; // B
        } else if input.starts_with("/../") {
            input = &input[3..]; // C
            remove_last(&mut output);
        } else if input == "/.." {
            input = "/"; // C
            remove_last(&mut output);
        } else if input == "." || input == ".." {
            input = ""; // D
        } else {
            // E: the first segment, with its initial "/" if any, up to but
            // not including the next "/".
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |at| skip + at);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Whether `b` is `unreserved` (section 2.3).
pub fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

/// Whether `b` is `reserved` (section 2.2): `gen-delims` or `sub-delims`.
pub fn is_reserved(b: u8) -> bool {
    b":/?#[]@!$&'()*+,;=".contains(&b)
}

/// The text of a component read as a sequence of characters, each either a
/// literal byte or the byte a `%XX` stands for (`true`).
pub fn tokens(component: &str) -> Vec<(u8, bool)> {
    let b = component.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let escape = (b[i] == b'%')
            .then(|| b.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        match escape {
            Some(byte) => {
                out.push((byte, true));
                i += 3;
            }
            None => {
                out.push((b[i], false));
                i += 1;
            }
        }
    }
    out
}

/// Section 6.2.2.1 and 6.2.2.2 on one component: every `%XX` with upper-case
/// hex digits, decoded when it stands for an unreserved character; with
/// `lower` (the host), letters lower-cased, except the hex digits of escapes.
pub fn percent_normal(component: &str, lower: bool) -> String {
    let mut out = String::with_capacity(component.len());
    for (byte, escaped) in tokens(component) {
        if escaped && !is_unreserved(byte) {
            out += &format!("%{byte:02X}");
        } else if lower {
            out.push(char::from(byte.to_ascii_lowercase()));
        } else {
            out.push(char::from(byte));
        }
    }
    out
}

/// The schemes for which this crate's normalization makes an empty path
/// with an authority `/` (see the `normalize` module docs).
pub const EMPTY_PATH_IS_ROOT: &[&str] = &["http", "https", "ws", "wss", "ftp", "coap", "coaps"];

/// The normal form of `u` by the rules of the library's `normalize` module
/// docs, component by component: case and percent-encoding (section 6.2.2.1
/// and 6.2.2.2), dot segments after decoding (6.2.2.3) for a URI or an
/// absolute-path reference, the empty or default port removed and the
/// empty path made `/` (6.2.3), and with `ipv6_canonical` the RFC 5952 text.
pub fn normalize(u: UriRef<'_>, ipv6_canonical: bool) -> Parts {
    let scheme = u.scheme().map(str::to_ascii_lowercase);
    let default = scheme.as_deref().and_then(default_port);
    let host = u.host().map(|host| match u.host_parsed() {
        Some(Host::Ipv6(address)) if ipv6_canonical => format!("[{address}]"),
        _ => percent_normal(host, true),
    });
    let port = u.port().filter(|digits| {
        let significant = digits.trim_start_matches('0');
        let value = match significant.len() {
            0 => Some(0),
            1..=5 => significant.parse::<u32>().ok(),
            _ => None,
        };
        !digits.is_empty() && (default.is_none() || value != default.map(u32::from))
    });
    let mut path = percent_normal(u.path(), false);
    if !u.is_relative() || path.starts_with('/') {
        path = remove_dot_segments(&path);
    }
    let root = scheme
        .as_deref()
        .is_some_and(|s| EMPTY_PATH_IS_ROOT.contains(&s));
    if path.is_empty() && host.is_some() && root {
        path = "/".into();
    }
    Parts {
        scheme,
        userinfo: u.userinfo().map(|s| percent_normal(s, false)),
        host,
        port: port.map(String::from),
        path,
        query: u.query().map(|s| percent_normal(s, false)),
        fragment: u.fragment().map(|s| percent_normal(s, false)),
    }
}

/// Whether `text` is an `IPv4address` (section 3.2.2), by `std::net`, whose
/// parser refuses leading zeros as `dec-octet` does.
pub fn is_ipv4(text: &str) -> bool {
    text.parse::<Ipv4Addr>().is_ok()
}
