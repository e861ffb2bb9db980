#!/usr/bin/env bash
# The example adopter (examples/orders-service) end to end, as a team would use the gate:
#   1. the library is installed into the local Maven repository (mvn install), as a release would be fetched;
#   2. in a copy of the example, three runs of its PR suite become its baselines (refresh-baselines.sh);
#   3. an unchanged build passes;
#   4. the same build on kafka-clients 4.2.0, and with linger.ms 5 → 50 in its producer.properties,
#      gets verdicts (not MISMATCH) that name the change;
#   5. a realistic regression in the team's own serializer (a new ObjectMapper per record,
#      regressions/mapper-per-record.patch) is flagged and confirmed, and the build fails;
#   6. the same in paired mode, as the PR workflow runs it (scripts/gate.sh --module . --base HEAD,
#      the shipped app as a commit, each change in the working tree): an unchanged tree passes,
#      linger.ms 5 -> 50 is caught (confirmed p99 regression), kafka-clients 4.2.0 is judged with
#      its measured effect printed whichever way it goes, and the serializer regression is caught,
#      also by the team's own mvn verify -Dperf.base.ref=HEAD;
#   7. a subtle regression (regressions/copy-per-record.patch: the serializer copies each record
#      once more) fails paired mode, with the component stage naming the serializer and leaving the
#      unchanged interceptor and RecordSource unmeasured, although the same head adds its own
#      dev.kafkaperfgate.PerfGate that would report a pass (it never runs);
#   8. a CPU-only regression (regressions/check-per-record.patch: the serializer checks every byte
#      of its JSON for a control character; the same bytes, the same allocation) fails paired mode
#      alone, with the serializer's CPU ns/op named and confirmed;
#   9. a static buffer of 256 MiB in the serializer (regressions/kept-per-jvm.patch), which a duel's
#      JVM keeps for both copies, has its whole client measured (slow tier).
# Every run is the adopter's one command: mvn -B verify -Dperf.suite=pr. Prints each run's
# verdicts and how long it took. Exit 0 when all of the above hold, else 1 with the reason.
#
# The fast tier (the default) is steps 1, 7 and 8: two paired end-to-end gate runs that must fail
# on the component's verdicts. scripts/test.sh runs it when no Docker engine answers; with one,
# the same regression runs through the adopter's workflows under act (scripts/test-workflows.sh).
# --all runs every step (the slow tier).
# KPG_LIBRARY_INSTALLED=1 skips step 1 (scripts/test.sh has just installed the library).
#
#   scripts/test-example.sh [--all] [extra -D options for every run]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tier=fast
if [ "${1:-}" = --all ]; then tier=all; shift; fi
command -v jq >/dev/null || { echo "test-example: jq is required (apt-get install jq)" >&2; exit 1; }

if [ "${KPG_LIBRARY_INSTALLED:-}" = 1 ]; then
  echo "test-example: the library was installed by the caller"
else
  echo "test-example: installing the library (mvn install -DskipTests)"
  mvn -B -q install -DskipTests
fi

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

if [ "$tier" = all ]; then
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
  jq -e '[.scenarios[] | .changes[]? | select(. == "kafkaClients: 4.4.0 → 4.2.0")] | length == 2' "$summary" >/dev/null \
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
fi

# The unchanged app as a commit: the base of the paired run below, the patched tree its head.
printf 'target/\nbaselines/\n' > .gitignore
git init -q && git add -A && git -c user.name=test-example -c user.email=test-example@localhost commit -qm "orders-service as shipped"

if [ "$tier" = all ]; then
  patch -s -p1 < regressions/mapper-per-record.patch
  if run mapper-per-record; then
    fail "a new ObjectMapper per record passed the gate"
  fi
  jq -e '.scenarios[] | select(.scenario == "orders-publish") | .outcome == "regression"' "$summary" >/dev/null \
    || fail "orders-publish must be a confirmed regression"
  git checkout -q -- .
fi

