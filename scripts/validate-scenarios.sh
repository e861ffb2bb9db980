#!/usr/bin/env bash
# Checks the scenario files without a broker: every problem with file, line and field, or the
# list of scenarios (sweeps expanded). Exit 0 when valid, 1 when not, 2 on a usage error.
# A wrapper of `kafka-perf-gate-tools validate` (the tools module); --help prints its options.
#
#   scripts/validate-scenarios.sh [DIR]            default DIR: perf-tests/scenarios
#   scripts/validate-scenarios.sh --module DIR     a team's module: its perf/ scenarios, with the
#                                                  classes they name checked against the module's
#                                                  test classpath (the gate is installed first, and
#                                                  the module is compiled: no registry needed)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/tools.sh
. "$root/scripts/tools.sh"
if [ "${1:-}" = --module ]; then
  module=${2:?--module needs a directory}
  [ -f "$module/pom.xml" ] || { echo "validate: --module $module has no pom.xml" >&2; exit 2; }
  module=$(cd "$module" && pwd)
  log=$(mktemp "${TMPDIR:-/tmp}/kpg-validate.XXXXXX")
  deps=$(mktemp "${TMPDIR:-/tmp}/kpg-validate-deps.XXXXXX")
  trap 'rm -f "$log" "$deps"' EXIT
  echo "validate: building the gate ($root) and the module's test classpath ($module)"
  if ! MAVEN_BASEDIR=$root mvn -B -q -f "$root/pom.xml" -pl perf-tests -am -Dmaven.test.skip=true install >"$log" 2>&1 \
      || ! MAVEN_BASEDIR=$module mvn -B -q -f "$module/pom.xml" -DskipTests test-compile dependency:build-classpath \
        -Dmdep.outputFile="$deps" -Dmdep.includeScope=test >>"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "validate: the build failed (log above)" >&2
    exit 1
  fi
  kpg_tools validate --classpath "$module/target/test-classes:$module/target/classes:$(cat "$deps")" "$module/perf"
elif [ $# -eq 0 ]; then
  kpg_tools validate "$root/perf-tests/scenarios"
else
  kpg_tools validate "$@"
fi
