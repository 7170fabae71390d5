//! Resolves the "normal examples" of RFC 3986 section 5.4.1 against their
//! base, or the given references against the given base.
//!
//! ```sh
//! cargo run --example resolve
//! cargo run --example resolve -- http://example.com/docs/ guide/ ../about '#top'
//! ```

use rfc3986::{resolve, UriRef};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, references): (&str, Vec<&str>) = match args.split_first() {
        Some((base, refs)) => (base, refs.iter().map(String::as_str).collect()),
        None => (
            "http://a/b/c/d;p?q",
            vec![
                "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x",
                "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
            ],
        ),
    };
    let base = UriRef::parse(base)?;
    for reference in references {
        let target = resolve(base, UriRef::parse(reference)?)?;
        println!("{:<12} -> {target}", format!("{reference:?}"));
    }
    Ok(())
}
