#!/usr/bin/env bash
# The example adopter (examples/orders-service) end to end, as a team would use the gate:
#   1. the library is installed into the local Maven repository (mvn install), as a release would be fetched;
#   2. in a copy of the example, three runs of its PR suite become its baselines (refresh-baselines.sh);
#   3. an unchanged build passes;
#   4. the same build on kafka-clients 4.2.0, and with linger.ms 5 → 50 in its producer.properties,
#      gets verdicts (not MISMATCH) that name the change;
#   5. a realistic regression in the team's own serializer (a new ObjectMapper per record,
#      regressions/mapper-per-record.patch) is flagged and confirmed, and the build fails.
# Every run is the adopter's one command: mvn -B verify -Dperf.suite=pr. Prints each run's
# verdicts and how long it took. Exit 0 when all of the above hold, else 1 with the reason.
#
#   scripts/test-example.sh [extra -D options for every run]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v jq >/dev/null || { echo "test-example: jq is required (apt-get install jq)" >&2; exit 1; }

echo "test-example: installing the library (mvn install -DskipTests)"
mvn -B -q install -DskipTests

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-example-XXXXXX")
# Kept when a check fails, so its Maven logs can be read; removed when everything passed.
trap 'if [ "${passed:-}" = yes ]; then rm -rf "$work"; fi' EXIT
cp -R examples/orders-service "$work/app"
cd "$work/app"
summary=target/perf-results/summary.json
common=(-B verify -Dperf.suite=pr -Dperf.broker=process -Dperf.broker.warmup=10 -Dperf.profile=example "$@")

fail() { echo "test-example: FAILED: $*; the runs' logs are in $work" >&2; exit 1; }

# One run of the adopter's command; its verdict lines; returns Maven's exit code.
run() {
  local label=$1; shift
  rm -f "$summary"
  local start=$SECONDS rc=0
  mvn "${common[@]}" "$@" >"$work/$label.log" 2>&1 || rc=$?
  echo "test-example: $label: Maven exit $rc after $((SECONDS - start)) s"
  if [ ! -f "$summary" ]; then
    tail -n 40 "$work/$label.log" >&2
    fail "$label wrote no $summary"
  fi
  jq -r '.scenarios[] | "  \(.scenario): \(.outcome) \(.verdict // .message)"
    + (if (.changes // []) | length > 0 then " (judged with the change: \(.changes | join(", ")))" else "" end),
    (.metrics[]? | "    \(.line)"), (.confirmation.metrics[]? | "    re-run: \(.line)")' "$summary"
  jq -e '.complete == true' "$summary" >/dev/null || { tail -n 40 "$work/$label.log" >&2; fail "$label did not complete"; }
  return "$rc"
}

for i in 1 2 3; do
  # The first has no baseline to be judged against, which passes only when asked to.
  run "baseline-$i" -Dperf.allow.unjudged=true || fail "baseline run $i failed the build"
  "$root/scripts/refresh-baselines.sh" --results target/perf-results --baselines baselines --commit "baseline-$i" >/dev/null
done
echo "test-example: baselines recorded: $(find baselines/example -name '*.json' -printf '%P ')"

run unchanged || fail "an unchanged build failed the gate"

rc=0
run kafka-clients-4.2.0 -Dkafka-clients.version=4.2.0 || rc=$?
[ "$rc" -le 1 ] || fail "the kafka-clients 4.2.0 run failed with exit $rc"
jq -e '[.scenarios[] | select(.verdict == "MISMATCH")] | length == 0' "$summary" >/dev/null \
  || fail "a kafka-clients change must be judged, not MISMATCH"
jq -e '[.scenarios[] | .changes[]? | select(. == "kafkaClients: 4.3.1 → 4.2.0")] | length == 2' "$summary" >/dev/null \
  || fail "the verdicts must name the kafka-clients change"

cp src/main/resources/producer.properties "$work/producer.properties"
sed -i 's/^linger.ms=5$/linger.ms=50/' src/main/resources/producer.properties
rc=0
run linger-50 || rc=$?
[ "$rc" -le 1 ] || fail "the linger.ms change failed with exit $rc"
jq -e '[.scenarios[] | select(.verdict == "MISMATCH")] | length == 0' "$summary" >/dev/null \
  || fail "a producer.properties change must be judged, not MISMATCH"
jq -e '[.scenarios[] | .changes[]? | select(. == "producer.linger.ms: 5 → 50")] | length == 2' "$summary" >/dev/null \
  || fail "the verdicts must name the linger.ms change"
cp "$work/producer.properties" src/main/resources/producer.properties

# The unchanged app as a commit: the base of the paired run below, the patched tree its head.
printf 'target/\nbaselines/\n' > .gitignore
git init -q && git add -A && git -c user.name=test-example -c user.email=test-example@localhost commit -qm "orders-service as shipped"

patch -s -p1 < regressions/mapper-per-record.patch
if run mapper-per-record; then
  fail "a new ObjectMapper per record passed the gate"
fi
jq -e '.scenarios[] | select(.scenario == "orders-publish") | .outcome == "regression"' "$summary" >/dev/null \
  || fail "orders-publish must be a confirmed regression"

# The same regression in paired mode, as the PR workflow runs it: the patched tree against the
# shipped commit, both built and measured here, no stored baseline involved.
echo "test-example: paired: the serializer regression against the shipped commit (scripts/gate.sh --module --base HEAD)"
rm -f "$summary"
rc=0
start=$SECONDS
"$root/scripts/gate.sh" --module . --base HEAD -Dperf.suite=pr -Dperf.broker=process -Dperf.broker.warmup=10 -Dperf.profile=example \
  -Dperf.scenarios=orders-publish "$@" >"$work/paired-mapper.log" 2>&1 || rc=$?
echo "test-example: paired: exit $rc after $((SECONDS - start)) s"
grep -E '(verdict|confirmation): ' "$work/paired-mapper.log" | sed 's/^/  /' || true
[ "$rc" -eq 1 ] || { tail -n 40 "$work/paired-mapper.log" >&2; fail "the paired run must fail the serializer regression (exit 1), got exit $rc"; }
jq -e '.mode.name == "paired" and (.scenarios[] | select(.scenario == "orders-publish") | .outcome == "regression")' "$summary" >/dev/null \
  || fail "orders-publish must be a confirmed regression in paired mode"
git worktree list | grep -q kpg-paired && fail "the paired run left its worktree behind"
passed=yes
echo "test-example: PASS: baselines, unchanged pass, kafka-clients and linger.ms changes judged, serializer regression confirmed (stored and paired)"
