#!/usr/bin/env bash
# Checks the scenario files without a broker: every problem with file, line and field, or the
# list of scenarios (sweeps expanded). Exit 0 when valid, 1 when not.
#
#   scripts/validate-scenarios.sh [DIR]        default DIR: perf-tests/scenarios
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "${1:-$root/perf-tests/scenarios}" && pwd)
cd "$root"
# One reactor invocation: a separate dependency:build-classpath cannot see the reactor's
# kafka-perf-gate-broker jar on a fresh clone (it is in no local repository yet).
mvn -B -q -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/runtime.classpath
exec java -Dorg.slf4j.simpleLogger.log.org.apache.kafka=error -cp "$root/perf-tests/target/classes:$(cat perf-tests/target/runtime.classpath)" \
  dev.kafkaperfgate.internal.scenario.ValidateScenarios "$dir"
