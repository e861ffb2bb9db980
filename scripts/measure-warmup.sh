#!/usr/bin/env bash
# How long warm-up must be: on a fresh process broker per run, sends for a fixed time in short
# windows and prints each window's figure (records/s unthrottled, median latency at a rate),
# then when the run settled. The warm-up defaults in Defaults.java come from this.
#
#   scripts/measure-warmup.sh [--runs 3] [--seconds 60] [--window-ms 5000] [--record-size 1024] [--throughput -1]
#                             [--broker-warmup-s 0]  (unmeasured sending to the fresh broker first)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# One reactor invocation: a separate dependency:build-classpath cannot see the reactor's
# kafka-perf-gate-broker jar on a fresh clone (it is in no local repository yet).
mvn -B -q -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/runtime.classpath
exec java -Xms1g -Xmx1g -XX:+UseG1GC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -Dorg.slf4j.simpleLogger.log.org.apache.kafka=error \
  -cp "$root/perf-tests/target/classes:$(cat perf-tests/target/runtime.classpath)" dev.kafkaperfgate.internal.bench.WarmupProbe \
  --broker-classpath-file "$root/broker-runtime/target/broker.classpath" "$@"
