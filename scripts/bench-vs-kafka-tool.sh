#!/usr/bin/env bash
# Side-by-side: Kafka's own ProducerPerformance (kafka-tools) against this harness, on the same
# process broker with the same configuration, interleaved over several rounds. Prints each round,
# the spread of each side and the ratio of median throughputs (goal: >= 1.0).
#
#   scripts/bench-vs-kafka-tool.sh [--rounds 5] [--num-records 1000000] [--record-size 1024]
#                                  [--acks 1] [--compression-type none] [--partitions 1] [--payload-file FILE]
#                                  [--broker-cpus 0] [--client-cpus 1] [--kafka-payload pool|generated]
#
# --compression-type and --partitions set both producers and the topic alike, to check the
# catalog's other shapes (lz4, gzip, 3 partitions); --payload-file FILE gives both sides the same
# values (one per non-empty line, as kafka-producer-perf-test reads them) instead of --record-size.
# --kafka-payload pool (default) gives both sides the same bytes: one file of 1024 seeded payloads,
# Kafka's tool through --payload-file and the harness cycling the same lines (like for like under
# compression too); "generated" gives Kafka's tool --record-size (a random payload per record) and
# the harness its own pool, which compares different bytes.
# Pinning (broker on one CPU, producers on another) is on by default: on a 2-core machine it
# cut the run-to-run CV from about 20% to about 6%. Pass --broker-cpus '' --client-cpus '' to unpin.
# A wrapper of `kafka-perf-gate-tools bench` (the tools module); --help prints its options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/tools.sh
. "$root/scripts/tools.sh"
case "${1:-}" in -h|--help) kpg_tools bench --help; exit ;; esac
classpath=$(kpg_tools_classpath)
# The harness side runs the tools' own classpath in a JVM of its own; the Kafka side the broker jars.
harness_cp_file=$root/tools/target/harness.classpath
printf '%s' "$classpath" > "$harness_cp_file"
kpg_tools -Xmx512m -- bench --broker-classpath-file "$root/broker-runtime/target/broker.classpath" \
  --harness-classpath-file "$harness_cp_file" "$@"
