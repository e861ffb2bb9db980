#!/usr/bin/env bash
# How long warm-up must be: on a fresh process broker per run, sends for a fixed time in short
# windows and prints each window's figure (records/s unthrottled, median latency at a rate),
# then when the run settled. The warm-up defaults in Defaults.java come from this.
# A wrapper of `kafka-perf-gate-tools warmup` (the tools module); --help prints its options.
#
#   scripts/measure-warmup.sh [--runs 3] [--seconds 60] [--window-ms 5000] [--record-size 1024] [--throughput -1]
#                             [--broker-warmup-s 0]  (unmeasured sending to the fresh broker first)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/tools.sh
. "$root/scripts/tools.sh"
case "${1:-}" in -h|--help) kpg_tools warmup --help; exit ;; esac
kpg_tools -Xms1g -Xmx1g -XX:+UseG1GC -- warmup --broker-classpath-file "$root/broker-runtime/target/broker.classpath" "$@"
