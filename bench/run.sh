#!/usr/bin/env bash
# Runs every benchmark and writes BENCHMARKS.md at the repository root.
# About 15 minutes on 2 cores. Data: RFC3986_BENCH_DATA (a directory of
# *.txt files, a file, or several joined by ':'), default ../shared/data/urls.
# Timing knobs: RFC3986_BENCH_WARM_UP, RFC3986_BENCH_MEASURE (seconds),
# RFC3986_BENCH_SAMPLES; extra arguments go to criterion (a filter, say).
set -euo pipefail
cd "$(dirname "$0")/.."

export RFC3986_BENCH_WARM_UP="${RFC3986_BENCH_WARM_UP:-0.5}"
export RFC3986_BENCH_MEASURE="${RFC3986_BENCH_MEASURE:-1.5}"
export RFC3986_BENCH_SAMPLES="${RFC3986_BENCH_SAMPLES:-20}"

cargo build --release -p uri-cli
cargo bench -p bench --bench uri -- "$@"
cargo bench -p bench --bench sizes -- "$@"
cargo run --release -q -p bench --example report > BENCHMARKS.md.new
mv BENCHMARKS.md.new BENCHMARKS.md
echo "wrote BENCHMARKS.md"
