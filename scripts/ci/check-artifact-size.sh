#!/usr/bin/env bash
# Checks the size GitHub reports for another run's artifact before anything downloads it: the
# comment job reads the results a pull request's run uploaded, and actions/download-artifact has
# no size option. One artifact of that name, not expired, at most MAX_BYTES (its zip's size).
# Reads GITHUB_API_URL, GITHUB_REPOSITORY and GITHUB_TOKEN as the runner sets them.
#
#   scripts/ci/check-artifact-size.sh NAME RUN_ID MAX_BYTES
# Exit 0 when it may be downloaded; 1 with one line naming why not.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 NAME RUN_ID MAX_BYTES" >&2; exit 2; }
name=$1 run_id=$2 max_bytes=$3
die() { echo "check-artifact-size: $*" >&2; exit 1; }
[[ "$run_id" =~ ^[0-9]+$ ]] || die "run id '$run_id' is not a number"
[[ "$max_bytes" =~ ^[0-9]+$ ]] || die "MAX_BYTES '$max_bytes' is not a number"
: "${GITHUB_API_URL:?}" "${GITHUB_REPOSITORY:?}" "${GITHUB_TOKEN:?}"

# Bounded like every other wait of the gate: the listing is a few hundred bytes.
listing=$(curl -fsS --max-time 30 --max-filesize 1048576 -G \
  -H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json" \
  --data-urlencode "name=$name" "$GITHUB_API_URL/repos/$GITHUB_REPOSITORY/actions/runs/$run_id/artifacts") \
  || die "could not list the artifacts of run $run_id"
count=$(jq -r --arg name "$name" '[.artifacts[]? | select(.name == $name)] | length' <<<"$listing" 2>/dev/null) \
  || die "run $run_id's artifact list is not JSON"
[ "$count" = 1 ] || die "run $run_id has $count artifacts named $name, not one"
expired=$(jq -r --arg name "$name" '.artifacts[] | select(.name == $name) | .expired' <<<"$listing")
[ "$expired" = false ] || die "run $run_id's artifact $name has expired"
size=$(jq -r --arg name "$name" '.artifacts[] | select(.name == $name) | .size_in_bytes' <<<"$listing")
[[ "$size" =~ ^[0-9]+$ ]] || die "run $run_id's artifact $name has no size"
[ "$size" -le "$max_bytes" ] || die "run $run_id's artifact $name holds $size bytes, more than $max_bytes: not downloaded"
echo "check-artifact-size: $name of run $run_id: $size bytes (at most $max_bytes)"
