//! Work per byte over growing inputs, 100 B to 10 MB, for parse, resolve
//! and normalize: one reference whose path and query grow. Flat time per
//! byte means the operation is linear.
//!
//! - parse: a URI with an authority, a path of short segments with escapes,
//!   and a query of `key=value` pairs;
//! - resolve: a relative reference of the same kind of segments, with `.`
//!   and `..` among them, against the base of section 5.4, so that merge
//!   and remove_dot_segments run over the whole input;
//! - normalize: a URI with everything to change (case of scheme and host,
//!   the default port, lower-case and unreserved escapes, dot segments), so
//!   that the normal form is written out.

use std::hint::black_box;
use std::time::Duration;

use bench::floor;
use criterion::{BenchmarkId, Criterion, Throughput};

/// Sizes in bytes, each ten times the last.
pub const SIZES: [usize; 6] = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// `head`, then `pieces` in turn to half of `size`, then `?q=` and `pairs`
/// in turn to `size`, cut back to exactly `size` bytes, never inside an
/// escape (a `%` in the last two bytes is replaced, with what follows it,
/// by `a`s). The text is ASCII.
fn text_of_size(size: usize, head: &str, pieces: &[&str], pairs: &[&str]) -> String {
    let mut s = String::with_capacity(size + 32);
    s.push_str(head);
    let mut i = 0;
    while s.len() < size / 2 {
        s.push_str(pieces[i % pieces.len()]);
        i += 1;
    }
    s.push_str("?q=");
    while s.len() < size {
        s.push_str(pairs[i % pairs.len()]);
        i += 1;
    }
    s.truncate(size);
    if let Some(at) = s[size - 2..].find('%') {
        s.truncate(size - 2 + at);
        while s.len() < size {
            s.push('a');
        }
    }
    assert_eq!(s.len(), size);
    assert!(rfc3986::UriRef::parse(&s).is_ok(), "{size}");
    s
}

/// A valid URI of exactly `size` bytes, to parse.
fn uri_of_size(size: usize) -> String {
    text_of_size(
        size,
        "https://user@www.example.com:8080",
        &["/segment", "/caf%C3%A9", "/a-b_c~d", "/x.y;p=1"],
        &["&key=value", "&utm=news%20letter", "&p=/a?b", "&z=1"],
    )
}

/// A relative reference of exactly `size` bytes with dot segments, to
/// resolve against [`bench::peers::BASE`].
fn reference_of_size(size: usize) -> String {
    text_of_size(
        size,
        "g",
        &[
            "/segment",
            "/./x",
            "/caf%C3%A9/..",
            "/a-b_c~d",
            "/y/z/../..",
        ],
        &["&key=value", "&utm=news%20letter", "&z=1"],
    )
}

/// A URI of exactly `size` bytes that normalization changes throughout.
fn unnormal_of_size(size: usize) -> String {
    text_of_size(
        size,
        "HTTPS://User@WWW.Example.COM:443",
        &["/Segment", "/%7euser", "/./a", "/b/../c", "/caf%c3%a9"],
        &["&key=%7evalue", "&utm=news%2fletter", "&z=1"],
    )
}

fn group<'c>(
    c: &'c mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'c, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    group
}

fn sizes(c: &mut Criterion) {
    let mut parse = group(c, "sizes");
    for size in SIZES {
        let uri = uri_of_size(size);
        let text = uri.as_str();
        parse.throughput(Throughput::Bytes(size as u64));
        let label = size.to_string();
        parse.bench_function(BenchmarkId::new("rfc3986", &label), |b| {
            b.iter(|| rfc3986::UriRef::parse(black_box(text)).is_ok())
        });
        parse.bench_function(BenchmarkId::new("fluent-uri", &label), |b| {
            b.iter(|| fluent_uri::UriRef::parse(black_box(text)).is_ok())
        });
        parse.bench_function(BenchmarkId::new("floor", &label), |b| {
            b.iter(|| floor::scan(black_box(text).as_bytes()))
        });
    }
    parse.finish();

    let base = rfc3986::UriRef::parse(bench::peers::BASE).unwrap();
    let resolver = rfc3986::Resolver::new(base).unwrap();
    let fluent_base = fluent_uri::Uri::parse(bench::peers::BASE).unwrap();
    let mut resolve = group(c, "sizes-resolve");
    for size in SIZES {
        let reference = reference_of_size(size);
        let text = reference.as_str();
        resolve.throughput(Throughput::Bytes(size as u64));
        let label = size.to_string();
        resolve.bench_function(BenchmarkId::new("rfc3986", &label), |b| {
            b.iter(|| {
                let r = rfc3986::UriRef::parse(black_box(text)).unwrap();
                resolver.resolve(r).unwrap()
            })
        });
        resolve.bench_function(BenchmarkId::new("fluent-uri", &label), |b| {
            b.iter(|| {
                let r = fluent_uri::UriRef::parse(black_box(text)).unwrap();
                r.resolve_against(&fluent_base).unwrap()
            })
        });
    }
    resolve.finish();

    let mut normalize = group(c, "sizes-normalize");
    for size in SIZES {
        let uri = unnormal_of_size(size);
        let text = uri.as_str();
        normalize.throughput(Throughput::Bytes(size as u64));
        let label = size.to_string();
        normalize.bench_function(BenchmarkId::new("rfc3986", &label), |b| {
            b.iter(|| {
                let n = rfc3986::UriRef::parse(black_box(text)).unwrap().normalize();
                assert!(!n.is_unchanged());
                n.into_owned()
            })
        });
        normalize.bench_function(BenchmarkId::new("fluent-uri", &label), |b| {
            b.iter(|| {
                fluent_uri::UriRef::parse(black_box(text))
                    .unwrap()
                    .normalize()
            })
        });
    }
    normalize.finish();
}

fn main() {
    let mut c = Criterion::default().without_plots().configure_from_args();
    sizes(&mut c);
    c.final_summary();
}
