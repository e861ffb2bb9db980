#!/usr/bin/env bash
# Runs the three workflows end to end under act (nektos/act) on the local Docker engine, offline:
#   1. perf-gate (pull_request) on a container broker -> the results artifact;
#   2. perf-gate comment (workflow_run) twice -> one comment created, then updated in place;
#   3. perf-baselines (schedule, as the cron fires it) -> measured read-only, then a baseline
#      commit pushed on a branch and a PR opened by the publish job.
# GitHub is replaced by local stand-ins: test/fake-github.js for the REST API, a git daemon for
# the origin, .github/act/stand-ins/ for actions/setup-java, upload-artifact and download-artifact
# (actions/checkout is act's own local copy), and a runner image built here
# (.github/act/runner/Dockerfile). The workflows run a one-scenario selection
# (.github/act/scenarios/) through the same variables an adopter would set.
#
#   scripts/test-workflows.sh
# Needs: root or docker access, a running Docker engine, Go (to install act once), Node, git.
# Tests the committed HEAD (act works on a clone). Exit 0 when every check passes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
act_version=v0.2.89
runner_image=kafka-perf-gate/act-runner:bookworm
kafka_image=kafka-perf-gate/kafka:4.3.1
step_timeout=900

work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-act.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # Only containers this test's broker started carry the gate's label.
  leftover=$(docker ps -aq --filter label=dev.kafkaperfgate.run 2>/dev/null || true)
  # shellcheck disable=SC2086 # one id per word
  [ -z "$leftover" ] || docker rm -f $leftover >/dev/null 2>&1 || true
  [ -n "${KPG_ACT_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
die() { echo "test-workflows: FAIL: $*" >&2; exit 1; }
say() { echo "test-workflows: $*"; }

docker info >/dev/null 2>&1 || die "no Docker engine answers (start dockerd)"
act=$(command -v act || true)
gobin=$(go env GOPATH 2>/dev/null)/bin
if [ -z "$act" ] && [ -x "$gobin/act" ]; then act=$gobin/act; fi
if [ -z "$act" ]; then
  say "installing act $act_version from the Go module proxy"
  go install "github.com/nektos/act@$act_version" && act=$gobin/act
fi

# Images: the Kafka image (and its debootstrap base), then the runner image on that base.
"$root/scripts/build-kafka-image.sh" "$kafka_image"
context=$work/runner-context
mkdir -p "$context"
cp "$root/.github/act/runner/Dockerfile" "$context/"
cp "$(readlink -f "$(command -v node)")" "$context/node"
inputs_sha=$(cd "$context" && sha256sum Dockerfile node | sha256sum | cut -c1-16)
if [ "$(docker image inspect -f '{{ index .Config.Labels "dev.kafkaperfgate.inputs-sha" }}' "$runner_image" 2>/dev/null || true)" != "$inputs_sha" ]; then
  say "building $runner_image (inputs $inputs_sha)"
  docker build -q --network host --label "dev.kafkaperfgate.inputs-sha=$inputs_sha" -t "$runner_image" "$context" >/dev/null
else
  say "$runner_image is up to date, reused"
fi

# The repository under test and its origin, served by a git daemon on 127.0.0.1.
git clone -q "$root" "$work/repo"
git clone -q --bare "$work/repo" "$work/git/acme/payments.git"
git_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
git daemon --base-path="$work/git" --export-all --enable=receive-pack --reuseaddr \
  --listen=127.0.0.1 --port="$git_port" "$work/git" >"$work/git-daemon.log" 2>&1 &
pids+=($!)
git -C "$work/repo" remote set-url origin "git://127.0.0.1:$git_port/acme/payments.git"
head_sha=$(git -C "$work/repo" rev-parse HEAD)
branch=$(git -C "$work/repo" rev-parse --abbrev-ref HEAD)

# The fake GitHub API, seeded with PR 7 whose head is the commit under test.
node "$root/.github/actions/perf-comment/test/fake-github.js" --port 0 >"$work/fake.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do grep -q 'listening on' "$work/fake.log" && break; sleep 0.2; done
api=$(sed -n 's/^fake-github listening on //p' "$work/fake.log")
[ -n "$api" ] || die "the fake GitHub API did not start: $(cat "$work/fake.log")"
curl -fsS -o /dev/null -X POST --data "{\"pulls\": {\"7\": {\"head\": {\"sha\": \"$head_sha\"}}}}" "$api/_fake/state"
state() { curl -fsS "$api/_fake/state" | jq "$@"; }

mkdir -p "$work/artifacts" "$work/events"
stand_ins=$work/repo/.github/act/stand-ins
# Paired mode (the PR workflow's default) builds the merge base, here the head itself: an A/A run,
# kept short with 3 blocks of 2 s trials after a 5 s first warm-up.
selection="-Dperf.scenarios.dir=../.github/act/scenarios -Dperf.suite=pr -Dperf.broker.warmup=5 -Dperf.paired.blocks=2 -Dperf.paired.trial=2s -Dperf.paired.warmup=5"
run_act() { # EVENT WORKFLOW EVENT_FILE RUN_ID LOG
  (cd "$work/repo" && timeout "$step_timeout" "$act" "$1" -W ".github/workflows/$2" -e "$3" \
    -P ubuntu-latest="$runner_image" --pull=false \
    --local-repository "actions/setup-java@dded0888837ed1f317902acf8a20df0ad188d165=$stand_ins/setup-java" \
    --local-repository "actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02=$stand_ins/upload-artifact" \
    --local-repository "actions/download-artifact@634f93cb2916e3fdff6788551b99b062d0335ce0=$stand_ins/download-artifact" \
    --container-options "-v $HOME/.m2:/root/.m2 -v $work/artifacts:/kpg-artifacts" \
    --env KPG_ACT_ARTIFACTS=/kpg-artifacts --env GITHUB_API_URL="$api" --env GITHUB_RUN_ID="$4" \
    --env GITHUB_REPOSITORY=acme/payments \
    --env TESTCONTAINERS_RYUK_DISABLED=true --env TESTCONTAINERS_CHECKS_DISABLE=true --env TESTCONTAINERS_HOST_OVERRIDE=localhost \
    --var PERF_GATE_ARGS="$selection" --var PERF_NIGHTLY_ARGS="$selection" --var PERF_BROKER_IMAGE="$kafka_image" \
    -s GITHUB_TOKEN=ghs_act_fake_token) >"$5" 2>&1
}

say "1/3 perf-gate on pull_request (log $work/pr-gate.log)"
jq -n --arg sha "$head_sha" --arg branch "$branch" '{
  action: "synchronize", number: 7,
  pull_request: {number: 7, head: {ref: "contrib", sha: $sha, repo: {full_name: "contributor/payments"}},
                 base: {ref: $branch, repo: {full_name: "acme/payments"}}},
  repository: {full_name: "acme/payments", default_branch: $branch}}' > "$work/events/pull_request.json"
