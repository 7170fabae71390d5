//! `uri normalize [--json] [REF ...]`: the normal form of each reference
//! (RFC 3986 sections 6.2.2 and 6.2.3).

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use rfc3986::{Normalizer, UriRef};
use serde::Serialize;

use crate::input::each_ref;
use crate::report::{lossy, ErrorJson, Output};

/// Print the normal form of each reference.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri normalize 'HTTP://Example.COM:80/a/./b/../%7euser'\n  \
    uri normalize --json < urls.txt")]
pub struct Args {
    /// One JSON object per line: {"input","valid","normalized"}.
    #[arg(long)]
    json: bool,
    /// Also write IPv6 addresses in their RFC 5952 canonical text.
    #[arg(long)]
    ipv6_canonical: bool,
    /// References to normalize; standard input lines when none are given.
    #[arg(value_name = "REF")]
    refs: Vec<OsString>,
}

#[derive(Serialize)]
struct Line<'a> {
    input: Cow<'a, str>,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    normalized: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorJson>,
}

/// The normalizer the options ask for.
pub fn normalizer(ipv6_canonical: bool) -> Normalizer {
    if ipv6_canonical {
        Normalizer::new().ipv6_canonical()
    } else {
        Normalizer::new()
    }
}

pub fn run(args: Args) -> io::Result<bool> {
    let normalizer = normalizer(args.ipv6_canonical);
    let mut out = Output::new();
    let all_valid = each_ref(&args.refs, |input| {
        let parsed = UriRef::parse_bytes(input);
        match (&parsed, args.json) {
            (Ok(uri), true) => out.json(&Line {
                input: lossy(input),
                valid: true,
                normalized: Some(normalizer.normalize(*uri).as_str()),
                error: None,
            })?,
            (Ok(uri), false) => writeln!(out.out, "{}", normalizer.normalize(*uri))?,
            (Err(err), true) => out.json(&Line {
                input: lossy(input),
                valid: false,
                normalized: None,
                error: Some(err.into()),
            })?,
            (Err(err), false) => out.human_error(input, err)?,
        }
        Ok(parsed.is_ok())
    })?;
    out.finish()?;
    Ok(all_valid)
}
