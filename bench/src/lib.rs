//! Shared pieces of the benchmarks: the corpora (real URL lists and a
//! generated one), the byte-class floor, and one adapter per library and
//! workload so that every library runs the same inputs in the same run.
//!
//! The corpora come from `RFC3986_BENCH_DATA`: a directory (every `*.txt`
//! in it) or a file, or several separated by `:`. Without it, the datasets
//! in `../shared/data/urls` beside the repository are used when present.
//! The generated corpus is always there, so the benches run without any
//! file. Files are read where they are; nothing is copied into the
//! repository.

pub mod corpus;
pub mod floor;
pub mod peers;

pub use corpus::{corpora, Corpus};
pub mod workloads;
