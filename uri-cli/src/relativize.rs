//! `uri relativize [--json] BASE [TARGET ...]`: the shortest reference that
//! resolves against BASE to each target.

use std::ffi::OsString;
use std::io;

use rfc3986::{relativize, RelativizeErrorKind, UriRef};

use crate::against_base::{each_against_base, OperationError};

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

pub fn run(args: Args) -> io::Result<bool> {
    let base_bytes = args.base.as_encoded_bytes();
    let base = UriRef::parse_bytes(base_bytes).map_err(|e| OperationError::parse(&e, "base"));
    each_against_base(base_bytes, &args.targets, args.json, "relative", |input| {
        let base = base.clone()?;
        let target = UriRef::parse_bytes(input).map_err(|e| OperationError::parse(&e, "input"))?;
        relativize(base, target).map_err(|e| {
            let source = match e.kind() {
                RelativizeErrorKind::RelativeBase => "base",
                _ => "input",
            };
            OperationError::new(e.kind().name(), e.offset(), e.to_string(), source)
        })
    })
}
