#!/usr/bin/env bash
# Checks that a file is a summary.json the gate wrote (schema version 1) before a workflow step
# or the comment action uses it: the shape of every field a step reads, with one line per problem
# naming the field. The decision was made once, by the gate in Java (the decision block); this
# script checks its shape and passes it on, never recomputes it. Prints step outputs for
# $GITHUB_OUTPUT:
#   outcome=PASS|REGRESSION|ACCEPTED|INCOMPLETE|NOT_JUDGED   the gate's decision
#   exit-code=0|1|2        as scripts/gate.sh exits
#   status=pass|fail|accepted|incomplete|not-judged    the decision's status, as the gate wrote it
#   complete=true|false    every selected scenario ran and the suite reached its end
#   regressions=N          confirmed regressions
#   not-run=N              scenarios that failed or errored
#   headline=...           the decision's one line
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
# JSON has no NaN or Infinity, but jq 1.6 and 1.7 both read them (and print null or 1.797e308);
# the gate writes null for a figure that does not exist, and the action's JSON.parse refuses them.
nan_paths=$(jq -r '[paths(type == "number" and (isnan or isinfinite)) | map(tostring) | join(".")] | .[0:5] | join(", ")' "$file")
[ -z "$nan_paths" ] || die "not valid JSON: NaN or Infinity at $nan_paths"

# Only builtins that jq 1.6 and 1.7 share (no pick, abs, toarray, ltrimstr on non-strings...).
# Shapes only: which outcome has which exit code and word is GateResult.Outcome's, written into the file.
problems=$(jq -r '
  def num_or_null: type == "number" or type == "null";
  def metric_problems($where):
    if type != "object" then "\($where): expected an object"
    else
      (if (.metric | type) != "string" then "\($where).metric: expected a string" else empty end),
      (if (.attention | type) != "boolean" then "\($where).attention: expected true or false (written by an older gate?)" else empty end),
      (if (.verdict | type) != "string" then "\($where).verdict: expected a string" else empty end),
      (["baseline", "current", "deltaPercent", "mdePercent"][] as $field
        | if (.[$field] | num_or_null) then empty else "\($where).\($field): expected a number or null" end)
    end;
  if type != "object" then "(root): expected an object"
  else
    (if (.decision | type) != "object" then "decision: expected an object (the gate'"'"'s decision; written by an older gate?)"
     elif (.decision.outcome | type) != "string" or .decision.outcome == "" then "decision.outcome: expected the gate'"'"'s outcome"
     elif (.decision.exitCode | type) != "number" or (.decision.exitCode | IN(0, 1, 2) | not) then
       "decision.exitCode: expected 0, 1 or 2, found \(.decision.exitCode | tojson | .[0:40])"
     elif (.decision.status | type) != "string" or (.decision.status | test("^[a-z-]{1,20}$") | not) then
       "decision.status: expected a lower-case word (written by an older gate?)"
     elif (.decision.judged | type) != "boolean" then "decision.judged: expected true or false"
     elif (.decision.headline | type) != "string" or .decision.headline == "" then "decision.headline: expected a line of text"
     else empty end),
    (if (.regressions | type) != "number" then "regressions: expected a count" else empty end),
    (if (.notRun | type) != "number" then "notRun: expected a count (written by an older gate?)" else empty end),
    (if (.reproduce | type) != "string" then "reproduce: expected the command line (written by an older gate?)" else empty end),
    (if .schemaVersion != 1 then "schemaVersion: expected 1, found \(.schemaVersion | tojson)" else empty end),
    (if (.complete | type) != "boolean" then "complete: expected true or false" else empty end),
    (if (.counts | type) != "object" then "counts: expected an object" else empty end),
    (if (.scenarios | type) != "array" then "scenarios: expected an array"
     else
       .scenarios | to_entries[] | .key as $i | .value
       | if type != "object" then "scenarios[\($i)]: expected an object"
         else
           (if (.scenario | type) != "string" or .scenario == "" then "scenarios[\($i)].scenario: expected a scenario name" else empty end),
           (["notRun", "notConfirmed"][] as $field
            | if (.[$field] | type) == "boolean" then empty else "scenarios[\($i)].\($field): expected true or false (written by an older gate?)" end),
           (if (.outcome | IN("passed", "regression", "no-baseline", "failed", "error", "unchanged")) then empty
            else "scenarios[\($i)].outcome: expected passed, regression, no-baseline, failed, error or unchanged, found \(.outcome | tojson | .[0:40])" end),
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
  "outcome=\(.decision.outcome)", "exit-code=\(.decision.exitCode)",
  "status=\(.decision.status)",
  "complete=\(.complete)",
  "regressions=\(.regressions)",
  "not-run=\(.notRun)",
  "headline=\(.decision.headline | gsub("[\r\n]"; " "))"' "$file"
