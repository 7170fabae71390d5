#!/usr/bin/env bash
# Linear time, measured in instructions (callgrind counts are stable where
# wall time is not): for each adversarial shape, every parsing operation on
# inputs of 10 KB, 100 KB and 1 MB; then each workload of the operations
# that produce references (resolve, relativize, normalize, build, set,
# encode, decode; rfc3986/tests/common/workloads.rs) at the same sizes.
# Passes when every 1 MB case costs at most 1.2 x 100 times its 10 KB case.
#
#   scripts/linear-time.sh [FILTER]   # needs valgrind; FILTER: a grep
#                                     # pattern that picks the shapes
set -euo pipefail
cd "$(dirname "$0")/linear-time"
cargo build --release --quiet
bin=target/release/linear-time

# Instructions executed inside `measured`, children included.
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        --toggle-collect='*linear_time*measured*' "$bin" "$1" "$2" >/dev/null 2>&1
    grep -m1 '^summary:\|^totals:' "$out" | awk '{print $2}'
    rm -f "$out"
}

status=0
printf '%-52s %14s %14s %14s %8s\n' shape "I(10 KB)" "I(100 KB)" "I(1 MB)" "1MB/10KB"
while IFS= read -r shape; do
    small=$(count "$shape" 10000)
    medium=$(count "$shape" 100000)
    large=$(count "$shape" 1000000)
    if [ -z "$small" ] || [ "$small" = 0 ] || [ -z "$large" ]; then
        printf '%-52s no count: the run failed (try: %s "%s" 10000)\n' "$shape" "$bin" "$shape"
        status=1
        continue
    fi
    ratio=$(awk -v a="$large" -v b="$small" 'BEGIN { printf "%.1f", a / b }')
    verdict=ok
    if awk -v r="$ratio" 'BEGIN { exit !(r > 120) }'; then
        verdict="TOO SLOW (limit 120)"
        status=1
    fi
    printf '%-52s %14s %14s %14s %8s %s\n' "$shape" "$small" "$medium" "$large" "$ratio" "$verdict"
done < <("$bin" list | grep -e "${1:-.}")
exit $status
