#!/usr/bin/env bash
# Runs the gate: the perf suite on a real broker, judged against baselines/<profile>/, and one
# exit code a CI step can act on:
#   0  pass: every scenario ran; no regression confirmed
#   1  regression: at least one confirmed REGRESSION (or, with -Dperf.baseline.required=true,
#      a scenario without a usable baseline)
#   2  not judged: nothing was compared (every verdict NEW or MISMATCH; -Dperf.allow.unjudged=true
#      accepts that), an incomplete run (a scenario that could not run), bad options, a bad
#      scenario or baseline file, or a paired run whose base or gate files the head changed
#   3  infrastructure error: the broker, Docker, Maven, a build or a missing tool failed, or the
#      run wrote no summary.json
#
#   scripts/gate.sh [--module DIR] [--base REF | --event KEY=VALUE...] [--results DIR] [--help] [-Dperf.suite=pr|nightly|all] [-Dperf.scenarios=...] [-Dperf.profile=...] [other -D...]
#   scripts/gate.sh init --module DIR [--producer-config FILE] [--action-ref REF]
#                    writes a scenario, a suite class and the PR workflow for a team's module (scripts/init.sh --help)
#   scripts/gate.sh demo [--patch NAME]
#                    the example adopter with one of its regressions, judged: a FAIL in about 3 minutes (scripts/demo.sh --help)
# The suite defaults to pr, or to all when -Dperf.scenarios picks scenarios by name (the gate's Java decides it).
# Without --module: this repository's own suite (mvn -B verify -Pgate at its root), results in
# perf-tests/target/perf-results/. With --module DIR: a team's Maven module whose tests extend
# PerfGateSuite (mvn -B verify in DIR), results in DIR/target/perf-results/; the gate library is
# built and installed from this checkout first, so the module resolves it with no registry.
# Either way summary.json and one JSON per scenario. --results DIR puts them in DIR instead (the
# action uses a folder under $RUNNER_TEMP, outside the checkout). The run writes into a private
# folder of its own and copies it there at the end, following no link; the previous results are
# kept as DIR.previous.
#
# --base REF: paired mode, the head (this checkout) judged against REF on this machine. REF is
# checked out in a private git worktree (removed on exit, cancel included); each side is built,
# and its code run, as a user of the run's own (scripts/sandbox.sh; root or passwordless sudo),
# and the gate measures both interleaved on one broker. The base's suites, thresholds and
# experiments judge. A base that does not build is exit 2 (not judged); a base with no gate (a
# pull request adopting it) passes unjudged, saying so; a REF that is not a commit is exit 2.
#
# --event KEY=VALUE (repeated; the action's form): a CI event's facts (event, base, target-branch,
# default-branch, ref-name, refresh), from which the gate's Java (EventMode) decides the mode: paired
# against the merge base or a named base, stored, the nightly's refresh, or a refusal (exit 2).
set -uo pipefail
gate_root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
# scripts/gate.sh init --module DIR: sets a team's module up (scripts/init.sh), runs nothing.
if [ "${1:-}" = init ]; then
  shift
  exec "$gate_root/scripts/init.sh" "$@"
fi
# scripts/gate.sh demo: the example adopter with one of its regressions, judged (scripts/demo.sh).
if [ "${1:-}" = demo ]; then
  shift
  exec "$gate_root/scripts/demo.sh" "$@"
fi

