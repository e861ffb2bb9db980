#!/usr/bin/env bash
# Merges a completed gate run into baselines/<profile>/<machine class>/: appends the run to each scenario's
# history window and drops the oldest runs beyond the window. Glue only: the run's figures,
# fingerprint and ruler were measured and written by the Java gate; this script copies them.
#
#   scripts/refresh-baselines.sh [options]
#     --results DIR     the run's results (summary.json and one JSON per scenario);
#                       default perf-tests/target/perf-results
#     --baselines DIR   default baselines
#     --profile NAME    refuse the run unless it was measured for this profile
#     --window K        runs kept per scenario (default: the file's own window, else 10 as in Defaults.BASELINE_WINDOW)
#     --only A,B        merge only these scenarios (each must be in the run)
#     --accept A,B      accept an intended change: these scenarios' histories restart from this
#                       run, even when their definition or environment changed (merges only them)
#     --overwrite-corrupt  replace baseline files that cannot be read (otherwise refused)
#     --commit SHA      the measured commit, when summary.json does not say (default: git HEAD)
#
# Refuses (exit 1, nothing written) a run that is incomplete, has errors, carries an injected
# regression, belongs to another profile, or misses a scenario it names; a scenario whose
# definition or environment differs from its baseline's (unless --accept names it); and a
# corrupt baseline file (unless --overwrite-corrupt). Never deletes a scenario's baseline because
# it did not run. Every file is written atomically (temp file, then rename), after all checks.
# Written for jq 1.6 (Debian) and 1.7 (GitHub runners): only builtins both have; tested here on 1.6.
set -euo pipefail

results=perf-tests/target/perf-results
baselines=baselines
profile=""
window=""
only=""
accept=""
overwrite_corrupt=false
commit=""

die() { echo "refresh-baselines: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --results) results=${2:?--results needs a directory}; shift 2 ;;
    --baselines) baselines=${2:?--baselines needs a directory}; shift 2 ;;
    --profile) profile=${2:?--profile needs a name}; shift 2 ;;
    --window) window=${2:?--window needs a number}; shift 2 ;;
    --only) only=${2:?--only needs scenario names}; shift 2 ;;
    --accept) accept=${2:?--accept needs scenario names}; shift 2 ;;
    --overwrite-corrupt) overwrite_corrupt=true; shift ;;
    --commit) commit=${2:?--commit needs a sha}; shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
command -v jq >/dev/null || die "jq is required"
if [ -n "$window" ] && ! [[ "$window" =~ ^[1-9][0-9]*$ ]]; then die "--window must be a whole number of at least 1, got '$window'"; fi
if [ -n "$only" ] && [ -n "$accept" ]; then die "--only and --accept do not combine: --accept merges only the scenarios it names"; fi

summary="$results/summary.json"
[ -f "$summary" ] || die "$summary: not found (run the gate first)"
jq -e 'type == "object"' "$summary" >/dev/null 2>&1 || die "$summary: not valid JSON"

# The run as a whole: complete, clean, real.
run_problem=$(jq -r '
  if .schemaVersion != 1 then "schemaVersion: unknown version \(.schemaVersion | tojson); this script reads 1"
  elif .finished != true then "finished: false: the run did not reach its end"
  elif .complete != true then "complete: false: scenarios did not run: " + ([.scenarios[] | select(.outcome == "failed" or .outcome == "error") | "\(.scenario) (\(.outcome)): \(.message)"] | join("; "))
  elif .injection != null then "injection: the run carries an injected regression (\(.injection.description)); it can never become a baseline"
  elif (.profile | type) != "string" or (.profile | test("^[a-z0-9][a-z0-9._-]{0,79}$") | not) or (.profile | contains(".."))
    then "profile: \(.profile | tojson | .[0:80]) is not a profile name (lower-case letters, digits, ., _ and -)"
  elif (.scenarios | type) != "array" then "scenarios: missing"
  elif ([.scenarios[] | .scenario | type == "string" and test("^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$") and (contains("..") | not)] | all | not)
    then "scenarios: a scenario name is not one the gate writes (letters, digits, ., _ and -, no ..): "
      + ([.scenarios[] | .scenario | select(type != "string" or (test("^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$") | not) or contains("..")) | tojson | .[0:80]] | join(", "))
  elif ([.scenarios[] | .resultFile | type == "string" and test("^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\\.json$") and (contains("..") | not)] | all | not)
    then "scenarios: a resultFile is not a bare file name in the results folder: "
      + ([.scenarios[] | .resultFile | select(type != "string" or (test("^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\\.json$") | not) or contains("..")) | tojson | .[0:80]] | join(", "))
  elif (.machineClass | type) != "string" or (.machineClass | test("^[a-z0-9][a-z0-9-]{0,79}$") | not) then "machineClass: missing or not a class name (written by a gate from before machine classes?)"
  elif (.fingerprint | type) != "object" then "fingerprint: missing"
  elif (.ruler | type) != "object" then "ruler: missing"
  else empty end' "$summary")
[ -z "$run_problem" ] || die "$summary: refused: $run_problem"

run_profile=$(jq -r '.profile' "$summary")
[ -z "$profile" ] || [ "$profile" = "$run_profile" ] || die "$summary: refused: the run is of profile '$run_profile', not '$profile'"
[ -n "$commit" ] || commit=$(jq -r '.commit // empty' "$summary")
[ -n "$commit" ] || commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)

