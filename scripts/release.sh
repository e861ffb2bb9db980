#!/usr/bin/env bash
# Publishes a release of kafka-perf-gate to a Maven repository: the parent pom, the broker runtime,
# the library (kafka-perf-gate) and the tools (kafka-perf-gate-tools), these two with their sources and
# javadoc jars (the release profile), at VERSION. It works on a clean copy of HEAD in a private
# temporary folder, so this checkout's files (its poms' -SNAPSHOT version among them) are never
# changed; the copy is removed on exit.
#
#   scripts/release.sh VERSION REPOSITORY_URL [REPOSITORY_ID]
#     VERSION         e.g. 1.2.0 (the release workflow takes it from the tag v1.2.0)
#     REPOSITORY_URL  where to deploy: file:///path/to/repo, https://maven.pkg.github.com/OWNER/REPO,
#                     or Maven Central's staging URL
#     REPOSITORY_ID   the <server> id in settings.xml that holds the credentials (default: release)
#
# Exit 0 deployed; 2 a usage error; 3 the build or the deploy failed (its last lines shown).
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^set -euo/{/^set -euo/!s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
if [ $# -lt 2 ] || [ $# -gt 3 ]; then echo "release: usage: scripts/release.sh VERSION REPOSITORY_URL [REPOSITORY_ID] (--help)" >&2; exit 2; fi
version=$1
url=$2
id=${3:-release}
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([.-][A-Za-z0-9.-]+)?$ ]] \
  || { echo "release: '$version' is not a version such as 1.2.0 or 1.2.0-rc.1" >&2; exit 2; }
[[ "$version" == *-SNAPSHOT ]] && { echo "release: $version is a snapshot, not a release" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-release.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$work/release.log
git clone -q --no-hardlinks "$root" "$work/src" 2>"$log" || { cat "$log" >&2; echo "release: cannot copy $root" >&2; exit 3; }
echo "release: $version of $(git -C "$work/src" rev-parse --short HEAD) → $url"
cd "$work/src"
if ! MAVEN_BASEDIR=$work/src mvn -B -q versions:set -DnewVersion="$version" -DgenerateBackupPoms=false -DprocessAllModules >>"$log" 2>&1 \
    || ! MAVEN_BASEDIR=$work/src mvn -B -q -Prelease -DskipTests deploy -DaltDeploymentRepository="$id::$url" >>"$log" 2>&1; then
  tail -n 25 "$log" >&2
  echo "release: the build or the deploy failed (above)" >&2
  exit 3
fi
echo "release: deployed kafka-perf-gate-parent, kafka-perf-gate-broker, kafka-perf-gate and kafka-perf-gate-tools $version"