# Cancel: GitHub stops a step with SIGINT, then SIGTERM 7.5 s later, then SIGKILL 2.5 s after
# that, all to this shell alone. A command run in the foreground would outlive it (Maven, the
# Surefire JVM and its broker were seen running after the sequence), so every long command runs
# in the background and is waited for: a signal then reaches the trap at once, which stops what
# this script started, by pid, with its descendants, within those 10 s.
gate_pids=()
gate_cleanups=()
# Run at the first signal, before the wait for shutdown hooks: what needs no graceful end (the
# sides' users' processes: builds, workers, component JVMs).
gate_first_stops=()
# shellcheck disable=SC2317 # called from the traps below
gate_tree() {
  local pid=$1 child
  echo "$pid"
  # shellcheck disable=SC2013 # one pid per word
  for child in $(cat "/proc/$pid/task/"*/children 2>/dev/null); do gate_tree "$child"; done
}
# gate_alive PID: whether the process still runs. One that ended and was not reaped yet (a zombie:
# this shell reaps its children only once its trap has returned) has ended: a cancel measured
# the deciding JVM gone 0.26 s after SIGTERM and still counted alive at 1.4 s.
# shellcheck disable=SC2317 # called from gate_stop
gate_alive() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}
# KPG_TRACE_STOP=1 prints when each step of a stop ended, in seconds from its start (test-cancel-paired.sh).
gate_stop_began=""
# shellcheck disable=SC2317 # called from gate_stop
gate_stop_trace() {
  [ -n "${KPG_TRACE_STOP:-}" ] || return 0
  awk -v a="$gate_stop_began" -v b="$EPOCHREALTIME" -v what="$1" 'BEGIN { printf "gate: stop: %s at +%.2f s\n", what, b - a }' >&2
}
# shellcheck disable=SC2317 # called from the traps below
gate_stop() {
  local pid tree=() alive
  gate_stop_began=$EPOCHREALTIME
  for pid in "${gate_pids[@]}"; do
    [ -n "$pid" ] && mapfile -t -O "${#tree[@]}" tree < <(gate_tree "$pid")
  done
  if [ ${#tree[@]} -gt 0 ]; then
    kill -TERM "${tree[@]}" 2>/dev/null
    local stop
    for stop in "${gate_first_stops[@]}"; do "$stop"; done
    gate_stop_trace "signalled the gate's processes and ended the sides' users'"
    # 1.6 s for shutdown hooks (they kill the broker and the workers at once and delete its data folder), then SIGKILL;
    # the cleanups then run side by side, so that the step ends within about 2 s of the first signal, long before the
    # runner's SIGTERM at 7.5 s (test-cancel-paired.sh prints when it ended).
    for _ in $(seq 1 32); do
      alive=0
      for pid in "${tree[@]}"; do gate_alive "$pid" && alive=1; done
      [ "$alive" = 0 ] && break
      sleep 0.05
    done
    kill -KILL "${tree[@]}" 2>/dev/null
    gate_stop_trace "the gate's processes ended"
  fi
  gate_pids=()
  gate_first_stops=()
  # Each cleanup removes what it alone made (the sides' users and their folder, the base's worktree, a log): side by side.
  local cleanup jobs=() job
  for cleanup in "${gate_cleanups[@]}"; do { "$cleanup"; gate_stop_trace "$cleanup ended"; } & jobs+=("$!"); done
  for job in "${jobs[@]}"; do wait "$job" || true; done
  gate_cleanups=()
  gate_stop_trace "cleaned up"
}
# gate_wait COMMAND...: runs it in the background and waits, so that a trap fires at once.
gate_wait() {
  "$@" &
  local pid=$!
  gate_pids+=("$pid")
  wait "$pid"
  local code=$? kept=() other
  # Exact matches only: a pattern substitution would also cut 123 out of 1234.
  for other in "${gate_pids[@]}"; do [ "$other" = "$pid" ] || kept+=("$other"); done
  gate_pids=("${kept[@]}")
  return $code
}
# gate_reactor MODULE_DIR CEILING: the outermost folder, at or below CEILING, whose pom.xml lists
# MODULE_DIR as a module (services/orders from the root, or through nested aggregators);
# MODULE_DIR itself when no folder above it does. A team's perf module usually depends on its
# siblings (the service's own classes), which only a build from that reactor resolves without
# installing them first.
gate_reactor() {
  local dir=$1 ceiling=$2 reactor=$1 name
  while [ "$dir" != "$ceiling" ] && [ "$dir" != / ]; do
    dir=$(dirname "$dir")
    [ -f "$dir/pom.xml" ] || continue
    name=$(realpath --relative-to="$dir" "$reactor")
    grep -Eq "<module>[[:space:]]*(\./)?${name//./\\.}/?[[:space:]]*</module>" "$dir/pom.xml" || break
    reactor=$dir
  done
  echo "$reactor"
}
# gate_git_top, gate_git: git on the checkout the gate found, never by discovery (issue 81).
# shellcheck source=scripts/gate-git.sh
. "$gate_root/scripts/gate-git.sh"
trap 'gate_stop; exit 130' INT
trap 'gate_stop; exit 143' TERM
trap 'gate_stop' EXIT

module=""
base=""
event_facts=()
results_arg=""
start_dir=$PWD
while [ $# -gt 0 ]; do
  case "$1" in
    --module) module=${2:?--module needs a directory}; shift 2 ;;
    --base) base=${2:?--base needs a git ref, e.g. origin/main}; shift 2 ;;
    --event) event_facts+=("${2:?--event needs KEY=VALUE, e.g. event=pull_request}"); shift 2 ;;
    --results) results_arg=${2:?--results needs a folder}; shift 2 ;;
    -h|--help)
      # The header above is the help: from the first comment line to the end of the first comment block.
      sed -n '2,/^set -uo pipefail/{/^set /d;s/^# \{0,1\}//;p}' "$0"
      exit 0 ;;
    --*) echo "gate: unknown option $1 (scripts/gate.sh --help lists them; settings are -Dperf.* properties)" >&2; exit 2 ;;
    -D*) break ;;
    *) echo "gate: unexpected argument '$1': options are --module DIR, --base REF, --event KEY=VALUE, --results DIR and --help, then -Dperf.* settings" >&2; exit 2 ;;
  esac