run_act pull_request perf-gate.yml "$work/events/pull_request.json" 4201 "$work/pr-gate.log" \
  || { tail -n 60 "$work/pr-gate.log"; die "perf-gate failed under act"; }
artifact=$work/artifacts/4201/perf-gate-results
for file in summary.json event.json act-smoke.paired.json; do
  [ -f "$artifact/$file" ] || { tail -n 40 "$work/pr-gate.log"; die "the artifact lacks $file"; }
done
jq -e '.complete == true and .scenarios[0].scenario == "act-smoke"' "$artifact/summary.json" >/dev/null \
  || die "the artifact's summary.json is not a complete act-smoke run"
jq -e --arg sha "$head_sha" '.mode.name == "paired" and .mode.base == $sha and (.scenarios[0].paired.trials.order | length) == 8' \
  "$artifact/summary.json" >/dev/null || die "the PR gate did not run paired against the merge base $head_sha: $(jq -c .mode "$artifact/summary.json")"
say "    artifact: $(cd "$artifact" && echo *)"

say "2/3 perf-gate comment on workflow_run, twice (logs $work/comment-*.log)"
jq -n --arg sha "$head_sha" --arg branch "$branch" '{
  action: "completed",
  workflow_run: {id: 4201, event: "pull_request", conclusion: "success", head_sha: $sha, head_branch: "contrib",
                 head_repository: {full_name: "contributor/payments"}, pull_requests: [],
                 html_url: "https://github.test/acme/payments/actions/runs/4201"},
  repository: {full_name: "acme/payments", default_branch: $branch}}' > "$work/events/workflow_run.json"
