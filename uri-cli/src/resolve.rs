//! `uri resolve [--json] [--non-strict] BASE [REF ...]`: the target URI of
//! each reference against BASE (RFC 3986 section 5.2).

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use rfc3986::{ParseError, Resolver, UriRef};
use serde::Serialize;

use crate::input::each_ref;
use crate::report::{lossy, Output};

/// Resolve each reference against a base URI.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri resolve 'http://a/b/c/d;p?q' ../g '?y' '#s'\n  \
    uri resolve --json https://example.com/docs/ < links.txt")]
pub struct Args {
    /// One JSON object per line: {"base","input","valid","target"}.
    #[arg(long)]
    json: bool,
    /// Ignore a reference scheme equal to the base's (section 5.2.2).
    #[arg(long)]
    non_strict: bool,
    /// Keep ".." segments that climb above the root (erratum 4547) instead
    /// of dropping them as section 5.4.2 does.
    #[arg(long)]
    keep_parent_above_root: bool,
    /// The base URI: an absolute URI (a fragment is ignored).
    #[arg(value_name = "BASE")]
    base: OsString,
    /// References to resolve; standard input lines when none are given.
    #[arg(value_name = "REF")]
    refs: Vec<OsString>,
}

/// The `error` object of the JSON output, with `source` telling whether the
/// base or the input is at fault (`offset` is into that one).
#[derive(Serialize, Clone)]
pub struct OperationError {
    pub kind: &'static str,
    pub offset: usize,
    pub message: String,
    pub source: &'static str,
}

impl OperationError {
    pub fn parse(err: &ParseError, source: &'static str) -> Self {
        OperationError {
            kind: err.kind().name(),
            offset: err.offset(),
            message: format!("{source}: {err}"),
            source,
        }
    }

    pub fn new(kind: &'static str, offset: usize, message: String, source: &'static str) -> Self {
        OperationError {
            kind,
            offset,
            message: format!("{source}: {message}"),
            source,
        }
    }

    /// Writes the error for people, with a caret under its offset in the
    /// base or in the input.
    pub fn human(&self, out: &mut Output, base: &[u8], input: &[u8]) -> io::Result<()> {
        let text = if self.source == "base" { base } else { input };
        out.human_message(text, self.offset, &self.message)
    }
}

#[derive(Serialize)]
struct Line<'a> {
    base: &'a str,
    input: Cow<'a, str>,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<OperationError>,
}

pub fn run(args: Args) -> io::Result<bool> {
    let base_bytes = args.base.as_encoded_bytes();
    let base_text = lossy(base_bytes);
    let resolver = match UriRef::parse_bytes(base_bytes) {
        Err(err) => Err(OperationError::parse(&err, "base")),
        Ok(base) => Resolver::new(base).map_err(|err| {
            OperationError::new(err.kind().name(), err.offset(), err.to_string(), "base")
        }),
    };
    let resolver = resolver.map(|r| {
        let r = if args.non_strict { r.non_strict() } else { r };
        if args.keep_parent_above_root {
            r.keep_parent_above_root()
        } else {
            r
        }
    });
    let mut out = Output::new();
    let all_valid = each_ref(&args.refs, |input| {
        let result = resolver.clone().and_then(|resolver| {
            let reference =
                UriRef::parse_bytes(input).map_err(|e| OperationError::parse(&e, "input"))?;
            resolver.resolve(reference).map_err(|e| {
                OperationError::new(e.kind().name(), e.offset(), e.to_string(), "base")
            })
        });
        let valid = result.is_ok();
        match (result, args.json) {
            (Ok(target), true) => out.json(&Line {
                base: &base_text,
                input: lossy(input),
                valid,
                target: Some(target.as_str()),
                error: None,
            })?,
            (Ok(target), false) => writeln!(out.out, "{target}")?,
            (Err(error), true) => out.json(&Line {
                base: &base_text,
                input: lossy(input),
                valid,
                target: None,
                error: Some(error),
            })?,
            (Err(error), false) => error.human(&mut out, base_bytes, input)?,
        }
        Ok(valid)
    })?;
    out.finish()?;
    Ok(all_valid)
}
