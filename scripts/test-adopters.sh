#!/usr/bin/env bash
# The gate where teams are (issue 80), each case run as its team runs it: the adopter's repository
# with its shipped code as a commit (the base) and a change in the working tree (the head), judged by
# scripts/gate.sh --module . --base HEAD.
#
#   --matrix [VERSION...]  the example adopter (examples/orders-service) on each kafka-clients release
#                          (default: every minor release the gate supports, 3.7 to 4.4): the shipped
#                          code unchanged PASSes (exit 0), and one more copy per record in its serializer
#                          (regressions/copy-per-record.patch) FAILs (exit 1) on the serializer's B/op,
#                          confirmed, with its whole client measured in warm windows too
#                          (-Dperf.clients=always -Dperf.fail.fast=false), so that the catalog, a
#                          component duel and the windows all run on that release;
#   --spring               the Spring Boot 3.5 adopter (examples/readings-service: Boot's parent, Spring
#                          Kafka's JsonSerializer, Logback, spring.json.* keys in producer.properties):
#                          unchanged PASSes, one more copy per record FAILs, and turning type headers on
#                          (regressions/type-headers.patch) is judged with the change, its wire bytes per
#                          record grown;
#   --classpath            a team's resolved versions with and without the gate's <dependency>: the
#                          Spring Boot adopter, Boot 4.0's parent, and a plain team whose Jackson arrives
#                          only through another library (Avro), with the gate declared first; every
#                          artifact keeps its version, and the gate brings no logging binding and none of
#                          the libraries it relocates.
#
# With no option, all three (the slow tier: scripts/test.sh --all). The fast tier runs the two ends of
# the range in Java (PairedModeTest: the oldest; ComponentStageTest and the adopter's workflows: the
# newest). KPG_LIBRARY_INSTALLED=1 skips installing the library first. Prints each run's verdicts and
# time; exit 0 when all hold, else 1 naming the first that did not (its logs are kept).
#
#   scripts/test-adopters.sh [--matrix [VERSION...] | --spring | --classpath]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
case "${1:-}" in
  -h|--help) sed -n '2,/^set -euo/{/^set -euo/!p}' "$0"; exit 0 ;;
esac
command -v jq >/dev/null || { echo "test-adopters: jq is required (apt-get install jq)" >&2; exit 1; }

# The minor releases of the supported range, each its newest patch that Maven Central serves here.
all_versions=(3.7.2 3.8.1 3.9.1 4.0.2 4.1.2 4.2.2 4.3.2 4.4.0)
parts=()
versions=()
case "${1:-}" in
  "") parts=(classpath spring matrix); versions=("${all_versions[@]}") ;;
  --matrix) parts=(matrix); shift; versions=("$@"); [ ${#versions[@]} -gt 0 ] || versions=("${all_versions[@]}") ;;
  --spring) parts=(spring) ;;
  --classpath) parts=(classpath) ;;
  *) echo "test-adopters: unknown option $1 (known: --matrix, --spring, --classpath, --help)" >&2; exit 2 ;;
esac

if [ "${KPG_LIBRARY_INSTALLED:-}" = 1 ]; then
  echo "test-adopters: the library was installed by the caller"
else
  echo "test-adopters: installing the library (mvn install -Dmaven.test.skip)"
  mvn -B -q install -Dmaven.test.skip=true
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-adopters-XXXXXX")
trap 'if [ "${passed:-}" = yes ]; then rm -rf "$work"; fi' EXIT
fail() { echo "test-adopters: FAILED: $*; the runs' logs are in $work" >&2; exit 1; }

# A copy of an adopter, its shipped code committed as the base.
adopter() { # SOURCE NAME
  local dir="$work/$2"
  rm -rf "$dir"
  cp -R "$1" "$dir"
  printf 'target/\nbaselines/\n' >"$dir/.gitignore"
  git -C "$dir" init -q
  git -C "$dir" add -A
  git -C "$dir" -c user.name=test-adopters -c user.email=test-adopters@localhost commit -qm "as shipped"
  echo "$dir"
}