# Paired mode, as the PR workflow runs it: the working tree (the head) against the shipped commit
# (the base), both built and measured here, no stored baseline involved. Each call names its run.
paired() {
  local label=$1; shift
  rm -f "$summary"
  local start=$SECONDS rc=0
  "$root/scripts/gate.sh" --module . --base HEAD -Dperf.suite=pr -Dperf.broker=process -Dperf.broker.warmup=10 \
    -Dperf.profile=example -Dperf.scenarios=orders-publish "$@" >"$work/paired-$label.log" 2>&1 || rc=$?
  echo "test-example: paired $label: exit $rc after $((SECONDS - start)) s"
  grep -E '(verdict|confirmation)(: judged with the change)?: ' "$work/paired-$label.log" | sed 's/^/  /' || true
  [ -f "$summary" ] || { tail -n 40 "$work/paired-$label.log" >&2; fail "paired $label wrote no $summary"; }
  jq -e '.mode.name == "paired"' "$summary" >/dev/null || { tail -n 20 "$work/paired-$label.log" >&2; fail "paired $label was not judged in paired mode"; }
  git worktree list | grep -q kpg-paired && fail "paired $label left its worktree behind"
  return "$rc"
}
publish_outcome() { jq -r '.scenarios[] | select(.scenario == "orders-publish") | .outcome' "$summary"; }

echo "test-example: paired mode (scripts/gate.sh --module . --base HEAD): the shipped commit is the base"
if [ "$tier" = all ]; then
  paired unchanged || fail "paired: an unchanged tree failed against its own commit (exit $?)"

  sed -i 's/^linger.ms=5$/linger.ms=50/' src/main/resources/producer.properties
  rc=0
  paired linger-50 || rc=$?
  [ "$rc" -eq 1 ] || fail "paired: linger.ms 5 -> 50 must fail the gate (exit 1), got exit $rc"
  [ "$(publish_outcome)" = regression ] || fail "paired: linger.ms 5 -> 50 must be a confirmed regression of orders-publish"
  jq -e '[.scenarios[] | .changes[]? | select(. == "producer.linger.ms: 5 → 50")] | length == 1' "$summary" >/dev/null \
    || fail "paired: the verdict must name the linger.ms change"
  git checkout -q -- src/main/resources/producer.properties

  sed -i 's|<kafka-clients.version>4.4.0</kafka-clients.version>|<kafka-clients.version>4.2.0</kafka-clients.version>|' pom.xml
  grep -q '<kafka-clients.version>4.2.0<' pom.xml || fail "could not set kafka-clients 4.2.0 in the example's pom.xml"
  rc=0
  paired kafka-clients-4.2.0 || rc=$?
  [ "$rc" -le 1 ] || fail "paired: the kafka-clients 4.2.0 run failed with exit $rc"
  jq -e '[.scenarios[] | .changes[]? | select(. == "kafkaClients: 4.4.0 → 4.2.0")] | length == 1' "$summary" >/dev/null \
    || fail "paired: the verdict must name the kafka-clients change"
  jq -r '.scenarios[] | .metrics[]? | "  measured effect of kafka-clients 4.4.0 → 4.2.0: \(.line)"' "$summary"
  git checkout -q -- pom.xml
fi

if [ "$tier" = all ]; then
  patch -s -p1 < regressions/mapper-per-record.patch
  rc=0
  paired mapper-per-record || rc=$?
  [ "$rc" -eq 1 ] || fail "paired: the serializer regression must fail the gate (exit 1), got exit $rc"
  [ "$(publish_outcome)" = regression ] || fail "paired: orders-publish must be a confirmed regression"

  # The same change judged by the team's own build: PerfGateSuite with -Dperf.base.ref builds the
  # base itself (for a developer's machine; CI runs gate.sh from trusted code).
  rc=0
  run suite-base-ref -Dperf.base.ref=HEAD -Dperf.scenarios=orders-publish || rc=$?
  [ "$rc" -ne 0 ] || fail "mvn verify -Dperf.base.ref=HEAD: the serializer regression must fail the build"
  jq -e '.mode.name == "paired"' "$summary" >/dev/null || fail "-Dperf.base.ref must run paired mode"
  [ "$(publish_outcome)" = regression ] || fail "-Dperf.base.ref: orders-publish must be a confirmed regression"
  git checkout -q -- .
fi

if [ "$tier" = all ]; then
  # A change only the whole client can price: a static buffer of 256 MiB kept per JVM. The duels run both copies in one
  # JVM, which keeps it for both; the serializer's set-up code changed, so the whole client is measured (issue 81).
  patch -s -p1 < regressions/kept-per-jvm.patch
  rc=0
  paired kept-per-jvm -Dperf.paired.blocks=2 -Dperf.paired.trial=2s -Dperf.paired.warmup=5 -Dperf.paired.settle=2 || rc=$?
  [ "$rc" -le 1 ] || fail "paired: a static buffer kept per JVM must be judged, got exit $rc"
  grep -q "orders-publish: whole client measured: value.serializer com.example.orders.OrderSerializer's set-up code changed" \
    "$work/paired-kept-per-jvm.log" || fail "paired: a serializer whose static initialiser changed must have its whole client measured"
  git checkout -q -- .
