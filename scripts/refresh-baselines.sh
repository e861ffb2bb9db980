#!/usr/bin/env bash
# Merges a completed gate run into baselines/<profile>/<machine class>/: appends the run to each scenario's
# history window and drops the oldest runs beyond the window, and appends its line to the scenario's
# nightly history beside it (<scenario>.history.jsonl, every night kept). A wrapper of
# `kafka-perf-gate-tools refresh` (the tools module; the work is the library's RefreshBaselines, the
# one writer of baseline files, with the gate's own mismatch rule); --help prints its options.
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
# KPG_GATE_CLASSPATH, when set, is the classpath to run with (the tests set it); otherwise the
# tools module is built (scripts/tools.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/tools.sh
. "$root/scripts/tools.sh"
exec_status=0
kpg_tools refresh "$@" || exec_status=$?
exit "$exec_status"
