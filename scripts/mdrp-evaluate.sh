#!/usr/bin/env bash
# Runs the official MDRP evaluator (compute_performance_summary.py from grubhub/mdrplib) on a
# solution and prints its solution_performance.txt; for an infeasible solution it prints
# feasibility_check.txt instead and exits 1.
#
#   MDRP_EVALUATOR=<path to compute_performance_summary.py> \
#     scripts/mdrp-evaluate.sh <instance_dir> <solution_dir> [out_dir]
#
# instance_dir holds orders.txt, couriers.txt, restaurants.txt and instance_parameters.txt;
# solution_dir the three solution_info_*.txt files (lib/engine/server/mdrp/solution.ts writes them).
# out_dir receives feasibility_check.txt and solution_performance.txt; without it they go to a
# temporary directory removed on exit. The evaluator needs pandas: MDRP_PYTHON names the Python
# that has it (/usr/bin/python3 by default).
set -euo pipefail

usage() {
  echo "usage: MDRP_EVALUATOR=<compute_performance_summary.py> $0 <instance_dir> <solution_dir> [out_dir]" >&2
  exit 2
}

[[ $# -eq 2 || $# -eq 3 ]] || usage
instance_dir=$1
solution_dir=$2
python=${MDRP_PYTHON:-/usr/bin/python3}

if [[ -z ${MDRP_EVALUATOR:-} ]]; then
  echo "MDRP_EVALUATOR is not set: point it at compute_performance_summary.py (from the grubhub/mdrplib repository)." >&2
  exit 2
fi
if [[ ! -f $MDRP_EVALUATOR ]]; then
  echo "MDRP_EVALUATOR=$MDRP_EVALUATOR is not a file." >&2
  exit 2
fi
if [[ ! -x $python ]] && ! command -v "$python" >/dev/null 2>&1; then
  echo "No Python at $python: set MDRP_PYTHON to a python3 with pandas." >&2
  exit 2
fi
if ! "$python" -c 'import pandas, numpy' >/dev/null 2>&1; then
  echo "$python cannot import pandas (and numpy), which the evaluator needs: install them for it (e.g. apt-get install python3-pandas) or set MDRP_PYTHON to a python3 that has them." >&2
  exit 2
fi
for file in orders.txt couriers.txt restaurants.txt instance_parameters.txt; do
  [[ -f $instance_dir/$file ]] || { echo "$instance_dir has no $file: not an MDRP instance directory." >&2; exit 2; }
done
for file in solution_info_assignments.txt solution_info_orders.txt solution_info_couriers.txt; do
  [[ -f $solution_dir/$file ]] || { echo "$solution_dir has no $file: not a solution directory." >&2; exit 2; }
done

if [[ $# -eq 3 ]]; then
  out_dir=$3
  mkdir -p "$out_dir"
else
  out_dir=$(mktemp -d)
  trap 'rm -rf "$out_dir"' EXIT
fi
# The evaluator splits each argument on '=': a path holding one would be misread.
for dir in "$instance_dir" "$solution_dir" "$out_dir"; do
  [[ $dir != *=* ]] || { echo "The evaluator cannot take a path with '=' in it: $dir" >&2; exit 2; }
done
# It writes solution_performance.txt only for a feasible solution: never print an earlier run's.
rm -f "$out_dir/feasibility_check.txt" "$out_dir/solution_performance.txt"

log=$out_dir/evaluator.log
if ! "$python" "$MDRP_EVALUATOR" "instance_dir=$instance_dir" "input_dir=$solution_dir" "output_dir=$out_dir" >"$log" 2>&1; then
  echo "The evaluator failed (it stops on ids it does not know, orders assigned but missing from solution_info_orders.txt, empty bundles…):" >&2
  tail -n 20 "$log" >&2
  exit 1
fi

if [[ -f $out_dir/solution_performance.txt ]]; then
  cat "$out_dir/solution_performance.txt"
else
  echo "INFEASIBLE according to the evaluator:" >&2
  cat "$out_dir/feasibility_check.txt" >&2
  exit 1
fi
