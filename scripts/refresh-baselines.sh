#!/usr/bin/env bash
# Merges a completed gate run into baselines/<profile>/<machine class>/: appends the run to each scenario's
# history window and drops the oldest runs beyond the window. The work is done in Java
# (dev.kafkaperfgate.internal.refresh.RefreshBaselines: the one writer of baseline files, with the
# gate's own mismatch rule and Defaults.BASELINE_WINDOW); this script finds its classpath and calls it.
#
#   scripts/refresh-baselines.sh [options]
#     --results DIR     the run's results (summary.json and one JSON per scenario);
#                       default perf-tests/target/perf-results
#     --baselines DIR   default baselines
#     --profile NAME    refuse the run unless it was measured for this profile
#     --window K        runs kept per scenario (default: the file's own window, else Defaults.BASELINE_WINDOW, 10)
#     --only A,B        merge only these scenarios (each must be in the run)
#     --accept A,B      accept an intended change: these scenarios' histories restart from this
#                       run, even when their experiment or environment changed (merges only them)
#     --overwrite-corrupt  replace baseline files that cannot be read (otherwise refused)
#     --commit SHA      the measured commit, when summary.json does not say (default: git HEAD)
#
# Refuses (exit 1, nothing written) a run that is incomplete, has errors, carries an injected
# regression, belongs to another profile, or misses a scenario it names; names or file names in
# summary.json that would leave the baselines folder (it may come from a downloaded artifact); a
# scenario whose baseline can no longer judge it (another experiment or environment, the gate's
# MISMATCH rule) unless --accept names it; and a baseline file the gate cannot read (unless
# --overwrite-corrupt). Every new file is staged and read back before the first is replaced.
#
# KPG_GATE_CLASSPATH, when set, is the classpath to run with (the tests set it); otherwise this
# repository's perf-tests module is compiled (mvn, incremental) and its runtime classpath used.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,26p' "$0"; exit 0 ;; esac

classpath=${KPG_GATE_CLASSPATH:-}
if [ -z "$classpath" ]; then
  # shellcheck source=scripts/provision.sh
  . "$root/scripts/provision.sh"
  provision java:openjdk-17-jdk-headless mvn:maven || exit 2
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  if ! mvn -B -q -f "$root/pom.xml" -pl perf-tests -am -DskipTests compile dependency:build-classpath \
      -Dmdep.includeScope=runtime -Dmdep.outputFile=target/runtime.classpath >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "refresh-baselines: could not build the gate (mvn compile in $root, log above)" >&2
    exit 2
  fi
  classpath="$root/perf-tests/target/classes:$(cat "$root/perf-tests/target/runtime.classpath")"
fi
exec java -cp "$classpath" dev.kafkaperfgate.internal.refresh.RefreshBaselines "$@"