fi

# The subtle regression a whole client cannot see: one more copy of each record in the team's
# serializer (+~300 B on a client that allocates ~38 KB per record). The component stage measures
# the serializer alone and must name it; only that verdict is asserted, not the noisy whole-client ones.
patch -s -p1 < regressions/copy-per-record.patch
# The same head also carries its own dev.kafkaperfgate.PerfGate, which writes a passing summary.json
# and leaves a marker: the gate runs from its own build, so the head's copy must never run.
mkdir -p src/test/java/dev/kafkaperfgate
cp regressions/shadow-gate/PerfGate.java src/test/java/dev/kafkaperfgate/
rc=0
# Only the component verdict is asserted: 2 whole-client blocks of 2 s trials instead of 8 of 3 s,
# after a 5 s first warm-up instead of 15 s and at most 2 settle trials a side instead of 6, keep
# the fast tier short.
paired copy-per-record -Dperf.paired.blocks=2 -Dperf.paired.trial=2s -Dperf.paired.warmup=5 -Dperf.paired.settle=2 || rc=$?
[ ! -e shadow-gate-ran ] || fail "paired: the head's own dev.kafkaperfgate.PerfGate ran instead of the gate"
[ "$rc" -eq 1 ] || fail "paired: one more copy per record in the serializer must fail the gate (exit 1), got exit $rc"
jq -e '[.scenarios[] | select(.scenario == "orders-publish") | .confirmation.metrics[]?
    | select(.component == "value.serializer com.example.orders.OrderSerializer" and .metric == "bytesPerOp"
             and .verdict == "REGRESSION")] | length == 1' "$summary" >/dev/null \
  || fail "paired: the component verdict must name value.serializer com.example.orders.OrderSerializer, bytesPerOp, confirmed"
# Only the serializer changed. The interceptor and the RecordSource beside it reach no class the
# change touched, so they are not measured (an A/A of them could only measure noise), and say so.
jq -e '[.scenarios[] | select(.scenario == "orders-publish") | .paired.componentNotes[]?
    | select(test("^(interceptor.classes com.example.orders.AuditInterceptor|record.source com.example.orders.perf.OrderRecords): not measured: "))]
    | length == 2' "$summary" >/dev/null \
  || fail "paired: the unchanged interceptor and RecordSource must be named as not measured: $(jq -c '[.scenarios[].paired.componentNotes]' "$summary")"
jq -e '[.scenarios[] | .metrics[]?, .confirmation.metrics[]? | select((.component // "") | startswith("interceptor.classes"))] | length == 0' \
  "$summary" >/dev/null || fail "paired: the unchanged interceptor must not be judged"
git checkout -q -- . && rm -rf src/test/java/dev

# A regression only CPU time shows: the serializer scans its JSON once more per record. Its bytes
# and its allocation are the same, so only the component's CPU ns/op, measured in duels, can catch it.
patch -s -p1 < regressions/check-per-record.patch
rc=0
paired check-per-record -Dperf.paired.blocks=2 -Dperf.paired.trial=2s -Dperf.paired.warmup=5 -Dperf.paired.settle=2 || rc=$?
[ "$rc" -eq 1 ] || fail "paired: a CPU-only check of every byte in the serializer must fail the gate (exit 1), got exit $rc"
jq -e '[.scenarios[] | select(.scenario == "orders-publish") | .confirmation.metrics[]?
    | select(.component == "value.serializer com.example.orders.OrderSerializer" and .metric == "cpuNsPerOp"
             and .verdict == "REGRESSION")] | length == 1' "$summary" >/dev/null \
  || fail "paired: the component verdict must name value.serializer com.example.orders.OrderSerializer, cpuNsPerOp, confirmed"
jq -e '[.scenarios[] | .metrics[]?, .confirmation.metrics[]? | select(.component == "value.serializer com.example.orders.OrderSerializer"
    and .metric == "bytesPerOp" and .verdict == "REGRESSION")] | length == 0' "$summary" >/dev/null \
  || fail "paired: the CPU-only change allocates nothing more, yet its bytesPerOp was judged a regression"
git checkout -q -- .
passed=yes
if [ "$tier" = all ]; then
  echo "test-example: PASS: stored and paired: an unchanged build passes, kafka-clients and linger.ms changes judged (paired: linger.ms caught), serializer regression confirmed"
else
  echo "test-example: PASS (fast tier): paired, one more copy per record (B/op) and a CPU-only check per record (CPU ns/op) in the serializer each failed the gate, the component named and confirmed; scripts/test-example.sh --all runs the rest"
fi
