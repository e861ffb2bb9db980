#!/usr/bin/env bash
# Publishes baseline changes made by scripts/refresh-baselines.sh in a workflow: commits
# baselines/ on the branch perf-baselines/nightly (rebuilt from the base each night) and opens a
# pull request through the REST API, or updates the one already open; or (with --push) pushes
# the commit to the current branch. Does nothing when baselines/ did not change.
#
#   scripts/ci/publish-baselines.sh --report FILE [--baselines DIR] [--push] [--base BRANCH]
#     --report FILE   refresh-baselines.sh's output, quoted in the commit and the PR body
#     --baselines DIR the baselines folder, relative to the repository's root (default baselines;
#                     a team's module: e.g. services/orders/baselines)
#     --push          push to --base directly instead of opening a pull request
#     --base BRANCH   default: $GITHUB_REF_NAME
# Needs: git with an authenticated origin (actions/checkout sets it up), and for a PR
# GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL (default https://api.github.com), GITHUB_RUN_ID.
# Prints step outputs: changed=true|false, branch=..., pr-url=...
set -euo pipefail

report=""
baselines=baselines
push=false
base=${GITHUB_REF_NAME:-}
while [ $# -gt 0 ]; do
  case "$1" in
    --report) report=${2:?--report needs a file}; shift 2 ;;
    --baselines) baselines=${2:?--baselines needs a folder}; shift 2 ;;
    --push) push=true; shift ;;
    --base) base=${2:?--base needs a branch}; shift 2 ;;
    *) echo "publish-baselines: unknown option $1 (known: --report FILE, --baselines DIR, --push, --base BRANCH)" >&2; exit 2 ;;
  esac
done
die() { echo "publish-baselines: $*" >&2; exit 1; }
{ [ -n "$report" ] && [ -r "$report" ]; } || die "--report must name refresh-baselines.sh's output"
[ -n "$base" ] || die "no base branch: pass --base or run in a workflow (GITHUB_REF_NAME)"

case "$baselines" in /*|*..*) die "--baselines $baselines must be a folder inside the repository, relative to its root" ;; esac
if [ -z "$(git status --porcelain -- "$baselines")" ]; then
  echo "publish-baselines: $baselines/ unchanged; nothing to publish" >&2
  echo "changed=false"
  exit 0
fi

stamp=$(date -u +%Y-%m-%d)
title="perf baselines: nightly refresh $stamp"
git config user.name >/dev/null || git config user.name 'github-actions[bot]'
git config user.email >/dev/null || git config user.email '41898282+github-actions[bot]@users.noreply.github.com'
git add -- "$baselines"
git commit -q -F - <<MESSAGE
$title

$(cat "$report")
MESSAGE

if [ "$push" = true ]; then
  git push -q origin "HEAD:refs/heads/$base" || die "git push to $base was refused (branch protection, or a token without contents: write)"
  echo "publish-baselines: pushed $(git rev-parse --short HEAD) to $base" >&2
  echo "changed=true"
  echo "branch=$base"
  exit 0
fi

# One branch and one pull request for every nightly: each run rebuilds the branch from the tip of
# $base (force-pushed) and updates the open pull request, instead of opening one more that
# conflicts with yesterday's. The workflow's concurrency group keeps two runs from racing.
branch="perf-baselines/nightly"
git push -q --force origin "HEAD:refs/heads/$branch" || die "git push of $branch was refused (a token without contents: write?)"
: "${GITHUB_TOKEN:?GITHUB_TOKEN is needed to open the pull request}" "${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is needed}"
api=${GITHUB_API_URL:-https://api.github.com}
request=$(jq -n --arg title "$title" --arg head "$branch" --arg base "$base" --rawfile report "$report" '{
  title: $title, head: $head, base: $base,
  body: ("The nightly run measured the full suite on `\($base)` and merged it into the baselines.\n\n```\n\($report)```\n\nMerge to make the PR gate compare against these runs.")
}')
response=$(mktemp)
trap 'rm -f "$response"' EXIT
call() { # METHOD PATH [BODY]: prints the HTTP status; the body goes to $response
  curl -sS --max-time 60 -o "$response" -w '%{http_code}' -X "$1" \
    -H "Authorization: Bearer $GITHUB_TOKEN" -H 'Accept: application/vnd.github+json' \
    ${3:+--data "$3"} "$api/repos/$GITHUB_REPOSITORY$2" || die "could not reach $api ($1 $2)"
}
owner=${GITHUB_REPOSITORY%%/*}
status=$(call GET "/pulls?state=open&head=$owner:$branch&base=$base")
[ "$status" = 200 ] || die "listing open pull requests failed with HTTP $status: $(jq -r '.message // empty' "$response" 2>/dev/null | head -c 300)"
number=$(jq -r 'if type == "array" and length > 0 then .[0].number else empty end' "$response")
if [ -n "$number" ]; then
  status=$(call PATCH "/pulls/$number" "$(jq -c '{title, body}' <<<"$request")")
  [ "$status" = 200 ] || die "updating pull request #$number failed with HTTP $status: $(jq -r '.message // empty' "$response" 2>/dev/null | head -c 300)"
  verb=updated
else
  status=$(call POST /pulls "$request")
  if [ "$status" != 201 ]; then
    die "opening the pull request failed with HTTP $status: $(jq -r '.message // empty' "$response" 2>/dev/null | head -c 300) (needs pull-requests: write, and 'Allow GitHub Actions to create pull requests' in the repository settings)"
  fi
  verb=opened
fi
url=$(jq -r '.html_url' "$response")
echo "publish-baselines: $verb $url from $branch" >&2
echo "changed=true"
echo "branch=$branch"
echo "pr-url=$url"