# One paired run in DIR, as the PR workflow runs it; prints its verdict lines; returns the gate's exit code.
paired() { # DIR LABEL [-D...]
  local dir=$1 label=$2
  shift 2
  local summary="$dir/target/perf-results/summary.json" start=$SECONDS rc=0
  rm -f "$summary"
  (cd "$dir" && "$root/scripts/gate.sh" --module . --base HEAD -Dperf.suite=pr -Dperf.broker=process -Dperf.broker.warmup=10 \
    -Dperf.profile=adopters "$@") >"$work/$label.log" 2>&1 || rc=$?
  echo "test-adopters: $label: exit $rc after $((SECONDS - start)) s"
  grep -E '(verdict|confirmation)(: judged with the change)?: ' "$work/$label.log" | sed 's/^/  /' || true
  if [ ! -f "$summary" ]; then
    tail -n 30 "$work/$label.log" >&2
    fail "$label wrote no summary.json"
  fi
  jq -r '"  decision: \(.decision.outcome // .decision) (\(.decision.headline // ""))"' "$summary" 2>/dev/null || true
  cp "$summary" "$work/$label.summary.json"
  return "$rc"
}

# The serializer's B/op regression, confirmed, named after COMPONENT.
confirmed_copy() { # SUMMARY SCENARIO COMPONENT
  jq -e --arg scenario "$2" --arg component "$3" '[.scenarios[] | select(.scenario == $scenario) | .confirmation.metrics[]?
      | select(.component == $component and .metric == "bytesPerOp" and .verdict == "REGRESSION")] | length == 1' "$1" >/dev/null
}

run_matrix() {
  local version dir rc
  for version in "${versions[@]}"; do
    echo "test-adopters: the example adopter on kafka-clients $version"
    dir=$(adopter examples/orders-service "orders-$version")
    sed -i "s|<kafka-clients.version>[^<]*</kafka-clients.version>|<kafka-clients.version>$version</kafka-clients.version>|" "$dir/pom.xml"
    grep -q "<kafka-clients.version>$version<" "$dir/pom.xml" || fail "could not set kafka-clients $version in the example's pom.xml"
    git -C "$dir" -c user.name=test-adopters -c user.email=test-adopters@localhost commit -q --allow-empty -am "kafka-clients $version"

    rc=0
    paired "$dir" "orders-$version-unchanged" -Dperf.scenarios=orders-publish || rc=$?
    [ "$rc" -eq 0 ] || fail "kafka-clients $version: the unchanged example must pass (exit 0), got exit $rc"
    jq -e --arg v "$version" '.mode.kafkaClients.base == $v and .mode.kafkaClients.head == $v' \
      "$work/orders-$version-unchanged.summary.json" >/dev/null \
      || fail "kafka-clients $version: the workers did not run it: $(jq -c '.mode.kafkaClients' "$work/orders-$version-unchanged.summary.json")"

    (cd "$dir" && patch -s -p1 <regressions/copy-per-record.patch)
    rc=0
    # -Dperf.clients=always: a serializer's change with the same output is judged by its components alone, and the whole
    # client must run on this release too; -Dperf.fail.fast=false: a confirmed component regression would spare it.
    paired "$dir" "orders-$version-copy-per-record" -Dperf.scenarios=orders-publish -Dperf.clients=always -Dperf.fail.fast=false -Dperf.paired.blocks=2 \
      -Dperf.paired.trial=2s -Dperf.paired.warmup=5 -Dperf.paired.settle=2 || rc=$?
    [ "$rc" -eq 1 ] || fail "kafka-clients $version: one more copy per record must fail the gate (exit 1), got exit $rc"
    confirmed_copy "$work/orders-$version-copy-per-record.summary.json" orders-publish "value.serializer com.example.orders.OrderSerializer" \
      || fail "kafka-clients $version: the serializer's bytesPerOp must be a confirmed regression"
    jq -e '[.scenarios[] | select(.scenario == "orders-publish") | .paired.trials.order // "" | length] | .[0] > 0' \
      "$work/orders-$version-copy-per-record.summary.json" >/dev/null \
      || fail "kafka-clients $version: the whole client was not measured in warm windows"
    (cd "$dir" && git checkout -q -- .)
  done
}

