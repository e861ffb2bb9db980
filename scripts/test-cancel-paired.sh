#!/usr/bin/env bash
# A paired run cancelled as GitHub cancels it, while both sides' users run workers and component
# JVMs (the example adopter, its serializer copying each record once more, judged against its
# shipped commit). The gate action's own run block (read from action.yml) runs in
# bash -eo pipefail, as the runner runs a step, and gets
#   1. the runner's sequence: SIGINT to the step's shell, SIGTERM 7.5 s later, SIGKILL 2.5 s after;
#   2. Ctrl-C: SIGINT to the step's whole process group.
# After each, nothing of the run may be left: no process, no user of the run's, no sandbox or
# worktree folder, no broker data folder. Slow tier (scripts/test.sh --all): about 4 minutes.
#
#   scripts/test-cancel-paired.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/example-adopter.sh
. "$root/scripts/example-adopter.sh"
example_adopter cancel
fail() { echo "test-cancel-paired: FAILED: $*; the logs are in $work" >&2; exit 1; }
(cd "$app" && patch -s -p1 < regressions/copy-per-record.patch)

# The action's "Run the gate" step, as the runner writes it to a script file.
awk '/^      id: gate$/ {in_step = 1} in_step && /^      run: \|$/ {run = 1; next} run && /^    - name:/ {exit} run {sub(/^        /, ""); print}' \
  "$root/.github/actions/gate/action.yml" > "$work/step.sh"
# shellcheck disable=SC2016 # the step's own text, not expanded
grep -q 'wait "$gate_pid"' "$work/step.sh" || fail "could not read the gate step's run block from action.yml"

# One cancelled run: its label and how it is cancelled (runner | group).
cancel_run() {
  local label=$1 how=$2 log=$work/$1.log
  local shm_before
  shm_before=$(find /dev/shm -maxdepth 1 -name 'kpg-*' 2>/dev/null | sort)
  (cd "$app" && exec setsid env GITHUB_ACTION_PATH="$root/.github/actions/gate" GITHUB_OUTPUT="$work/$label.output" \
    GITHUB_RUN_ID=1 WORKDIR=. SUITE=pr IMAGE=unused COMMIT=0123abc BASE=HEAD PROFILE=example TARGET_BRANCH= REFRESH=false \
    EVENT=workflow_dispatch DEFAULT_BRANCH=main KPG_TRACE_STOP=1 \
    ARGS="-Dperf.broker=process -Dperf.broker.warmup=10 -Dperf.scenarios=orders-publish" \
    bash --noprofile --norc -eo pipefail "$work/step.sh" >"$log" 2>&1) &
  local step=$!
  # Until a duel (component JVMs) or a worker runs: both users are at work then.
  local waited=0
  until grep -qE '\] (duel|base warm-up|component)|\[head\] ' "$log" 2>/dev/null; do
    kill -0 "$step" 2>/dev/null || { tail -n 30 "$log" >&2; fail "$label: the run ended before it could be cancelled"; }
    [ "$waited" -lt 600 ] || fail "$label: no worker or duel after 300 s"
    sleep 0.5; waited=$((waited + 1))
  done
  sleep 2
  local users
  users=$(sed -n 's/^gate: the base runs as \(kpg-b-[a-z0-9]*\), the head as \(kpg-h-[a-z0-9]*\): .*/\1 \2/p' "$log")
  [ -n "$users" ] || fail "$label: the run named no users of its own"
  local start=$SECONDS began=$EPOCHREALTIME ended=""
  if [ "$how" = runner ]; then
    kill -INT "$step"
    # The runner's SIGTERM comes 7.5 s after its SIGINT: the step must be over by then, its cleanup
    # started by the first signal (a gate that ignored SIGINT would be cleaned up by SIGTERM, or not at all).
    for _ in $(seq 1 75); do kill -0 "$step" 2>/dev/null || { ended=$EPOCHREALTIME; break; }; sleep 0.1; done
    kill -TERM "$step" 2>/dev/null || true; sleep 2.5
    kill -KILL "$step" 2>/dev/null || true
  else
    kill -INT -- "-$step"
    for _ in $(seq 1 100); do kill -0 "$step" 2>/dev/null || { ended=$EPOCHREALTIME; break; }; sleep 0.1; done
  fi
  wait "$step" 2>/dev/null || true
  [ -n "$ended" ] || fail "$label: the step was still running when the runner's SIGTERM came: its cleanup did not start at SIGINT"
  local took
  took=$(awk -v a="$began" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
  sleep 1
  echo "test-cancel-paired: $label: cancelled ($how) after the workers started; the step ended ${took} s after the first signal; checked $((SECONDS - start)) s after it"
  grep '^gate: stop: ' "$log" | sed "s/^/test-cancel-paired: $label: /"
  local left
  left=$(pgrep -af "$work" | grep -v "^$$ " || true)
  [ -z "$left" ] || fail "$label: processes outlived the cancel: $left"
  local user
  for user in $users; do
    if id -u "$user" >/dev/null 2>&1; then fail "$label: the user $user outlived the cancel"; fi
    if pgrep -u "$user" >/dev/null 2>&1; then fail "$label: processes of $user outlived the cancel"; fi
  done
  # The run's sandbox folder: its random part, lower-cased, names the users.
  local id=${users%% *} dir
  id=${id#kpg-b-}
  for dir in /var/tmp/kpg-sandbox-*; do
    [ -e "$dir" ] || continue
    [ "$(basename "$dir" | cut -d- -f3 | tr '[:upper:]' '[:lower:]')" = "$id" ] && fail "$label: $dir outlived the cancel"
  done
  [ "$(git -C "$app" worktree list | wc -l)" = 1 ] || fail "$label: a worktree outlived the cancel: $(git -C "$app" worktree list)"
  local shm_after
  shm_after=$(find /dev/shm -maxdepth 1 -name 'kpg-*' 2>/dev/null | sort)
  [ "$shm_before" = "$shm_after" ] || fail "$label: a broker folder outlived the cancel: $(comm -13 <(echo "$shm_before") <(echo "$shm_after"))"
}

cancel_run runner-sequence runner
cancel_run ctrl-c group
echo "test-cancel-paired: both cancels left nothing behind"
passed=yes
