#!/usr/bin/env bash
# Checks that a file is a summary.json the gate wrote (schema version 1) before a workflow step
# or the comment action uses it: the shape of every field a step reads, with one line per problem
# naming the field. Prints step outputs for $GITHUB_OUTPUT:
#   complete=true|false    every selected scenario ran and the suite reached its end
#   regressions=N          confirmed regressions
#   not-run=N              scenarios that failed or errored
#   verdict=pass|fail|incomplete   as scripts/gate.sh's exit 0, 1, 2: fail is a confirmed
#                          regression or (with baselines required) a scenario without one
#
#   scripts/ci/check-summary.sh SUMMARY_JSON >> "$GITHUB_OUTPUT"
# Exit 0 with outputs; 2 when the file is missing, too large, not JSON or not a summary.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 SUMMARY_JSON" >&2; exit 2; }
file=$1
max_bytes=5242880
die() { echo "check-summary: $file: $*" >&2; exit 2; }

[ -f "$file" ] || die "missing"
size=$(wc -c < "$file")
[ "$size" -le "$max_bytes" ] || die "$size bytes is larger than any summary the gate writes (limit $max_bytes)"
jq -e . "$file" >/dev/null 2>&1 || die "not valid JSON ($(jq . "$file" 2>&1 >/dev/null | head -n 1))"

# Only builtins that jq 1.6 and 1.7 share (no pick, abs, toarray, ltrimstr on non-strings...).
problems=$(jq -r '
  def num_or_null: type == "number" or type == "null";
  def metric_problems($where):
    if type != "object" then "\($where): expected an object"
    else
      (if (.metric | type) != "string" then "\($where).metric: expected a string" else empty end),
      (if (.verdict | type) != "string" then "\($where).verdict: expected a string" else empty end),
      (["baseline", "current", "deltaPercent", "mdePercent"][] as $field
        | if (.[$field] | num_or_null) then empty else "\($where).\($field): expected a number or null" end)
    end;
  if type != "object" then "(root): expected an object"
  else
    (if .schemaVersion != 1 then "schemaVersion: expected 1, found \(.schemaVersion | tojson)" else empty end),
    (if (.complete | type) != "boolean" then "complete: expected true or false" else empty end),
    (if (.counts | type) != "object" then "counts: expected an object" else empty end),
    (if (.scenarios | type) != "array" then "scenarios: expected an array"
     else
       .scenarios | to_entries[] | .key as $i | .value
       | if type != "object" then "scenarios[\($i)]: expected an object"
         else
           (if (.scenario | type) != "string" or .scenario == "" then "scenarios[\($i)].scenario: expected a scenario name" else empty end),
           (if (.outcome | IN("passed", "regression", "no-baseline", "failed", "error")) then empty
            else "scenarios[\($i)].outcome: expected passed, regression, no-baseline, failed or error, found \(.outcome | tojson | .[0:40])" end),
           (if .metrics == null then empty
            elif (.metrics | type) != "array" then "scenarios[\($i)].metrics: expected an array"
            else .metrics | to_entries[] | .key as $m | .value | metric_problems("scenarios[\($i)].metrics[\($m)]") end),
           (if .confirmation == null then empty
            elif (.confirmation.metrics | type) != "array" then "scenarios[\($i)].confirmation.metrics: expected an array"
            else .confirmation.metrics | to_entries[] | .key as $m | .value | metric_problems("scenarios[\($i)].confirmation.metrics[\($m)]") end)
         end
     end)
  end' "$file")
if [ -n "$problems" ]; then
  echo "check-summary: $file is not a gate summary (schema version 1):" >&2
  printf '%s\n' "$problems" | head -n 20 | sed 's/^/  field /' >&2
  exit 2
fi
jq -r '
  ([.scenarios[] | select(.outcome == "regression")] | length) as $regressions
  | ([.scenarios[] | select(.outcome == "no-baseline")] | length) as $no_baseline
  | ([.scenarios[] | select(.outcome == "failed" or .outcome == "error")] | length) as $not_run
  | "complete=\(.complete)", "regressions=\($regressions)", "not-run=\($not_run)",
    "verdict=\(if .complete != true or $not_run > 0 then "incomplete" elif $regressions + $no_baseline > 0 then "fail" else "pass" end)"' "$file"
