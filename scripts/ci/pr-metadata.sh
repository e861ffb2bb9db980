#!/usr/bin/env bash
# Writes the pull request's identity, from a pull_request event payload, as the small JSON file
# the PR gate uploads beside its results: the comment workflow reads the PR number from it,
# because a workflow_run event from a fork does not carry one.
#
#   scripts/ci/pr-metadata.sh EVENT_JSON > pr.json
#   {"number": 7, "headSha": "<40 hex>", "headRepository": "fork-owner/repo", "baseRef": "main"}
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 EVENT_JSON" >&2; exit 2; }
event=$1
[ -r "$event" ] || { echo "pr-metadata: cannot read the event payload $event" >&2; exit 2; }
# The payload comes from an artifact a pull request's run uploaded: bounded before jq reads it.
# GitHub's pull_request payloads are tens of kilobytes; 5 MiB is the summary.json bound too.
max_bytes=$((5 * 1024 * 1024))
size=$(wc -c < "$event")
[ "$size" -le "$max_bytes" ] || { echo "pr-metadata: $event is $size bytes, larger than any event payload (limit $max_bytes); refused" >&2; exit 2; }
jq -e '.pull_request | type == "object"' "$event" >/dev/null 2>&1 \
  || { echo "pr-metadata: $event is not a pull_request event payload (no .pull_request)" >&2; exit 2; }
jq -c '.pull_request | {number: .number, headSha: .head.sha, headRepository: .head.repo.full_name, baseRef: .base.ref}' "$event"
