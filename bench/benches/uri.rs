//! Every library on every corpus, one criterion group per workload, byte
//! throughput. `bench/run.sh` runs this and writes BENCHMARKS.md.
//!
//! Timing knobs (seconds, and samples), for a quick or a careful run:
//! `RFC3986_BENCH_WARM_UP`, `RFC3986_BENCH_MEASURE`, `RFC3986_BENCH_SAMPLES`.

use std::hint::black_box;
use std::time::Duration;

use bench::peers::{libraries, Parts};
use bench::workloads::Workload;
use bench::{corpora, floor, Corpus};
use criterion::{BenchmarkId, Criterion, Throughput};

fn env_or(name: &str, default: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs_f64(env_or(
            "RFC3986_BENCH_WARM_UP",
            1.0,
        )))
        .measurement_time(Duration::from_secs_f64(env_or(
            "RFC3986_BENCH_MEASURE",
            3.0,
        )))
        .sample_size(env_or("RFC3986_BENCH_SAMPLES", 30.0) as usize)
        .without_plots()
        .configure_from_args()
}

/// Runs `f` on every line and folds the results, so nothing is optimized out.
fn each<T>(
    lines: &[&'static str],
    f: impl Fn(&'static str) -> T,
    ok: impl Fn(&T) -> bool,
) -> usize {
    let mut n = 0;
    for &line in lines {
        let out = f(black_box(line));
        n += usize::from(ok(&out));
        black_box(out);
    }
    n
}

fn run(c: &mut Criterion, workload: Workload, corpora: &[Corpus]) {
    let mut group = c.benchmark_group(workload.group());
    for corpus in corpora {
        let input = workload.inputs(corpus);
        if input.lines.is_empty() {
            continue;
        }
        group.throughput(Throughput::Bytes(input.bytes() as u64));
        let lines = &input.lines[..];
        let name = &corpus.name;
        if workload == Workload::Floor {
            group.bench_function(BenchmarkId::new("floor", name), |b| {
                b.iter(|| each(lines, |l| floor::scan(l.as_bytes()), |ok| *ok))
            });
            continue;
        }
        let parts: Vec<Parts<'static>> = if workload == Workload::Build {
            lines.iter().filter_map(|l| Parts::of(l)).collect()
        } else {
            Vec::new()
        };
        for lib in libraries() {
            let id = BenchmarkId::new(lib.name, name);
            match workload {
                Workload::Validate => {
                    let f = lib.validate;
                    group.bench_function(id, |b| b.iter(|| each(lines, f, |ok| *ok)));
                }
                Workload::Components => {
                    let f = lib.components;
                    group.bench_function(id, |b| b.iter(|| each(lines, f, Option::is_some)));
                }
                Workload::Resolve => {
                    if let Some(f) = lib.resolve.get() {
                        group.bench_function(id, |b| b.iter(|| each(lines, f, Option::is_some)));
                    }
                }
                Workload::Normalize => {
                    if let Some(f) = lib.normalize.get() {
                        group.bench_function(id, |b| b.iter(|| each(lines, f, Option::is_some)));
                    }
                }
                Workload::ResolveBase => {
                    if let Some(f) = lib.resolve_base.get() {
                        group.bench_function(id, |b| b.iter(|| each(lines, f, Option::is_some)));
                    }
                }
                Workload::Build => {
                    if let Some(f) = lib.build.get() {
                        group.bench_function(id, |b| {
                            b.iter(|| {
                                let mut n = 0;
                                for p in &parts {
                                    let out = f(black_box(p));
                                    n += usize::from(out.is_some());
                                    black_box(out);
                                }
                                n
                            })
                        });
                    }
                }
                Workload::Floor => unreachable!(),
            }
        }
    }
    group.finish();
}

fn main() {
    let corpora = corpora();
    let mut c = config();
    for workload in Workload::ALL {
        run(&mut c, workload, &corpora);
    }
    c.final_summary();
}
