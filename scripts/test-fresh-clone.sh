#!/usr/bin/env bash
# Every script the docs name gets past its build on a fresh clone with an empty local Maven
# repository, as on a new machine: nothing of this repository installed, every dependency fetched.
# (A separate `mvn dependency:build-classpath` once failed there: it cannot see the reactor's
# kafka-perf-gate-broker jar, and only passed where ~/.m2 already held it.)
#
# Each script is called with an option the tools' command line refuses, so it stops right after
# the build with picocli's own message: seeing it proves the build and the classpath worked.
# Slow tier (scripts/test.sh --all): it downloads every dependency once, a few minutes.
#
#   scripts/test-fresh-clone.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-fresh-XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/clone"
# Maven 3.8 reads no MAVEN_ARGS; MAVEN_OPTS carries the empty repository to every mvn the scripts start.
export MAVEN_OPTS="${MAVEN_OPTS:-} -Dmaven.repo.local=$work/m2"
cd "$work/clone"

failed=0
# expect LABEL PATTERN COMMAND...: the command's output must match PATTERN (its exit code may be anything).
expect() {
  local label=$1 pattern=$2 start=$SECONDS
  shift 2
  "$@" >"$work/$label.log" 2>&1 || true
  if grep -qE "$pattern" "$work/$label.log"; then
    echo "test-fresh-clone: $label: past its build in $((SECONDS - start)) s"
  else
    tail -n 25 "$work/$label.log" >&2
    echo "test-fresh-clone: FAILED: $label did not get past its build (no '$pattern' in its output, above)" >&2
    failed=1
  fi
}

expect validate-scenarios 'scenarios in .* are valid' scripts/validate-scenarios.sh
expect measure-warmup "Unknown options?: '--no-such-option'" scripts/measure-warmup.sh --no-such-option x
expect bench-vs-kafka-tool "Unknown options?: '--no-such-option'" scripts/bench-vs-kafka-tool.sh --no-such-option x
expect refresh-baselines 'refresh-baselines: .*summary.json' scripts/refresh-baselines.sh --results "$work/no-results"
expect gate-power "Unknown options?: '--no-such-option'" scripts/gate-power.sh --no-such-option x
expect gate-power-paired "Unknown options?: '--no-such-option'" scripts/gate-power.sh --paired --no-such-option x
[ "$failed" = 0 ] || exit 1
echo "test-fresh-clone: every documented tool script got past its build with an empty local repository"
