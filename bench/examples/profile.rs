//! Runs one workload of one library over every corpus, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/profile validate rfc3986 1`
//! counts instructions, which stay the same on a noisy shared machine.
//! Arguments: `validate|components|floor`, a library name, repetitions.

use std::hint::black_box;

use bench::peers::libraries;
use bench::{corpora, floor};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let workload = args.first().map_or("validate", String::as_str);
    let name = args.get(1).map_or("rfc3986", String::as_str);
    let reps: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    let corpora = corpora();
    let lib = libraries()
        .into_iter()
        .find(|l| l.name == name)
        .expect("library name");
    let mut n = 0usize;
    let lines: usize = corpora.iter().map(|c| c.lines.len()).sum();
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let start = std::time::Instant::now();
        for c in &corpora {
            for &line in &c.lines {
                n += match workload {
                    "validate" => usize::from((lib.validate)(black_box(line))),
                    "components" => (lib.components)(black_box(line)).unwrap_or(0),
                    "floor" => usize::from(floor::scan(black_box(line).as_bytes())),
                    _ => panic!("unknown workload {workload}"),
                };
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    // The fastest repetition: the least disturbed by other work.
    eprintln!(
        "{name} {workload}: {:.1} ns/line",
        best * 1e9 / lines as f64
    );
    println!("{n}");
}
