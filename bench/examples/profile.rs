//! Runs one workload of one library over every corpus, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/profile validate rfc3986 1`
//! counts instructions, which stay the same on a noisy shared machine.
//! Arguments: a workload (`validate`, `components`, `resolve`,
//! `resolve-base`, `normalize`, `build`, `floor`), a library name,
//! repetitions. With 0 repetitions only the inputs are prepared: subtract
//! that count to get the workload's own.
//!
//! Each workload runs on the same inputs as in the benches
//! ([`Workload::inputs`]), and the instructions per unit are printed for
//! the one repetition callgrind counts.

use std::hint::black_box;

use bench::peers::{libraries, Parts};
use bench::workloads::Workload;
use bench::{corpora, floor};

fn missing<T>(name: &str, group: &str) -> T {
    panic!("{name} has no {group}")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let group = args.first().map_or("validate", String::as_str);
    let name = args.get(1).map_or("rfc3986", String::as_str);
    let reps: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    let workload = Workload::ALL
        .into_iter()
        .find(|w| w.group() == group)
        .unwrap_or_else(|| panic!("unknown workload {group}"));
    let lib = libraries()
        .into_iter()
        .find(|l| l.name == name)
        .expect("library name");
    let inputs: Vec<_> = corpora().iter().map(|c| workload.inputs(c)).collect();
    let lines: Vec<&'static str> = inputs.iter().flat_map(|c| c.lines.clone()).collect();
    let parts: Vec<Parts<'static>> = if workload == Workload::Build {
        lines.iter().filter_map(|l| Parts::of(l)).collect()
    } else {
        Vec::new()
    };
    let mut n = 0usize;
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let start = std::time::Instant::now();
        match workload {
            Workload::Build => {
                let f = lib.build.get().unwrap_or_else(|| missing(name, group));
                for p in &parts {
                    n += f(black_box(p)).map_or(0, |s| s.len());
                }
            }
            _ => {
                for &line in &lines {
                    let line = black_box(line);
                    n += match workload {
                        Workload::Validate => usize::from((lib.validate)(line)),
                        Workload::Components => (lib.components)(line).unwrap_or(0),
                        Workload::Resolve => {
                            let f = lib.resolve.get().unwrap_or_else(|| missing(name, group));
                            f(line).map_or(0, |s| s.len())
                        }
                        Workload::ResolveBase => {
                            let f = lib
                                .resolve_base
                                .get()
                                .unwrap_or_else(|| missing(name, group));
                            f(line).unwrap_or(0)
                        }
                        Workload::Normalize => {
                            let f = lib.normalize.get().unwrap_or_else(|| missing(name, group));
                            f(line).map_or(0, |s| s.len())
                        }
                        Workload::Floor => usize::from(floor::scan(line.as_bytes())),
                        Workload::Build => unreachable!(),
                    };
                }
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let units = lines.len() * workload.units_per_line();
    // The fastest repetition: the least disturbed by other work.
    eprintln!(
        "{name} {group}: {units} units, {:.1} ns/unit",
        best * 1e9 / units as f64
    );
    println!("{n}");
}
