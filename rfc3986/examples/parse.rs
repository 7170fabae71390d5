//! Prints the components of each reference given as an argument.
//!
//! ```sh
//! cargo run --example parse -- 'foo://u@example.com:8042/over/there?name=ferret#nose' '../a b'
//! ```

use rfc3986::UriRef;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        args.push("foo://u@example.com:8042/over/there?name=ferret#nose".into());
    }
    let mut failed = false;
    for arg in &args {
        match UriRef::parse(arg) {
            Ok(uri) => {
                println!("{uri}");
                println!("  scheme    {:?}", uri.scheme());
                println!("  userinfo  {:?}", uri.userinfo());
                println!("  host      {:?} ({:?})", uri.host(), uri.host_kind());
                println!("  port      {:?}", uri.port());
                println!("  path      {:?}", uri.path());
                println!("  segments  {:?}", uri.segments().collect::<Vec<_>>());
                println!("  query     {:?}", uri.query());
                println!("  fragment  {:?}", uri.fragment());
            }
            Err(err) => {
                failed = true;
                eprintln!("{arg}\n{}^ {err}", " ".repeat(err.offset()));
            }
        }
    }
    std::process::exit(i32::from(failed));
}
