//! `uri equivalent A B`: whether two references are equivalent after
//! normalization (RFC 3986 section 6.1), as an exit status.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::UriRef;

use crate::normalize::normalizer;
use crate::report::Output;

/// Exit 0 when A and B are equivalent after normalization, 1 when they are
/// not, 2 when either is invalid.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri equivalent 'HTTP://Example.com:80/%7Euser' 'http://example.com/~user' && echo same")]
pub struct Args {
    /// Compare IPv6 addresses by value (their RFC 5952 canonical text).
    #[arg(long)]
    ipv6_canonical: bool,
    /// Print the two normal forms, one per line.
    #[arg(long, short)]
    verbose: bool,
    /// The first reference.
    #[arg(value_name = "A")]
    a: OsString,
    /// The second reference.
    #[arg(value_name = "B")]
    b: OsString,
}

/// Runs the comparison and returns the exit status itself: 2, not 1, when
/// an input is invalid.
pub fn main(args: Args) -> ExitCode {
    match run(args) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uri: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> io::Result<ExitCode> {
    let mut out = Output::new();
    let (a, b) = (args.a.as_encoded_bytes(), args.b.as_encoded_bytes());
    let (a, b) = match (UriRef::parse_bytes(a), UriRef::parse_bytes(b)) {
        (Ok(a), Ok(b)) => (a, b),
        (parsed_a, parsed_b) => {
            for (input, parsed) in [(a, parsed_a), (b, parsed_b)] {
                if let Err(err) = parsed {
                    out.human_error(input, &err)?;
                }
            }
            out.finish()?;
            return Ok(ExitCode::from(2));
        }
    };
    let normalizer = normalizer(args.ipv6_canonical);
    if args.verbose {
        writeln!(out.out, "{}", normalizer.normalize(a))?;
        writeln!(out.out, "{}", normalizer.normalize(b))?;
    }
    out.finish()?;
    Ok(if normalizer.equivalent(a, b) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
