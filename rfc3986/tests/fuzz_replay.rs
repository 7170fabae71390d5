//! Replays the fuzz corpus and every minimized crash on stable, through the
//! same property functions the fuzz targets call (`fuzz/src/lib.rs`).
//!
//! `fuzz/corpus/TARGET/` holds the seeds and the inputs fuzzing found worth
//! keeping; `fuzz/artifacts/TARGET/` holds minimized crashes, each kept
//! after its fix so that it stays fixed. Every file is run through every
//! property, not only its own target's: an input is an input.

mod common;

use std::path::{Path, PathBuf};

use common::properties::{self, TARGETS};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The files of each subdirectory of `fuzz/NAME`, by subdirectory.
fn files(name: &str) -> Vec<(String, Vec<PathBuf>)> {
    let Ok(dirs) = std::fs::read_dir(fuzz_dir().join(name)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for dir in dirs {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|f| f.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        let target = dir.file_name().unwrap().to_string_lossy().into_owned();
        out.push((target, paths));
    }
    out.sort();
    out
}

/// Runs every property on every file; lists each file that fails.
fn replay(name: &str) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for (target, paths) in files(name) {
        assert!(
            TARGETS.iter().any(|(t, _)| *t == target),
            "fuzz/{name}/{target} is not a target of fuzz/src/lib.rs"
        );
        for path in paths {
            let data = std::fs::read(&path).unwrap();
            count += 1;
            if std::panic::catch_unwind(|| properties::all(&data)).is_err() {
                failures.push(path.display().to_string());
            }
        }
    }
    assert!(failures.is_empty(), "properties fail on {failures:#?}");
    count
}

#[test]
fn every_target_has_a_seed_corpus() {
    let corpus = files("corpus");
    for (target, _) in TARGETS {
        let seeds = corpus
            .iter()
            .find(|(t, _)| t == target)
            .map(|(_, p)| p.len());
        assert!(
            seeds.unwrap_or(0) > 0,
            "fuzz/corpus/{target}/ is missing or empty"
        );
    }
}

#[test]
fn corpus_replays_clean() {
    assert!(replay("corpus") > 0);
}

#[test]
fn minimized_crashes_stay_fixed() {
    replay("artifacts");
}
