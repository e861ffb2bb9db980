#!/usr/bin/env bash
# Builds a local Kafka image that org.testcontainers.kafka.KafkaContainer can drive, from the
# broker jars on Maven Central, for hosts that cannot pull apache/kafka (no registry access).
#
#   scripts/build-kafka-image.sh [IMAGE]      default IMAGE: kafka-perf-gate/kafka:4.3.1
#
# Use it with: mvn verify -Dperf.broker=container -Dperf.broker.image=IMAGE
# Needs: a running Docker engine, Maven, and (first time only) debootstrap and root for the base.
# An image built from the same inputs is reused; a base image already present is reused.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
kafka_version=$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$root/pom.xml")
image=${1:-kafka-perf-gate/kafka:${kafka_version}}
base_image=${KPG_BASE_IMAGE:-kafka-perf-gate/base-jre17:bookworm}
debian_mirror=${KPG_DEBIAN_MIRROR:-http://deb.debian.org/debian}

die() { echo "build-kafka-image: $*" >&2; exit 1; }

docker info >/dev/null 2>&1 || die "no Docker engine answers (docker info failed). Start dockerd, or run the gate with -Dperf.broker=process."

# The broker runtime's classpath: the same jars the process broker runs.
(cd "$root" && mvn -B -q -pl broker-runtime generate-resources) \
  || die "Maven could not resolve broker-runtime (mvn -pl broker-runtime generate-resources)."
classpath_file="$root/broker-runtime/target/broker.classpath"
[ -s "$classpath_file" ] || die "$classpath_file is missing or empty."

context=$(mktemp -d "${TMPDIR:-/tmp}/kpg-image.XXXXXX")
trap 'rm -rf "$context"' EXIT
mkdir -p "$context/libs"
# The file has no final newline: the last jar is read by the "|| [ -n ]" branch.
tr ':' '\n' < "$classpath_file" | while read -r jar || [ -n "$jar" ]; do
  [ -f "$jar" ] || die "jar on the broker classpath is missing: $jar"
  cp "$jar" "$context/libs/"
done
cp "$root/scripts/kafka-image/Dockerfile" "$root/scripts/kafka-image/run" "$context/"
cp "$root/perf-tests/src/main/resources/dev/kafkaperfgate/internal/broker/process/broker-log4j2.yaml" "$context/log4j2.yaml"

# Everything that goes into the image, hashed: the same inputs give the same image, reused.
inputs_sha=$( (cd "$context" && find . -type f -print0 | sort -z | xargs -0 sha256sum; echo "$base_image") | sha256sum | cut -c1-16)
if [ "$(docker image inspect -f '{{ index .Config.Labels "dev.kafkaperfgate.inputs-sha" }}' "$image" 2>/dev/null || true)" = "$inputs_sha" ]; then
  echo "build-kafka-image: $image is up to date (inputs $inputs_sha), reused."
  exit 0
fi

if ! docker image inspect "$base_image" >/dev/null 2>&1; then
  command -v debootstrap >/dev/null || die "the base image $base_image is absent and debootstrap is not installed (apt-get install debootstrap)."
  [ "$(id -u)" = 0 ] || die "building the base image $base_image with debootstrap needs root."
  rootfs="$context/rootfs"
  echo "build-kafka-image: building base image $base_image with debootstrap (about a minute)..."
  debootstrap --variant=minbase --include=openjdk-17-jre-headless bookworm "$rootfs" "$debian_mirror" >"$context/debootstrap.log" 2>&1 \
    || { tail -n 20 "$context/debootstrap.log" >&2; die "debootstrap failed (log above)."; }
  # Keep the image small: package caches and docs are not needed at run time.
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc "$rootfs"/usr/share/man
  tar -C "$rootfs" -c . | docker import -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'LABEL dev.kafkaperfgate.image=base' - "$base_image" >/dev/null
  rm -rf "$rootfs"
fi

echo "build-kafka-image: building $image (Kafka $kafka_version, inputs $inputs_sha)..."
docker build -q -t "$image" \
  --build-arg BASE_IMAGE="$base_image" \
  --build-arg KAFKA_VERSION="$kafka_version" \
  --build-arg INPUTS_SHA="$inputs_sha" \
  "$context" >/dev/null
echo "build-kafka-image: built $image"
