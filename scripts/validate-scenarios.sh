#!/usr/bin/env bash
# Checks the scenario files without a broker: every problem with file, line and field, or the
# list of scenarios (sweeps expanded). Exit 0 when valid, 1 when not, 2 on a usage error.
# A wrapper of `kafka-perf-gate-tools validate` (the tools module); --help prints its options.
#
#   scripts/validate-scenarios.sh [DIR]        default DIR: perf-tests/scenarios
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/tools.sh
. "$root/scripts/tools.sh"
if [ $# -eq 0 ]; then
  kpg_tools validate "$root/perf-tests/scenarios"
else
  kpg_tools validate "$@"
fi