done
if [ -n "$module" ]; then
  [ -f "$module/pom.xml" ] || { echo "gate: --module $module has no pom.xml" >&2; exit 2; }
  cd "$module" || exit 2
  module_dir=$(pwd)
  results=target/perf-results
  maven=(mvn -B verify)
  git_top=$(gate_git_top "$module_dir") || git_top=""
  reactor=$(gate_reactor "$module_dir" "${git_top:-/}")
  if [ "$reactor" != "$module_dir" ]; then
    # Built from its reactor with the modules it needs (their own tests run too, as in any
    # mvn verify from the root); the suite runs in the module's folder as before.
    maven=(mvn -B -f "$reactor/pom.xml" -pl "$(realpath --relative-to="$reactor" "$module_dir")" -am verify)
    echo "gate: $module is a module of the reactor $reactor: built with the modules it depends on"
  fi
else
  cd "$gate_root" || exit 2
  git_top=$(gate_git_top "$gate_root") || git_top=""
  module_dir=$gate_root/perf-tests
  results=perf-tests/target/perf-results
  maven=(mvn -B verify -Pgate)
fi
if [ -z "$git_top" ] && gate_git_hidden "$module_dir"; then
  echo "gate: $module_dir is reached through a link, or lies inside a git submodule: the gate takes a module of the checkout's own repository, along its own path (run it from its real path; not judged)" >&2
  exit 2
