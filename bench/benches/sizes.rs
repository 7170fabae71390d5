//! Work per byte over growing inputs, 100 B to 10 MB: one URI whose path and
//! query grow. Flat time per byte means the parser is linear. Resolve and
//! normalize join when their APIs land (issue 4).

use std::hint::black_box;
use std::time::Duration;

use bench::floor;
use criterion::{BenchmarkId, Criterion, Throughput};

/// Sizes in bytes, each ten times the last.
pub const SIZES: [usize; 6] = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// A valid URI of exactly `size` bytes: a path of short segments with
/// escapes, then a query of `key=value` pairs.
fn uri_of_size(size: usize) -> String {
    let mut s = String::with_capacity(size);
    s.push_str("https://user@www.example.com:8080");
    let pieces = ["/segment", "/caf%C3%A9", "/a-b_c~d", "/x.y;p=1"];
    let mut i = 0;
    while s.len() < size / 2 {
        s.push_str(pieces[i % pieces.len()]);
        i += 1;
    }
    s.push_str("?q=");
    let pairs = ["&key=value", "&utm=news%20letter", "&p=/a?b", "&z=1"];
    while s.len() < size {
        s.push_str(pairs[i % pairs.len()]);
        i += 1;
    }
    // Cut back to the size, never inside an escape: the text is ASCII, and
    // a `%` in the last two bytes is replaced, with what follows it, by `a`s.
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

fn sizes(c: &mut Criterion) {
    let mut group = c.benchmark_group("sizes");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    for size in SIZES {
        let uri = uri_of_size(size);
        let text = uri.as_str();
        group.throughput(Throughput::Bytes(size as u64));
        let label = size.to_string();
        group.bench_function(BenchmarkId::new("rfc3986", &label), |b| {
            b.iter(|| rfc3986::UriRef::parse(black_box(text)).is_ok())
        });
        group.bench_function(BenchmarkId::new("fluent-uri", &label), |b| {
            b.iter(|| fluent_uri::UriRef::parse(black_box(text)).is_ok())
        });
        group.bench_function(BenchmarkId::new("floor", &label), |b| {
            b.iter(|| floor::scan(black_box(text).as_bytes()))
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().without_plots().configure_from_args();
    sizes(&mut c);
    c.final_summary();
}
