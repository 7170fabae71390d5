//! Builds a URI from plain-text components: each is percent-encoded with
//! its own character set, and the result parses back to the same parts.
//!
//! ```sh
//! cargo run --example build
//! ```

use std::net::Ipv6Addr;

use rfc3986::UriRefBuf;

fn main() -> Result<(), rfc3986::BuildError> {
    let uri = UriRefBuf::builder()
        .scheme("HTTPS")
        .userinfo("user@example")
        .host("bücher.example")
        .port("8443")
        .segments(&["", "AC/DC", "Motörhead"])
        .query("q=rock & roll#1")
        .fragment("top")
        .build()?;
    println!("{uri}");
    // Each component decodes back to what was given.
    println!(
        "userinfo  {}",
        uri.userinfo_decoded().unwrap().to_utf8().unwrap()
    );
    println!(
        "host      {}",
        uri.host_decoded().unwrap().to_utf8().unwrap()
    );
    for segment in uri.segments() {
        println!("segment   {segment}");
    }

    let mut local = UriRefBuf::builder()
        .scheme("http")
        .host_ip(Ipv6Addr::LOCALHOST)
        .port_number(8080)
        .build()?;
    local.set_path("/health")?;
    println!("{local}");
    Ok(())
}
