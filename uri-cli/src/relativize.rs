//! `uri relativize [--json] BASE [TARGET ...]`: the shortest reference that
//! resolves against BASE to each target.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use rfc3986::{relativize, UriRef};
use serde::Serialize;

use crate::input::each_ref;
use crate::report::{lossy, Output};
use crate::resolve::OperationError;

/// Write each target URI relative to a base URI.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri relativize 'http://a/b/c/d;p?q' http://a/b/g 'http://a/b/c/d;p?y'\n  \
    uri relativize --json https://example.com/docs/ < urls.txt")]
pub struct Args {
    /// One JSON object per line: {"base","input","valid","relative"}.
    #[arg(long)]
    json: bool,
    /// The base URI: an absolute URI (a fragment is ignored).
    #[arg(value_name = "BASE")]
    base: OsString,
    /// Target URIs; standard input lines when none are given.
    #[arg(value_name = "TARGET")]
    targets: Vec<OsString>,
}

#[derive(Serialize)]
struct Line<'a> {
    base: &'a str,
    input: Cow<'a, str>,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    relative: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<OperationError>,
}

pub fn run(args: Args) -> io::Result<bool> {
    let base_bytes = args.base.as_encoded_bytes();
    let base_text = lossy(base_bytes);
    let base = UriRef::parse_bytes(base_bytes).map_err(|e| OperationError::parse(&e, "base"));
    let mut out = Output::new();
    let all_valid = each_ref(&args.targets, |input| {
        let result = base.clone().and_then(|base| {
            let target =
                UriRef::parse_bytes(input).map_err(|e| OperationError::parse(&e, "input"))?;
            relativize(base, target).map_err(|e| {
                let source = match e.kind() {
                    rfc3986::RelativizeErrorKind::RelativeBase => "base",
                    _ => "input",
                };
                OperationError::new(e.kind().name(), e.offset(), e.to_string(), source)
            })
        });
        let valid = result.is_ok();
        match (result, args.json) {
            (Ok(relative), true) => out.json(&Line {
                base: &base_text,
                input: lossy(input),
                valid,
                relative: Some(relative.as_str()),
                error: None,
            })?,
            (Ok(relative), false) => writeln!(out.out, "{relative}")?,
            (Err(error), true) => out.json(&Line {
                base: &base_text,
                input: lossy(input),
                valid,
                relative: None,
                error: Some(error),
            })?,
            (Err(error), false) => error.human(&mut out, base_bytes, input)?,
        }
        Ok(valid)
    })?;
    out.finish()?;
    Ok(all_valid)
}
