#!/usr/bin/env bash
# Times CP-SAT (docs/sizes_cpsat.py, one worker, solve and prove unique) and the workspace's
# general MRV engine (examples/variant_count of sudoku-mrv, counting to 2) on the same sets,
# in alternating rounds, for docs/sizes.md. Prints, per set and round, both whole-run times
# and their ratio. Not part of CI: needs `pip install ortools`.
#
# Usage: docs/sizes_compare.sh [ROUNDS] [FILE...]   (default: 3 rounds, benchdata's sets of
# other sizes and variants)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(benchdata/size4.txt benchdata/size6.txt benchdata/size8.txt benchdata/size12.txt
         benchdata/size16.txt benchdata/size25.txt benchdata/x.jsonl benchdata/windoku.jsonl
         benchdata/jigsaw.jsonl)
fi
cargo build --quiet --release -p sudoku-mrv --example variant_count
mrv=target/release/examples/variant_count
for round in $(seq 1 "$rounds"); do
  for file in "${files[@]}"; do
    # CP-SAT's total of solve + uniqueness over the set, in seconds.
    cpsat=$(python3 docs/sizes_cpsat.py "$file" 2>/dev/null \
      | sed -n 's/.*solve + uniqueness:.*total \([0-9.]*\) s/\1/p')
    # One warm-up pass (checked), then 3 timed passes of counting to 2; ms per pass.
    ours=$("$mrv" "$file" 4 | sed -n 's/.* \([0-9.]*\) ms per pass/\1/p')
    ratio=$(python3 -c "print(f'{$cpsat * 1000 / $ours:.1f}')")
    echo "round $round $file cpsat_s $cpsat mrv_ms $ours ratio $ratio"
  done
done
