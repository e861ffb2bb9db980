#!/usr/bin/env bash
# Measures the gate's own power on this machine (a benchmark, not a test): the false-alarm rate
# over A/A runs and the detection rate of injected regressions of 10%, 20% and 30% on throughput
# and on p99, each comparison made by the gate's own verdict code at the PR suite's policy,
# confirmation included. Prints a Markdown table and writes perf-tests/target/gate-power.json.
#
#   scripts/gate-power.sh [--aa-runs 20] [--per-level 3] [--levels 10,20,30] [--window 10] [--trial-seconds 5]
#   scripts/gate-power.sh --paired [--aa-rounds 4] [--repeats 3] [--blocks 8] [--trial-seconds 3] [--probe-blocks 4] [--probe-steps 4]
#                                  [--only throughput,cpu,alloc,p99|none] [--neighbour] [--pin false | --broker-cpus 0 --client-cpus 1]
#                                  [--aa-scenarios A,B] [--fixed-rate-scenario NAME] [--spike-every 100]
#
# --paired measures paired mode instead (PairedPower): A/A measurements of the PR suite's two
# produce scenarios, the same code on both sides, every second round beside a one-core busy loop
# (started and stopped by pid); then injected head-side regressions (throughput -10% and -5%
# unthrottled; CPU and allocation +10% and p99 +25% at 20k records/s). Each injection is sized by
# probe measurements first (--probe-blocks blocks each, up to --probe-steps probes, searching for
# the size whose real effect is within a quarter of the goal), and every repeat reports the real
# effect it measured; --neighbour measures those repeats beside a one-core busy loop (the sizing
# stays quiet). Rows go to perf-tests/target/gate-power-paired.json,
# and a summary per experiment closes the output. About 2.5 minutes per measurement on a 2-core
# machine (twice that when a regression is flagged and measured again). Pinned as a paired gate run
# is by default: the broker on the first half of the CPUs, both workers on the rest.
#
# About 30 minutes with the defaults on a 2-core machine. Run it on an otherwise idle machine
# (or accept that neighbours are part of what it measures) and from a clone, not a tree you are
# building in.
# A wrapper of `kafka-perf-gate-tools power stored|paired` (the tools module); --help prints the options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/tools.sh
. "$root/scripts/tools.sh"
if [ "${1:-}" = --paired ]; then
  shift
  case "${1:-}" in -h|--help) kpg_tools power paired --help; exit ;; esac
  kpg_tools -Xms512m -Xmx512m -XX:+UseG1GC -- power paired \
    --scenarios "$root/perf-tests/scenarios" --out "$root/perf-tests/target/gate-power-paired.json" "$@"
  exit
fi
case "${1:-}" in -h|--help) kpg_tools power stored --help; exit ;; esac
kpg_tools -Xms1g -Xmx1g -XX:+UseG1GC -- power stored \
  --broker-classpath-file "$root/broker-runtime/target/broker.classpath" --scenarios "$root/perf-tests/scenarios" \
  --out "$root/perf-tests/target/gate-power.json" "$@"
