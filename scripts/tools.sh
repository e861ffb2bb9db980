#!/usr/bin/env bash
# Sourced by the tool scripts: builds the tools module (and the library it uses) in one reactor
# invocation, which on a fresh clone resolves the reactor's own jars without an install, and runs
# the tools' one command line, kafka-perf-gate-tools.
#
#   . scripts/tools.sh
#   kpg_tools [JVM options --] COMMAND [options]      e.g. kpg_tools validate perf-tests/scenarios
#
# KPG_GATE_CLASSPATH, when set, is the classpath to run with and nothing is built (the tests set it).

kpg_tools_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Prints the tools' classpath, building it first unless KPG_GATE_CLASSPATH names one.
kpg_tools_classpath() {
  if [ -n "${KPG_GATE_CLASSPATH:-}" ]; then
    echo "$KPG_GATE_CLASSPATH"
    return 0
  fi
  local log
  log=$(mktemp)
  if ! mvn -B -q -f "$kpg_tools_root/pom.xml" -pl tools -am -Dmaven.test.skip=true package >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -f "$log"
    echo "tools: could not build the tools (mvn -pl tools -am package in $kpg_tools_root, log above)" >&2
    return 2
  fi
  rm -f "$log"
  echo "$kpg_tools_root/tools/target/classes:$(cat "$kpg_tools_root/tools/target/tools.classpath")"
}

# kpg_tools [JVM options --] COMMAND [options]: the tools' command line, in a JVM of its own.
# JVM options are the leading -X... and -D... words, ended by --; everything after is the tools'.
kpg_tools() {
  local jvm=() classpath
  while [[ "${1:-}" == -X* || "${1:-}" == -D* ]]; do jvm+=("$1"); shift; done
  if [ ${#jvm[@]} -gt 0 ]; then
    [ "${1:-}" = -- ] || { echo "tools: JVM options must end with --, got '${1:-}'" >&2; return 2; }
    shift
  fi
  classpath=$(kpg_tools_classpath) || return 2
  java "${jvm[@]}" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.log.org.apache.kafka=error \
    -cp "$classpath" dev.kafkaperfgate.tools.KafkaPerfGateTools "$@"
}