mapfile -t ran < <(jq -r '.scenarios[].scenario' "$summary")
selected=()
if [ -n "$only$accept" ]; then
  IFS=, read -r -a selected <<<"${only:-$accept}"
  for name in "${selected[@]}"; do
    printf '%s\n' "${ran[@]}" | grep -qxF -- "$name" || die "$summary: refused: scenario '$name' is not in this run (it ran: ${ran[*]})"
  done
else
  selected=("${ran[@]}")
fi
[ ${#selected[@]} -gt 0 ] || die "$summary: the run holds no scenarios"

accepting() { [ -n "$accept" ] && printf '%s\n' "${selected[@]}" | grep -qxF -- "$1"; }

# One history per machine class (MachineClass.java names them; checked above against its alphabet).
target_dir="$baselines/$run_profile/$(jq -r '.machineClass' "$summary")"
mkdir -p "$target_dir"
# Names are checked above; this also catches a symlinked profile or class folder pointing elsewhere.
baselines_real=$(realpath -e "$baselines") || die "$baselines: cannot be resolved"
case "$(realpath -e "$target_dir")/" in
  "$baselines_real"/*) ;;
  *) die "$target_dir: resolves outside $baselines ($(realpath -e "$target_dir")); refused" ;;
esac
staged=()
reports=()
cleanup() { for file in "${staged[@]}"; do rm -f "$file"; done; }
trap cleanup EXIT

# Pass 1: check everything and stage each new file next to its target; nothing is replaced yet.
for name in "${selected[@]}"; do
  result_file=$(jq -r --arg name "$name" '.scenarios[] | select(.scenario == $name) | .resultFile' "$summary")
  result="$results/$result_file"
  [ -f "$result" ] || die "$result: not found: summary.json lists it for '$name'"
  result_problem=$(jq -r '
    def positive: type == "number" and . > 0;
    if (.definitionSha256 | type) != "string" then "definitionSha256: missing"
    elif (.definition | type) != "object" then "definition: missing"
    elif (.gate.throughput.value | positive | not) then "gate.throughput.value: must be a positive number"
    elif ([.gate.throughput.trials[]? | positive] as $t | ($t | length) == 0 or ($t | all | not)) then "gate.throughput.trials: must be positive numbers"
    else empty end' "$result" 2>&1) || result_problem="not valid JSON"
  [ -z "$result_problem" ] || die "$result: refused: $result_problem"

  target="$target_dir/$name.json"
  # Read through --slurpfile, not --argjson: a window of histograms outgrows one argument's 128 KiB.
  existing=/dev/null
  if [ -L "$target" ] || { [ -e "$target" ] && [ ! -f "$target" ]; }; then
    die "$target: exists but is not a regular file (a symbolic link, a directory?); refused"
  fi
  if [ -f "$target" ]; then
    # As strict as BaselineReader on what this script computes with: every run's figures are
    # positive numbers (a string there crashed the report after other files were replaced).
    if jq -e 'def figure: . == null or (type == "object" and (.value | type) == "number" and .value > 0);
        .schemaVersion == 1 and (.history | type) == "array"
        and (.history | all(type == "object" and (.throughput | type) == "object" and (.throughput | figure)
             and (.p99Us | figure) and (.cpuNsPerRecord | figure) and (.allocBytesPerRecord | figure)))' "$target" >/dev/null 2>&1; then
      existing=$target
    elif $overwrite_corrupt; then
      echo "refresh-baselines: $target: cannot be read as a version-1 baseline; replacing it (--overwrite-corrupt)"
    else
      die "$target: cannot be read as a version-1 baseline (truncated, hand-edited, a figure that is not a positive number, or another schema); fix it, or pass --overwrite-corrupt to replace it"
    fi
  fi

  if ! accepting "$name" && [ "$existing" != /dev/null ]; then
    differs=$(jq -rn --slurpfile old_file "$existing" --slurpfile result "$result" --slurpfile summary "$summary" '
      $old_file[0] as $old
      | [ (if $old.definitionSha256 != $result[0].definitionSha256 then "the scenario definition" else empty end),
        (if $old.fingerprint != $summary[0].fingerprint then
           "the environment (" + ([$old.fingerprint | keys_unsorted[] as $k
             | select($old.fingerprint[$k] != $summary[0].fingerprint[$k])
             | "\($k): \($old.fingerprint[$k]) → \($summary[0].fingerprint[$k])"] | join(", ")) + ")"
         else empty end) ] | join(" and ")')
    [ -z "$differs" ] || die "$target: refused: $differs differs from the baseline's; if that change is intended, accept it with --accept $name"
  fi

  staged_file=$(mktemp "$target_dir/.$name.json.XXXXXX")
  chmod 644 "$staged_file"   # mktemp makes it 0600; a baseline is a file for everyone who clones
  staged+=("$staged_file")
  jq -rn --slurpfile old_file "$existing" --slurpfile result "$result" --slurpfile summary "$summary" \
      --arg commit "$commit" --arg window "$window" --argjson accept "$(accepting "$name" && echo true || echo false)" '
    $result[0] as $r | $summary[0] as $s | $old_file[0] as $old
    | ({commit: $commit, date: $s.startedAt, runId: $s.runId, ruler: $s.ruler} + $r.gate) as $entry
    | (if $window != "" then ($window | tonumber) elif $old != null and ($old.window | type) == "number" then $old.window else 10 end) as $k
    | (if $old == null or $accept then [] else $old.history end) + [$entry]
    | .[(if length > $k then length - $k else 0 end):] as $history
    | {schemaVersion: 1, profile: $s.profile, scenario: $r.scenario, workload: $r.workload, window: $k,
       definitionSha256: $r.definitionSha256, definition: $r.definition, fingerprint: $s.fingerprint}
    # Diff-friendly: one field per line, one run per line, keys in a fixed order.
    | ("{", (to_entries[] | "  \(.key | tojson): \(.value | tojson),"), "  \"history\": [",
       (range(0; $history | length) as $i | "    \($history[$i] | tojson)\(if $i < ($history | length) - 1 then "," else "" end)"),
       "  ]", "}")' >"$staged_file"
  jq -e '.history | length > 0' "$staged_file" >/dev/null || die "internal: staged $staged_file is not valid JSON"
  # The report is built now, before any file is replaced: a failure here leaves every baseline as it was.
  report=$(jq -rn --slurpfile old_file "$existing" --slurpfile new "$staged_file" --arg name "$name" '
    ($old_file[0].history // []) as $old
    | def median: sort | if length == 0 then null elif length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;
    def show: if . == null then "none" else (. * 10 | round / 10 | tostring) end;
    def change($key): "\($key) \([$old[] | .[$key].value // empty] | median | show) → \([$new[0].history[] | .[$key].value // empty] | median | show)";
    "\($name): \($old | length) → \($new[0].history | length) runs; median \(change("throughput")) records/s"
      + (if $new[0].history[0].p99Us != null then ", \(change("p99Us")) µs" else "" end)') \
    || die "$target: the change report could not be built; nothing was replaced"
  reports+=("$report")
done

# Pass 2: every check passed and every report is written; replace the files, then say what changed.
for i in "${!selected[@]}"; do
  mv -f "${staged[$i]}" "$target_dir/${selected[$i]}.json"
done
printf '%s\n' "${reports[@]}"
staged=()
echo "refresh-baselines: merged ${#selected[@]} scenario(s) into $target_dir"
