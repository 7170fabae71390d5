//! `uri parse [--json] [REF ...]`: every component of each reference.

use std::ffi::OsString;
use std::io::{self, Write};

use rfc3986::{Segments, UriRef};
use serde::{Serialize, Serializer};

use crate::input::each_ref;
use crate::report::{lossy, ErrorJson, Output};

/// Print the components of each reference.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri parse 'foo://example.com:8042/over/there?name=ferret#nose'\n  \
    uri parse --json < urls.txt")]
pub struct Args {
    /// One JSON object per line, with every field (see the CLI contract).
    #[arg(long)]
    json: bool,
    /// References to parse; standard input lines when none are given.
    #[arg(value_name = "REF")]
    refs: Vec<OsString>,
}

#[derive(Serialize)]
struct Valid<'a> {
    input: &'a str,
    valid: bool,
    kind: &'static str,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    port: Option<&'a str>,
    path: &'a str,
    #[serde(serialize_with = "segments")]
    segments: Segments<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn segments<S: Serializer>(segments: &Segments<'_>, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(segments.clone())
}

impl<'a> Valid<'a> {
    fn new(uri: &UriRef<'a>) -> Self {
        Valid {
            input: uri.as_str(),
            valid: true,
            kind: if uri.is_relative() { "relative" } else { "uri" },
            scheme: uri.scheme(),
            authority: uri.authority(),
            userinfo: uri.userinfo(),
            host: uri.host(),
            host_kind: uri.host_kind().map(|k| k.name()),
            port: uri.port(),
            path: uri.path(),
            segments: uri.segments(),
            query: uri.query(),
            fragment: uri.fragment(),
        }
    }
}

#[derive(Serialize)]
struct Invalid<'a> {
    input: std::borrow::Cow<'a, str>,
    valid: bool,
    error: ErrorJson,
}

pub fn run(args: Args) -> io::Result<bool> {
    let mut out = Output::new();
    let all_valid = each_ref(&args.refs, |input| {
        let parsed = UriRef::parse_bytes(input);
        match (&parsed, args.json) {
            (Ok(uri), true) => out.json(&Valid::new(uri))?,
            (Ok(uri), false) => human(&mut out.out, &Valid::new(uri))?,
            (Err(err), true) => out.json(&Invalid {
                input: lossy(input),
                valid: false,
                error: err.into(),
            })?,
            (Err(err), false) => out.human_error(input, err)?,
        }
        Ok(parsed.is_ok())
    })?;
    out.finish()?;
    Ok(all_valid)
}

/// One `name: value` line per component present, then a blank line.
fn human(out: &mut impl Write, v: &Valid<'_>) -> io::Result<()> {
    writeln!(out, "kind: {}", v.kind)?;
    let lines = [
        ("scheme", v.scheme),
        ("authority", v.authority),
        ("userinfo", v.userinfo),
        ("host", v.host),
        ("host_kind", v.host_kind),
        ("port", v.port),
        ("path", Some(v.path)),
    ];
    for (name, value) in lines {
        if let Some(value) = value {
            writeln!(out, "{name}: {value}")?;
        }
    }
    write!(out, "segments: ")?;
    serde_json::to_writer(&mut *out, &v.segments.clone().collect::<Vec<_>>())?;
    writeln!(out)?;
    for (name, value) in [("query", v.query), ("fragment", v.fragment)] {
        if let Some(value) = value {
            writeln!(out, "{name}: {value}")?;
        }
    }
    writeln!(out)
}
