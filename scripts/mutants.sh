#!/usr/bin/env bash
# Mutation testing of the parser modules (parse.rs, host.rs, chars.rs) with
# cargo-mutants (`cargo install cargo-mutants`), one job at a time. The tests
# per mutant are the fast part of the suite: the unit tests, parse.rs, traits.rs,
# adversarial.rs (less its 1 MiB shapes), the corpus replay, and the
# properties at 64 cases each. Results go to /tmp/rfc3986-mutants/; a second
# run with --iterate re-tests only the mutants that were missed.
#
#   scripts/mutants.sh [--iterate]
set -euo pipefail
cd "$(dirname "$0")/.."
PROPTEST_CASES=64 cargo mutants --jobs 1 "$@" \
    -f rfc3986/src/parse.rs -f rfc3986/src/host.rs -f rfc3986/src/chars.rs \
    --output /tmp/rfc3986-mutants --timeout 60 \
    -- --lib --test parse --test traits --test adversarial --test fuzz_replay --test properties \
    -- --skip one_mebibyte --skip generator_covers
