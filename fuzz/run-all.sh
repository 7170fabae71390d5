#!/usr/bin/env bash
# Fuzzes every target in turn for SECONDS each (default 60) on the stable
# toolchain, then prints each target's executions and result.
#
#   fuzz/run-all.sh [SECONDS] [--merge] [TARGET ...]
#
# New inputs go to fuzz/work/TARGET (ignored by git), seeded from
# fuzz/corpus/TARGET. With --merge, the inputs that add coverage are then
# merged into fuzz/corpus/TARGET, to be committed and replayed by
# `cargo test`. Name targets to fuzz only those (`cargo fuzz list` lists
# them all). The build is optimized with debug assertions and overflow
# checks on, so the library's own checks (offsets re-parsed, capacities
# never exceeded) fail loudly too. A crash is minimized into
# fuzz/artifacts/TARGET/: keep it there (the replay test runs it) and fix
# the code. Needs cargo-fuzz (`cargo install cargo-fuzz`).
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
merge=
if [ "${1:-}" = "--merge" ]; then
    merge=--merge
    shift
fi
export RUSTC_BOOTSTRAP=1

cargo fuzz build -O -a || exit 2
status=0
summary=""
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi
for target in "${targets[@]}"; do
    mkdir -p "work/$target" "artifacts/$target"
    log="work/$target.log"
    if cargo fuzz run -O -a "$target" "work/$target" "corpus/$target" -- \
        -dict=uri.dict -max_total_time="$seconds" -max_len=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        result=ok
    else
        result="FAILED (see fuzz/$log and fuzz/artifacts/$target/)"
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    summary+=$(printf '%-24s %10s runs in %ss: %s' "$target" "${runs:-?}" "$seconds" "$result")$'\n'
    if [ -n "$merge" ] && [ "$result" = ok ]; then
        cargo fuzz run -O -a "$target" "corpus/$target" "work/$target" -- -set_cover_merge=1 \
            -dict=uri.dict -max_len=4096 >>"$log" 2>&1
    fi
done
printf '\n%s' "$summary"
exit $status
