//! Rewrites absolute links as the shortest references relative to the page
//! they appear on, the inverse of resolution.
//!
//! ```sh
//! cargo run --example relativize -- http://example.com/docs/guide/intro.html \
//!     http://example.com/docs/guide/setup.html http://example.com/about https://other.example/
//! ```

use rfc3986::{relativize, resolve, UriRef};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (page, links): (&str, Vec<&str>) = match args.split_first() {
        Some((page, links)) => (page, links.iter().map(String::as_str).collect()),
        None => (
            "http://example.com/docs/guide/intro.html",
            vec![
                "http://example.com/docs/guide/setup.html",
                "http://example.com/docs/guide/intro.html#install",
                "http://example.com/docs/api/",
                "http://example.com/about",
                "https://example.com/docs/",
            ],
        ),
    };
    let page = UriRef::parse(page)?;
    for link in links {
        let target = UriRef::parse(link)?;
        let reference = relativize(page, target)?;
        // Resolving the reference against the page gives the link back.
        assert_eq!(resolve(page, reference.as_uri_ref())?, target);
        println!("{link} -> {reference}");
    }
    Ok(())
}