run_spring() {
  local dir rc summary
  echo "test-adopters: the Spring Boot adopter (examples/readings-service)"
  dir=$(adopter examples/readings-service readings)
  rc=0
  paired "$dir" readings-unchanged || rc=$?
  [ "$rc" -eq 0 ] || fail "the unchanged Spring Boot service must pass (exit 0), got exit $rc"
  # Boot's dependency management chose the client: 3.9.1 under spring-boot-starter-parent 3.5.7.
  jq -e '.mode.kafkaClients.head | startswith("3.9.")' "$work/readings-unchanged.summary.json" >/dev/null \
    || fail "the workers did not run Boot's kafka-clients: $(jq -c '.mode.kafkaClients' "$work/readings-unchanged.summary.json")"
  grep -q "Class path contains multiple SLF4J providers" "$work/readings-unchanged.log" \
    && fail "the service's workers saw two SLF4J providers (the gate brought a binding beside Logback)"

  (cd "$dir" && patch -s -p1 <regressions/copy-per-record.patch)
  rc=0
  paired "$dir" readings-copy-per-record -Dperf.paired.blocks=2 -Dperf.paired.trial=2s -Dperf.paired.warmup=5 -Dperf.paired.settle=2 || rc=$?
  [ "$rc" -eq 1 ] || fail "one more copy per record in the Spring Boot service must fail the gate (exit 1), got exit $rc"
  confirmed_copy "$work/readings-copy-per-record.summary.json" readings-publish "value.serializer com.example.readings.ReadingSerializer" \
    || fail "the Spring Boot service's serializer's bytesPerOp must be a confirmed regression"
  (cd "$dir" && git checkout -q -- .)

  # Type headers on: Spring Kafka adds a __TypeId__ header to every record. The whole client is measured
  # (-Dperf.fail.fast=false: a confirmed component verdict would otherwise spare it), to show the bytes on the wire.
  (cd "$dir" && patch -s -p1 <regressions/type-headers.patch)
  rc=0
  paired "$dir" readings-type-headers -Dperf.fail.fast=false || rc=$?
  [ "$rc" -le 1 ] || fail "the type-headers change must be judged (exit 0 or 1), got exit $rc"
  summary="$work/readings-type-headers.summary.json"
  jq -e '[.scenarios[] | .changes[]? | select(. == "producer.spring.json.add.type.headers: false → true")] | length == 1' "$summary" >/dev/null \
    || fail "the verdict must name the spring.json.add.type.headers change: $(jq -c '[.scenarios[].changes]' "$summary")"
  jq -e '[.scenarios[] | .metrics[]? | select(.metric == "wireBytesPerRecord" and .current > .baseline)] | length == 1' "$summary" >/dev/null \
    || fail "the wire bytes per record must grow with type headers on: $(jq -c '[.scenarios[].metrics[]? | select(.metric == "wireBytesPerRecord")]' "$summary")"
  jq -r '.scenarios[] | .metrics[]? | select(.metric == "wireBytesPerRecord") | "  type headers on: \(.line)"' "$summary"
}

# group:artifact version, one a line, of a pom's test class path, as Maven resolves it: the tree, which needs the poms
# alone (no jar is downloaded on a fresh machine); its first line is the pom's own project.
resolved() { # POM OUT
  mvn -B -q -f "$1" dependency:tree -Dscope=test -DoutputFile="$2.raw" -DappendOutput=false >"$2.log" 2>&1 \
    || { tail -n 20 "$2.log" >&2; fail "mvn dependency:tree failed for $1"; }
  tail -n +2 "$2.raw" | sed -E 's/^[| +\\-]+//; s/ .*//' | grep -E '^[^ :]+:[^ :]+:' \
    | awk -F: '{ version = (NF >= 6) ? $5 : $4; print $1 ":" $2 " " version }' | LC_ALL=C sort -u >"$2"
}

