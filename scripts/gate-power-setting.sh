#!/usr/bin/env bash
# Measures whether the paired gate catches one changed client setting, the way a pull request
# makes it (a benchmark, not a test): a commit on top of HEAD whose only change is one key of one
# scenario's producer: or consumer: block, judged by `scripts/gate.sh --base HEAD` on that
# scenario, --runs times. Each run prints the gate's verdict lines, so the real effect of the
# setting is measured every time rather than assumed.
#
#   scripts/gate-power-setting.sh SCENARIO producer.KEY=VALUE|consumer.KEY=VALUE [--runs 2] [-D... for gate.sh]
#   scripts/gate-power-setting.sh producer-1k-acks1-unthrottled producer.batch.size=15360 --runs 2
#
# The commit is made in a detached git worktree under /tmp, removed on exit (cancel included);
# this checkout is not touched. Each run's whole output goes to
# perf-tests/target/gate-power-setting/run-N.log. About 7 minutes per run on a 2-core machine when
# the change is flagged (the gate measures it a second time on fresh JVMs), 4 when it is not.
# Exit: 0 when every run reached a verdict (pass or regression), 2 when a run could not judge.
# shellcheck disable=SC2317 # cleanup is called from the trap
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

usage="usage: scripts/gate-power-setting.sh SCENARIO producer.KEY=VALUE|consumer.KEY=VALUE [--runs N] [-D...]"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
scenario=$1 setting=$2
shift 2
runs=2
gate_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) if [ $# -lt 2 ] || [[ ! "$2" =~ ^[1-9][0-9]*$ ]]; then
              echo "gate-power-setting: --runs takes a positive count" >&2; exit 2
            fi
            runs=$2; shift 2 ;;
    -D*) gate_args+=("$1"); shift ;;
    *) echo "gate-power-setting: unknown argument '$1'; $usage" >&2; exit 2 ;;
  esac
done
if [[ ! "$setting" =~ ^(producer|consumer)\.([A-Za-z0-9._-]+)=(.+)$ ]]; then
  echo "gate-power-setting: '$setting' is not producer.KEY=VALUE or consumer.KEY=VALUE (Kafka's config key, e.g. producer.batch.size=15360)" >&2
  exit 2
fi
block=${BASH_REMATCH[1]} key=${BASH_REMATCH[2]} value=${BASH_REMATCH[3]}
file=perf-tests/scenarios/$scenario.yaml
[ -f "$file" ] || { echo "gate-power-setting: no scenario file $file" >&2; exit 2; }
[[ "$value" =~ ^[A-Za-z0-9._-]+$ ]] || value="\"${value//\"/\\\"}\""

base=$(git rev-parse HEAD)
work=$(mktemp -d /tmp/kpg-setting-XXXXXX)
cleanup() {
  git worktree remove --force "$work/head" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
git worktree add --detach -q "$work/head" "$base"

# Replace the key inside the block, or add it at the block's end; a file without the block is refused.
if ! awk -v block="$block" -v key="$key" -v value="$value" '
    function add() { if (inblock && !done) { print "  " key ": " value; done = 1 } }
    /^[^ #]/ { add(); inblock = ($0 == block ":"); if (inblock) found = 1 }
    inblock && index($0, "  " key ":") == 1 { print "  " key ": " value; done = 1; next }
    { print }
    END { add(); if (!found) exit 3 }' "$file" > "$work/head/$file"; then
  echo "gate-power-setting: $file has no top-level '$block:' block to change" >&2
  exit 2
fi
if cmp -s "$file" "$work/head/$file"; then
  echo "gate-power-setting: $file already has $block.$key: $value; nothing to measure" >&2
  exit 2
fi
git -C "$work/head" -c user.name=gate-power-setting -c user.email=gate-power-setting@localhost \
  commit -q -am "gate-power-setting: $scenario $block.$key=$value"
echo "gate-power-setting: head = HEAD ($(git rev-parse --short "$base")) with $block.$key: $value in $file"

out=$root/perf-tests/target/gate-power-setting
mkdir -p "$out"
status=0
for run in $(seq 1 "$runs"); do
  echo "gate-power-setting: run $run of $runs"
  set +e
  (cd "$work/head" && scripts/gate.sh --base "$base" "-Dperf.scenarios=$scenario" "${gate_args[@]}") > "$out/run-$run.log" 2>&1
  code=$?
  set -e
  grep -E 'verdict: judged with|verdict: [A-Za-z]+ (REGRESSION|IMPROVEMENT|BETTER)|re-run: [A-Za-z]+ REGRESSION|^gate: (FAIL|PASS|ACCEPTED|INCOMPLETE|NOT JUDGED|wall time)' "$out/run-$run.log" || true
  echo "gate-power-setting: run $run: gate exit $code ($out/run-$run.log)"
  [ "$code" -le 1 ] || status=2
done
exit "$status"
