#!/usr/bin/env bash
# How long a pull request waits, by what it changes (issue 72): a benchmark, not a test.
#
#   scripts/bench-pr-kinds.sh [--runs N] [--suite] [kind ...]
#
# Kinds, each a change to the example adopter (examples/orders-service) judged by scripts/gate.sh
# against the shipped commit, scenario orders-publish (with --suite: the example's whole PR suite,
# orders-publish and orders-end-to-end, both naming the same serializer):
#   unreachable     a new class in src/main that nothing the clients run reaches (a REST controller)
#   component-pass  the serializer's error message reworded: its code changes, its cost and output do not
#   component-fail  regressions/copy-per-record.patch: one more copy per record, output unchanged
#   settings        producer.properties linger.ms 5 -> 50: the whole client
# Each run prints one tab-separated line: kind, run, exit code, seconds (builds included), each
# scenario's outcome, and whether its whole client was measured (comma-separated, in the suite's order). Needs the library installed
# (mvn -B -q install -DskipTests) and jq.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=1
scenarios=(-Dperf.scenarios=orders-publish)
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --suite) scenarios=(); shift ;;
    *) break ;;
  esac
done
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(unreachable component-pass component-fail settings)
command -v jq >/dev/null || { echo "bench-pr-kinds: jq is required" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-bench-XXXXXX")
cp -R "$root/examples/orders-service" "$work/app"
cd "$work/app"
printf 'target/\nbaselines/\n' > .gitignore
git init -q && git add -A && git -c user.name=bench -c user.email=bench@localhost commit -qm "orders-service as shipped"

change() {
  case $1 in
    unreachable)
      cat > src/main/java/com/example/orders/OrderController.java <<'JAVA'
package com.example.orders;

/** What the service's REST endpoint answers: code the Kafka clients never run. */
public final class OrderController {
    public String status(String id) {
        return "{\"id\":\"" + id + "\",\"status\":\"accepted\"}";
    }
}
JAVA
      ;;
    component-pass) sed -i 's/cannot be written as JSON/cannot be serialized as JSON/' src/main/java/com/example/orders/OrderSerializer.java ;;
    component-fail) patch -s -p1 < regressions/copy-per-record.patch ;;
    settings) sed -i 's/^linger.ms=5$/linger.ms=50/' src/main/resources/producer.properties ;;
    *) echo "bench-pr-kinds: no kind $1" >&2; exit 2 ;;
  esac
}

printf 'kind\trun\texit\tseconds\toutcome\twholeClient\n'
for kind in "${kinds[@]}"; do
  for run in $(seq 1 "$runs"); do
    git checkout -q -- . && git clean -qfd src
    change "$kind"
    rm -rf target/perf-results
    start=$SECONDS rc=0
    "$root/scripts/gate.sh" --module . --base HEAD -Dperf.suite=pr -Dperf.broker=process -Dperf.broker.warmup=10 \
      -Dperf.profile=example ${scenarios[@]+"${scenarios[@]}"} >"$work/$kind-$run.log" 2>&1 || rc=$?
    seconds=$((SECONDS - start))
    summary=target/perf-results/summary.json
    outcome=$(jq -r '[.scenarios[].outcome] | join(",")' "$summary" 2>/dev/null || echo none)
    whole=$(jq -r '[.scenarios[] | if .outcome == "unchanged" then "no (unchanged)" elif .paired.wholeClient then "no" else "yes" end] | join(",")' \
      "$summary" 2>/dev/null || echo "?")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$run" "$rc" "$seconds" "$outcome" "$whole"
  done
done
echo "bench-pr-kinds: logs in $work" >&2