fi
if [ -n "$results_arg" ]; then
  case "$results_arg" in /*) results=$results_arg ;; *) results=$start_dir/$results_arg ;; esac
fi
summary=$results/summary.json
args=("$@")
# Recorded in summary.json, so that the PR comment's "Reproduce locally" names the module.
# It is said relative to the repository's root, as a workflow's working-directory is.
if [ -n "$module" ]; then
  if [ -n "$git_top" ]; then run_module=$(realpath -s --relative-to="$git_top" "$module_dir"); else run_module=$module; fi
  args=("-Dperf.run.module=${run_module:-.}" "${args[@]}")
fi
# The suite is Java's to choose (pr, or all when -Dperf.scenarios names scenarios); this only asks a
# team's PerfGateSuite, which an ordinary mvn test skips, to run.
args=(-Dperf.enabled=true "${args[@]}")
for arg in "$@"; do
  case "$arg" in
    -Dperf.results.dir=*) echo "gate: -Dperf.results.dir is not supported here: use --results DIR" >&2; exit 2 ;;
    --module|--base|--event|--results|--help) echo "gate: $arg after a -D setting: the options come first, then the -D settings" >&2; exit 2 ;;
  esac
done
# shellcheck source=scripts/provision.sh
. "$gate_root/scripts/provision.sh"
provision java:openjdk-17-jdk-headless mvn:maven jq:jq curl:curl || exit 3
# The gate's own launches (EventMode, GateExit): compiled from this checkout into a private folder
# and started from there with a class path of that folder alone, never from their source in the
# module's folder, whose class path would be the pull request's checkout (scripts/gate-java.sh).
# shellcheck source=scripts/gate-java.sh
. "$gate_root/scripts/gate-java.sh"
gate_cleanups+=(gate_java_cleanup)
gate_java_build || exit 3
if [ ${#event_facts[@]} -gt 0 ]; then
  [ -z "$base" ] || { echo "gate: --base and --event both choose the mode: give one" >&2; exit 2; }
  # The mode is Java's to decide (EventMode); this launches what it prints. git runs on the checkout's top, found by its .git.
  event_mode=$(gate_java EventMode "${event_facts[@]}" "checkout=$git_top")
  event_exit=$?
  [ "$event_exit" = 0 ] || exit "$event_exit"
  mapfile -t event_args < <(printf '%s' "$event_mode" | sed '/^$/d')
  if [ "${event_args[0]:-}" = --base ]; then
    base=${event_args[1]}
    event_args=("${event_args[@]:2}")
  fi
  args=("${event_args[@]}" "${args[@]}")
fi
# Paired mode runs each side as a user of its own (scripts/sandbox.sh), which root can make.
if [ -n "$base" ] && [ "$(id -u)" = 0 ]; then
  provision useradd:passwd pkill:procps setpriv:util-linux || exit 3
fi

if [ -n "$results_arg" ]; then args=("-Dperf.results.dir=$results" "${args[@]}"); fi
# A summary left by an earlier run must not speak for this one: only a summary.json newer than this
# mark, reached through no link, is this run's (the gate's JVM publishes a new folder at its end).
run_mark=$(mktemp "${TMPDIR:-/tmp}/kpg-run-mark.XXXXXX") || exit 3
# shellcheck disable=SC2317 # called by gate_stop, on every exit and cancel
gate_remove_mark() { rm -f "$run_mark"; }
gate_cleanups+=(gate_remove_mark)
if [ -n "$base" ] || [ -n "$module" ]; then
  # The gate's own build: its pinned Maven, every artifact checked against the checkout's checksums (scripts/gate-maven.sh).
  # shellcheck source=scripts/gate-maven.sh
  . "$gate_root/scripts/gate-maven.sh"
  gate_maven_work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/kpg-gate-maven.XXXXXX") || exit 3
  # shellcheck disable=SC2317 # called by gate_stop, on every exit and cancel
  gate_remove_maven() { rm -rf "$gate_maven_work"; }
  gate_cleanups+=(gate_remove_maven)
  gate_maven_setup "$gate_maven_work" || exit 3
fi
if [ -n "$base" ]; then
  # shellcheck source=scripts/paired.sh
  . "$gate_root/scripts/paired.sh"
  paired_run "$base" "${args[@]}"
  maven_exit=$?
else
  if [ -n "$module" ]; then
    # A team's module resolves the library from the local repository: the gate is built and
    # installed from this checkout first, so no registry is needed (paired mode does the same).
    # -Dmaven.test.skip: the gate's own tests are not compiled (13 s of every run here).
    echo "gate: building the gate ($gate_root, installed for the team's build)"
    gate_log=$(mktemp "${TMPDIR:-/tmp}/kpg-gate-build.XXXXXX")
    # shellcheck disable=SC2317 # called by gate_stop, on every exit and cancel
    gate_remove_log() { rm -f "$gate_log"; }
    gate_cleanups+=(gate_remove_log)
    if ! gate_mvn -B -q -f "$gate_root/pom.xml" -pl perf-tests -am -Dmaven.test.skip=true install >"$gate_log" 2>&1; then
      refused=$(gate_maven_refused "$gate_log")
      [ -z "$refused" ] || { echo "gate: INFRASTRUCTURE ERROR: the gate's build refused an artifact not as pinned: $refused" >&2; exit 3; }
      echo "gate: INFRASTRUCTURE ERROR: the gate itself does not build; the last lines of the build:" >&2
      tail -n 20 "$gate_log" >&2
      exit 3
    fi
  fi
  gate_wait "${maven[@]}" "${args[@]}"
  maven_exit=$?
fi

# this_runs_summary: whether $summary is a file this run wrote, with no link on its path.
this_runs_summary() {
  [ -f "$summary" ] && [ "$summary" -nt "$run_mark" ] \
    && [ "$(realpath -e -- "$summary" 2>/dev/null)" = "$(realpath -s -- "$summary")" ]
}
# The exit code is Java's to decide (GateExit, launched from the gate's private folder); this passes what jq found and its code on.
gate_exit() {
  gate_java GateExit "maven-exit=$maven_exit" "path=$summary" "$@"
  exit $?
}
this_runs_summary || gate_exit summary=missing
jq -e 'type == "object" and (.scenarios | type) == "array"' "$summary" >/dev/null 2>&1 || gate_exit summary=malformed

echo
echo "gate: verdicts ($summary)"
jq -r '.scenarios[] | "  \(.scenario): \(.outcome)"
  + (if .verdict then " (\(.verdict))" else ": \(.message)" end),
  (.metrics[]? | "    \(.line)"),
  (.confirmation.metrics[]? | "    re-run: \(.line)")' "$summary"
jq -r '"gate: drift: \(.drift.description // "not measured")"' "$summary"
if [ -f "$results/report.html" ]; then
  echo "gate: report: $results/report.html"
fi
# Wall time from the script's start, builds included: what a PR waits for (the 10-minute budget).
printf 'gate: wall time %dm%02ds\n' $((SECONDS / 60)) $((SECONDS % 60))

# The decision was made once, in Java (RunSummary.result()); this script only reads it.
gate_exit summary=written "decision-exit=$(jq -r '.decision.exitCode // empty' "$summary")" \
  "outcome=$(jq -r '.decision.outcome // empty' "$summary")" "headline=$(jq -r '.decision.headline // empty' "$summary")"
