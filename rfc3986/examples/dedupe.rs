//! Reads URI references from standard input, one per line, and prints each
//! one that is not equivalent (RFC 3986 section 6) to one printed before.
//! Invalid lines are reported on standard error and skipped.
//!
//! ```sh
//! printf 'HTTP://a/%%7e\nhttp://a/~\nhttp://a:80/~\nhttp://b/\n' | cargo run --example dedupe
//! ```

use std::collections::HashSet;
use std::io::{self, BufRead, Write};

use rfc3986::UriRef;

fn main() -> io::Result<()> {
    let mut seen = HashSet::new();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        match UriRef::parse(&line) {
            // The normalized form is the key: equal keys, equivalent URIs.
            Ok(uri) => {
                if seen.insert(uri.normalize().into_static()) {
                    writeln!(out, "{line}")?;
                }
            }
            Err(err) => eprintln!("line {}: {err}", number + 1),
        }
    }
    out.flush()
}
