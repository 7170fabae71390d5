//! `uri build [--json] --scheme S --host H ... `: one reference from its
//! components, each given as the text it should read back as.

use std::io::{self, Write};

use rfc3986::{BuildError, Builder, Component};
use serde::Serialize;

use crate::report::Output;

/// Build a URI reference from its components, percent-encoding each.
///
/// Each value is plain text, not percent-encoded: characters a component
/// does not allow are encoded with that component's set (`%` becomes `%25`).
/// The scheme is validated and written in lower case; the port must be
/// digits. A host starting with `[` must be an IP literal; one like
/// `192.0.2.1` is an IPv4 address; anything else is a registered name.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri build --scheme https --host example.com --segment '' --segment 'a/b' --query 'q=1#2'\n  \
    uri build --scheme ldap --host '[2001:db8::7]' --path /c=GB --query objectClass?one\n  \
    uri build --host h --port ''")]
pub struct Args {
    /// One JSON object: {"valid":true,"uri":...} or {"valid":false,"error":...}.
    #[arg(long)]
    json: bool,
    /// The scheme: a letter, then letters, digits, '+', '-' or '.'.
    #[arg(long)]
    scheme: Option<String>,
    /// The userinfo (needs --host).
    #[arg(long)]
    userinfo: Option<String>,
    /// The host: a registered name, an IPv4 address, or an IP literal in brackets.
    #[arg(long)]
    host: Option<String>,
    /// The port's digits, possibly none (needs --host).
    #[arg(long)]
    port: Option<String>,
    /// The path as text; '/' separates segments.
    #[arg(long, conflicts_with = "segments")]
    path: Option<String>,
    /// One path segment ('/' in it is encoded); repeat for each. A first
    /// empty segment makes the path absolute.
    #[arg(long = "segment", value_name = "SEGMENT")]
    segments: Vec<String>,
    /// The query.
    #[arg(long)]
    query: Option<String>,
    /// The fragment.
    #[arg(long)]
    fragment: Option<String>,
}

#[derive(Serialize)]
struct Valid<'a> {
    valid: bool,
    uri: &'a str,
}

#[derive(Serialize)]
struct Invalid {
    valid: bool,
    error: BuildErrorJson,
}

/// The `error` object: `ErrorJson`'s fields plus the component at fault.
#[derive(Serialize)]
struct BuildErrorJson {
    kind: &'static str,
    component: Option<&'static str>,
    offset: usize,
    message: String,
}

pub fn run(args: Args) -> io::Result<bool> {
    let segments: Vec<&str> = args.segments.iter().map(String::as_str).collect();
    let mut builder = Builder::new()
        .scheme(args.scheme.as_deref())
        .userinfo(args.userinfo.as_deref())
        .host(args.host.as_deref())
        .port(args.port.as_deref())
        .query(args.query.as_deref())
        .fragment(args.fragment.as_deref());
    builder = match &args.path {
        Some(path) => builder.path(path),
        None => builder.segments(&segments),
    };
    let mut out = Output::new();
    let result = builder.build();
    match (&result, args.json) {
        (Ok(uri), true) => out.json(&Valid {
            valid: true,
            uri: uri.as_str(),
        })?,
        (Ok(uri), false) => writeln!(out.out, "{uri}")?,
        (Err(err), true) => out.json(&Invalid {
            valid: false,
            error: BuildErrorJson {
                kind: err.kind().name(),
                component: err.component().map(Component::name),
                offset: err.offset(),
                message: err.to_string(),
            },
        })?,
        (Err(err), false) => {
            let text = component_text(&args, err);
            out.human_message(text.as_bytes(), err.offset(), &err.to_string())?;
        }
    }
    out.finish()?;
    Ok(result.is_ok())
}

/// The text given for the component at fault, to show under the message.
fn component_text<'a>(args: &'a Args, err: &BuildError) -> &'a str {
    let given = match err.component() {
        Some(Component::Scheme) => args.scheme.as_deref(),
        Some(Component::Userinfo) => args.userinfo.as_deref(),
        Some(Component::Host) => args.host.as_deref(),
        Some(Component::Port) => args.port.as_deref(),
        Some(Component::Path) => args
            .path
            .as_deref()
            .or(args.segments.first().map(String::as_str)),
        Some(Component::Query) => args.query.as_deref(),
        Some(Component::Fragment) => args.fragment.as_deref(),
        None => None,
    };
    given.unwrap_or_default()
}