run_act workflow_run perf-gate-comment.yml "$work/events/workflow_run.json" 4202 "$work/comment-1.log" \
  || { tail -n 60 "$work/comment-1.log"; die "perf-gate comment failed under act (first run)"; }
[ "$(state '.comments | length')" = 1 ] || die "expected one comment after the first run, found $(state '.comments | length')"
state -e '.comments[0].body | startswith("<!-- kafka-perf-gate-comment:kafka-perf-gate -->") and contains("| act-smoke |")' >/dev/null \
  || die "the comment is not the gate's report: $(state -r '.comments[0].body' | head -c 400)"
run_act workflow_run perf-gate-comment.yml "$work/events/workflow_run.json" 4203 "$work/comment-2.log" \
  || { tail -n 60 "$work/comment-2.log"; die "perf-gate comment failed under act (second run)"; }
[ "$(state '.comments | length')" = 1 ] || die "the second run made another comment"
state -e '[.requests[] | select(startswith("PATCH /repos/acme/payments/issues/comments/"))] | length == 1' >/dev/null \
  || die "the second run did not update the comment in place: $(state -c '.requests')"
say "    one comment, created then updated: $(state -c '[.requests[] | select(startswith("GET") | not)]')"

say "3/3 perf-baselines on schedule, as the nightly cron fires it (log $work/nightly.log)"
# A schedule payload carries no repository.default_branch: the old job condition skipped every
# nightly (and showed green); the job must run on it.
jq -n '{schedule: "17 3 * * *"}' > "$work/events/schedule.json"
run_act schedule perf-baselines.yml "$work/events/schedule.json" 4204 "$work/nightly.log" \
  || { tail -n 60 "$work/nightly.log"; die "perf-baselines failed under act"; }
grep -q "Job 'measure' is about to start\|\[perf-baselines/measure" "$work/nightly.log" || die "the scheduled nightly skipped its measure job"
grep -q "\[perf-baselines/publish" "$work/nightly.log" || die "the scheduled nightly skipped its publish job"
pr_branch=$(state -r '.createdPulls[0].head // empty')
[ -n "$pr_branch" ] || die "perf-baselines opened no pull request: $(state -c '.createdPulls')"
git -C "$work/git/acme/payments.git" rev-parse --verify -q "refs/heads/$pr_branch" >/dev/null || die "branch $pr_branch was not pushed"
changed=$(git -C "$work/git/acme/payments.git" diff --name-only "$head_sha" "refs/heads/$pr_branch")
echo "$changed" | grep -q '^baselines/[^/]*/[^/]*/act-smoke\.json$' || die "the baseline commit does not add act-smoke's baseline: $changed"
# The nightly history travels with its baseline in the same commit, one line for this night.
echo "$changed" | grep -q '^baselines/[^/]*/[^/]*/act-smoke\.history\.jsonl$' || die "the baseline commit does not add act-smoke's nightly history: $changed"
# shellcheck disable=SC2016 # $branch is jq's variable
state -e --arg branch "$branch" '.createdPulls[0] | .base == $branch and (.body | contains("refresh-baselines: merged"))' >/dev/null \
  || die "the baseline PR does not carry the refresh report: $(state -c '.createdPulls[0]')"
say "    pushed $pr_branch ($changed) and opened PR: $(state -r '.createdPulls[0].title')"
say "PASS in $((SECONDS / 60))m$((SECONDS % 60))s: perf-gate -> artifact -> one comment created and updated; nightly -> baseline commit and PR"
