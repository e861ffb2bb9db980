#!/usr/bin/env bash
# The gate's own build (issue 81): the Maven release pinned here, unpacked into a private folder of
# this run, with every artifact it resolves (plugins, their dependencies, the gate's dependencies,
# each pom) checked against the checksums committed in the gate's checkout,
# .mvn/checksums/checksums.sha256 (Maven's trusted checksums, fail if missing). A jar a restored
# cache or anyone else changed in ~/.m2 fails the gate's build with exit 3 and the artifact's name;
# nothing of it runs. No ~/.mavenrc, MAVEN_OPTS, MAVEN_ARGS or .mvn/ but the gate's own is read.
#
#   . scripts/gate-maven.sh; gate_maven_setup WORK && gate_mvn ARGS...   (gate.sh, paired.sh)
#   scripts/gate-maven.sh --record      a maintainer's step after the gate's dependencies change:
#                                        rebuilds the checksums file from what the gate's build resolves
#
# Maven's release is fetched once from Maven Central into the local repository, where Maven itself
# would put it, and checked against its SHA-512 on every run before it is unpacked.

gate_maven_version=3.9.16
gate_maven_sha512=831a8591fe20c8243b1dbe7d71e3244f31d1665b0804b2e825e38cbbe5ce0cafb8338851f90780735568773e0a6cd07bbec107cda0b896b008b861075358b6f6
gate_maven_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gate_maven=""

# gate_maven_setup WORK: Maven's pinned release, checked, unpacked under WORK (a folder of this run); sets gate_maven.
# The copy checked is the copy unpacked, in WORK: nothing in ~/.m2 (where a restored cache may put a link) is read twice.
gate_maven_setup() {
  local work=$1 path cached copy=$1/apache-maven-bin.tar.gz
  path=org/apache/maven/apache-maven/$gate_maven_version/apache-maven-$gate_maven_version-bin.tar.gz
  cached=$HOME/.m2/repository/$path
  gate_maven_sum() { printf '%s  %s\n' "$gate_maven_sha512" "$1" | sha512sum -c --status; }
  mkdir -p "$work" || return 3
  if [ -f "$cached" ] && [ ! -L "$cached" ]; then cp -- "$cached" "$copy" || return 3; fi
  if [ ! -f "$copy" ] || ! gate_maven_sum "$copy"; then
    echo "gate: fetching Maven $gate_maven_version for the gate's own build (${KPG_MAVEN_REPOSITORY:-https://repo.maven.apache.org/maven2})"
    if ! curl -fsSL --max-time 300 -o "$copy" "${KPG_MAVEN_REPOSITORY:-https://repo.maven.apache.org/maven2}/$path"; then
      echo "gate: INFRASTRUCTURE ERROR: cannot fetch $path for the gate's own build (set KPG_MAVEN_REPOSITORY to a mirror)" >&2
      return 3
    fi
    if ! gate_maven_sum "$copy"; then
      echo "gate: INFRASTRUCTURE ERROR: what was fetched as $path is not Maven $gate_maven_version's release (its SHA-512 differs)" >&2
      return 3
    fi
    # Kept for the next run, which checks it again; a rename replaces a link there rather than writing through it.
    if mkdir -p "$(dirname "$cached")" && cp -- "$copy" "$work/cache.part"; then mv -f -- "$work/cache.part" "$cached" 2>/dev/null; fi
  fi
  if ! { mkdir -p "$work/maven" && tar -xzf "$copy" -C "$work/maven"; }; then
    echo "gate: INFRASTRUCTURE ERROR: cannot unpack Maven's release" >&2
    return 3
  fi
  gate_maven=$work/maven/apache-maven-$gate_maven_version/bin/mvn
}

# The trusted checksums: one file for every repository a team's settings may name (not per repository id).
gate_maven_trust=(
  -Daether.trustedChecksumsSource.summaryFile=true
  "-Daether.trustedChecksumsSource.summaryFile.basedir=$gate_maven_root/.mvn/checksums"
  -Daether.trustedChecksumsSource.summaryFile.originAware=false
  -Daether.artifactResolver.postProcessor.trustedChecksums=true
  -Daether.artifactResolver.postProcessor.trustedChecksums.checksumAlgorithms=SHA-256
  -Daether.artifactResolver.postProcessor.trustedChecksums.failIfMissing=true
)

# gate_mvn ARGS...: the gate's Maven on the gate's checkout, every artifact checked; Maven's own exit code.
gate_mvn() {
  [ -n "$gate_maven" ] || { echo "gate: INFRASTRUCTURE ERROR: gate_mvn before gate_maven_setup" >&2; return 3; }
  local wait=()
  if declare -F gate_wait >/dev/null; then wait=(gate_wait); fi
  "${wait[@]}" env -u MAVEN_OPTS -u MAVEN_ARGS -u MAVEN_CONFIG -u CLASSPATH -u JDK_JAVA_OPTIONS -u JAVA_TOOL_OPTIONS -u _JAVA_OPTIONS \
    MAVEN_SKIP_RC=1 MAVEN_BASEDIR="$gate_maven_root" "$gate_maven" "${gate_maven_trust[@]}" "$@"
}

# gate_maven_refused LOG: the line naming an artifact whose checksum is not the pinned one, if the build refused one.
gate_maven_refused() {
  grep -m1 -iE 'trusted checksum' "$1" | sed 's/^\[ERROR\][[:space:]]*//'
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  [ "${1:-}" = --record ] || { echo "usage: scripts/gate-maven.sh --record" >&2; exit 2; }
  work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-gate-maven.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  gate_maven_setup "$work"
  rm -f "$gate_maven_root/.mvn/checksums/checksums.sha256"
  # What every gate run builds: the library installed (module mode) or packaged (this repository's own suite).
  gate_mvn -B -q -f "$gate_maven_root/pom.xml" -pl perf-tests -am -Dmaven.test.skip=true install \
    -Daether.artifactResolver.postProcessor.trustedChecksums.record=true
  gate_mvn -B -q -f "$gate_maven_root/pom.xml" -pl perf-tests -am -Dmaven.test.skip=true package
  echo "gate-maven: $(wc -l <"$gate_maven_root/.mvn/checksums/checksums.sha256") artifacts recorded in .mvn/checksums/checksums.sha256"
fi
