#!/usr/bin/env bash
# Checks pr.json from a PR gate artifact before anything uses it. The artifact was written by the
# pull request's own code (a fork's, possibly), so every field is untrusted: the number must be a
# positive integer and the head SHA must be the commit the gate run was triggered for.
# Prints step outputs (number=..., head-sha=...) for $GITHUB_OUTPUT.
#
#   scripts/ci/check-pr-metadata.sh PR_JSON RUN_HEAD_SHA >> "$GITHUB_OUTPUT"
# Exit 0 with outputs; 2 with one line naming the file and the field.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 PR_JSON RUN_HEAD_SHA" >&2; exit 2; }
file=$1
run_head=$2
die() { echo "check-pr-metadata: $file: $*" >&2; exit 2; }

[ -f "$file" ] || die "missing from the artifact"
[ "$(wc -c < "$file")" -le 4096 ] || die "larger than 4096 bytes: not the gate's pr.json"
jq -e 'type == "object"' "$file" >/dev/null 2>&1 || die "not a JSON object"
problem=$(jq -r --arg head "$run_head" '
  if (.number | type) != "number" or .number != (.number | floor) or .number < 1 or .number > 999999999
    then "field number: expected a positive integer, found \(.number | tojson)"
  elif (.headSha | type) != "string" or (.headSha | test("^[0-9a-f]{40}$") | not)
    then "field headSha: expected 40 hex digits, found \(.headSha | tojson | .[0:60])"
  elif .headSha != $head
    then "field headSha: \(.headSha) is not the head of the workflow run (\($head)): the artifact does not belong to this run"
  else empty end' "$file")
[ -z "$problem" ] || die "$problem"
jq -r '"number=\(.number)", "head-sha=\(.headSha)"' "$file"