# Every artifact POM resolves without the gate keeps its version with it; nothing of the gate's relocated
# libraries and no logging binding joins.
same_versions() { # LABEL POM
  local label=$1 pom=$2 without="$work/$1-without.pom"
  # The gate's <dependency> block removed: the same pom as before the team adopted it.
  awk '/<dependency>/ { block = $0; inblock = 1; next }
       inblock { block = block "\n" $0; if (/<\/dependency>/) { inblock = 0; if (block !~ /kafka-perf-gate</) print block }; next }
       { print }' "$pom" >"$without"
  grep -q "kafka-perf-gate<" "$without" && fail "$label: could not remove the gate's dependency"
  cp "$without" "$(dirname "$pom")/pom-without-gate.xml"
  resolved "$(dirname "$pom")/pom-without-gate.xml" "$work/$label-without.txt"
  resolved "$pom" "$work/$label-with.txt"
  local changed
  changed=$(LC_ALL=C join "$work/$label-without.txt" "$work/$label-with.txt" | awk '$2 != $3 { print $1 ": " $2 " -> " $3 }')
  [ -z "$changed" ] || fail "$label: adding the gate changed the team's versions: $changed"
  local missing
  missing=$(LC_ALL=C join -v 1 "$work/$label-without.txt" "$work/$label-with.txt")
  [ -z "$missing" ] || fail "$label: adding the gate removed artifacts: $missing"
  local added
  added=$(LC_ALL=C join -v 2 "$work/$label-without.txt" "$work/$label-with.txt" | cut -d' ' -f1)
  # (Jackson's annotations may join through Testcontainers' docker-java-api, as before the relocation: not the gate's own.)
  echo "$added" | grep -E '^(org\.slf4j:slf4j-(simple|reload4j|jdk14|nop)|ch\.qos\.logback:|org\.apache\.logging\.log4j:log4j-slf4j|com\.fasterxml\.jackson\.core:jackson-(core|databind)|com\.fasterxml\.jackson\.dataformat|org\.yaml:|org\.apache\.commons:commons-math3|org\.hdrhistogram:|org\.openjdk\.jmh:|com\.google\.code\.gson:)' \
    && fail "$label: the gate brought a logging binding or a library it relocates (above)"
  echo "test-adopters: $label: $(wc -l <"$work/$label-without.txt") artifacts keep their versions with the gate; it adds $(echo "$added" | grep -c . || true)"
  grep -E '^(com\.fasterxml\.jackson\.core:jackson-databind|org\.yaml:snakeyaml|org\.slf4j:slf4j-api|org\.apache\.kafka:kafka-clients) ' "$work/$label-with.txt" | sed 's/^/  /' || true
}

run_classpath() {
  local dir jar checked
  # The deciding JVM's class path, as scripts/paired.sh assembles it from the gate's build: what it needs beside the
  # relocated libraries (Testcontainers' Jackson reads Docker's answers through Jackson's annotations; the report's chart.js).
  jar=$(find perf-tests/target -maxdepth 1 -name 'kafka-perf-gate-*.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' \
    ! -name '*-tests.jar' ! -name '*-unshaded.jar' | head -n 1)
  if [ -z "$jar" ] || [ ! -f perf-tests/target/gate-runtime-classpath.txt ]; then
    fail "the gate's build left no jar or gate-runtime-classpath.txt"
  fi
  checked=$(java -cp "$jar:$(cat perf-tests/target/gate-runtime-classpath.txt)" scripts/test/fixtures/deciding-jvm/DecidingClassPath.java 2>&1) \
    || fail "the deciding JVM's class path lacks what it needs: $checked"
  echo "test-adopters: the deciding JVM's class path: $checked (Testcontainers' Jackson reads Docker's model; the report finds chart.js)"
  dir=$(adopter examples/readings-service classpath-boot35)
  same_versions spring-boot-3.5 "$dir/pom.xml"
  dir=$(adopter examples/readings-service classpath-boot40)
  sed -i 's|<version>3.5.7</version>|<version>4.0.7</version>|' "$dir/pom.xml"
  same_versions spring-boot-4.0 "$dir/pom.xml"
  # A plain team whose Jackson arrives only through Avro, the gate declared first: Maven's nearest-wins
  # rule would pick the gate's Jackson if it still brought one.
  mkdir -p "$work/plain"
  cat >"$work/plain/pom.xml" <<'POM'
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>plain-team</artifactId>
  <version>1.0.0</version>
  <dependencies>
    <dependency>
      <groupId>dev.kafkaperfgate</groupId>
      <artifactId>kafka-perf-gate</artifactId>
      <version>0.1.0-SNAPSHOT</version>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka-clients</artifactId>
      <version>3.9.1</version>
    </dependency>
    <dependency>
      <groupId>org.apache.avro</groupId>
      <artifactId>avro</artifactId>
      <version>1.12.2</version>
    </dependency>
  </dependencies>
</project>
POM
  same_versions plain-avro "$work/plain/pom.xml"
}

for part in "${parts[@]}"; do
  "run_$part"
done
passed=yes
echo "test-adopters: all passed (${parts[*]})"
