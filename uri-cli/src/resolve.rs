//! `uri resolve [--json] [--non-strict] BASE [REF ...]`: the target URI of
//! each reference against BASE (RFC 3986 section 5.2).

use std::ffi::OsString;
use std::io;

use rfc3986::{Resolver, UriRef};

use crate::against_base::{each_against_base, OperationError};

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

pub fn run(args: Args) -> io::Result<bool> {
    let base_bytes = args.base.as_encoded_bytes();
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
    each_against_base(base_bytes, &args.refs, args.json, "target", |input| {
        let resolver = resolver.clone()?;
        let reference =
            UriRef::parse_bytes(input).map_err(|e| OperationError::parse(&e, "input"))?;
        resolver
            .resolve(reference)
            .map_err(|e| OperationError::new(e.kind().name(), e.offset(), e.to_string(), "base"))
    })
}
