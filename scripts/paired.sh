#!/usr/bin/env bash
# Sourced by gate.sh for --base REF: builds the gate, makes the sides' users (sandbox.sh), and
# starts the deciding JVM with -Dperf.base.ref, which checks the base out, builds both sides as
# their users, applies the fallback, adoption and refusal rules, measures and decides
# (dev.kafkaperfgate.internal.basebuild, in Java). What stays here is what must be shell: the
# private work folder and the users, made and removed around the JVM, on exit, INT and TERM.
#
# What the head cannot change (docs/security.md):
#   - the deciding JVM runs on the gate's own build (copied to a folder the sides cannot write),
#     never on the head's classpath, in the private work folder, with the environment's Java options
#     removed and -XX:+DisableAttachMechanism; the workers put the same jars
#     before a side's classes, so a head class named dev.kafkaperfgate.* is never loaded;
#   - the work folder is private (mode 0700, under $RUNNER_TEMP, else ~/.cache/kafka-perf-gate,
#     never the shared /tmp), and each build reads .mvn/ from its own checkout only;
#   - each side's build, workers and component JVMs run as a user of the run's own, on a copy of
#     its tree and of the local Maven repository: the head's code cannot write the base's rules, the
#     work folder, the results, the gate's jars, the scripts or $GITHUB_ENV;
#   - in this repository (no --module) the gate under test is the head itself (docs/security.md).
#
# Expects from gate.sh: gate_root, module (empty for this repository), module_dir (the module the
# JUnit suite would run in; the gate's JVM is told it with --module), results, gate_wait, gate_cleanups
# and gate_java_clean_env (scripts/gate-java.sh)
# (its cancel handling: traps for INT, TERM and EXIT that stop every waited-for process).

# shellcheck disable=SC2154 # gate_root, module, module_dir, results and gate_cleanups are set by gate.sh, which sources this file
true

# shellcheck source=scripts/sandbox.sh
. "$(dirname "${BASH_SOURCE[0]}")/sandbox.sh"

paired_work=""
paired_top=""

# Removes the worktree and its folder; gate.sh's gate_stop calls it after stopping what was started.
paired_cleanup() {
  if [ -n "$paired_work" ] && [ -d "$paired_work" ]; then
    gate_git "$paired_top" worktree remove --force "$paired_work/base" >/dev/null 2>&1
    rm -rf "$paired_work"
    gate_git "$paired_top" worktree prune >/dev/null 2>&1
  fi
  paired_work=""
}

# paired_gate_classpath PERF_TESTS_DIR OUT: the gate's own jar, copied into the private work folder
# (a later build cannot rewrite the copy), and its runtime classpath, as its build wrote them.
paired_gate_classpath() {
  local dir=$1 out=$2 jar
  jar=$(find "$dir/target" -maxdepth 1 -name 'kafka-perf-gate-*.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' ! -name '*-tests.jar' ! -name '*-unshaded.jar' | head -n 1)
  if [ -z "$jar" ] || [ ! -f "$dir/target/gate-runtime-classpath.txt" ]; then
    echo "gate: the gate's build in $dir left no jar or target/gate-runtime-classpath.txt" >&2
    return 1
  fi
  mkdir -p "$paired_work/gate" && cp "$jar" "$paired_work/gate/kafka-perf-gate.jar" || return 1
  # With users of their own, the sides' workers load the gate from a copy they can read and not write.
  sandbox_gate_jars "$paired_work/gate/kafka-perf-gate.jar:$(cat "$dir/target/gate-runtime-classpath.txt")" >"$out" || return 1
}

# paired_run REF [-D...]: the paired gate; returns the gate JVM's exit code, or 2 on bad input
# (a REF that is not a commit) and 3 when the gate's build or the work folder failed, each said in one line.
paired_run() {
  local ref=$1
  shift
  paired_top=$(gate_git_top "$module_dir") || {
    echo "gate: --base needs a git checkout, and $module_dir is not in one" >&2; return 2; }
  gate_git "$paired_top" rev-parse --verify --quiet "$ref^{commit}" >/dev/null || {
    echo "gate: --base $ref is not a commit of $paired_top (fetch it first, e.g. git fetch origin main; in Actions: fetch-depth: 0)" >&2
    return 2; }
  local arg
  for arg in "$@"; do
    case "$arg" in
      -Dperf.base.ref=*|-Dperf.head.classpath.file=*|-Dperf.base.classpath.file=*)
        echo "gate: ${arg%%=*} is set by gate.sh --base itself" >&2; return 2 ;;
    esac
  done
  # Private: the runner's own temp folder (Actions sets RUNNER_TEMP), else the user's cache; mktemp makes it 0700.
  local private=${RUNNER_TEMP:-$HOME/.cache/kafka-perf-gate}
  if ! mkdir -p "$private" || ! chmod go-w "$private"; then
    echo "gate: cannot create a private work folder under $private" >&2
    return 3
  fi
  paired_work=$(mktemp -d "$private/kpg-paired-XXXXXX") || return 3
  gate_cleanups+=(paired_cleanup)

  # 1. The gate, from its own checkout, before anything of the pull request is built. A team's
  # module resolves the library from the local repository, so it is installed there (before the
  # sides' copies of that repository are made). In this repository the gate under test is the
  # head's own reactor, built here as the gate's user; the head is built again as its own user.
  if [ -n "$module" ]; then
    echo "gate: building the gate ($gate_root, installed for the team's builds)"
  else
    echo "gate: building the gate ($gate_root perf-tests: in this repository, the head's own)"
  fi
  local goal=install defaults=()
  # -Dmaven.test.skip: the gate's own tests are not compiled (13 s of every run here).
  [ -n "$module" ] || { goal=package; defaults=(-Dperf.scenarios.dir=scenarios -Dperf.baselines.dir="$gate_root/baselines"); }
  # Its pinned Maven, every artifact checked against the gate's checksums (scripts/gate-maven.sh).
  if ! gate_mvn -B -q -f "$gate_root/pom.xml" -pl perf-tests -am -Dmaven.test.skip=true "$goal" >"$paired_work/gate-build.log" 2>&1; then
    local refused
    refused=$(gate_maven_refused "$paired_work/gate-build.log")
    [ -z "$refused" ] || { echo "gate: INFRASTRUCTURE ERROR: the gate's build refused an artifact not as pinned: $refused" >&2; return 3; }
    echo "gate: the gate itself does not build; the last lines of the build:" >&2
    tail -n 20 "$paired_work/gate-build.log" >&2
    return 3
  fi

  # The sides' users and homes: nothing of either side has run yet.
  local code=0
  sandbox_setup || { code=$?; return $code; }
  local gate_cp=$paired_work/gate-classpath.txt
  paired_gate_classpath "$gate_root/perf-tests" "$gate_cp" || return 3
  # The wiring is the deciding JVM's arguments, not settings: no -D a team gives can set it.
  local wiring=(--head-build --work "$paired_work" --module "$module_dir")
  if [ "$sandbox_mode" = users ]; then
    wiring+=(--base-user "$(sandbox_user base):$(sandbox_home base)" --head-user "$(sandbox_user head):$(sandbox_home head)"
      --exchange "$sandbox_root/exchange")
  fi
  # Relative to the module's folder, where gate.sh runs. Named, not made: the JVM makes it at its end,
  # refusing a link on its path (a pull request can commit target/ or target/perf-results as one).
  local results_abs=$results
  case "$results" in /*) ;; *) results_abs=$PWD/$results ;; esac

  # 2. The deciding JVM, on the gate's classpath alone, in the gate's private work folder (never the
  # pull request's checkout; --module names it), with no class path, agent or option taken from the
  # environment (gate_java_clean_env): it builds the sides as their users, applies the rules and decides.
  local here=$PWD
  cd "$paired_work" || return 3
  gate_wait gate_java_clean_env java -Xms512m -Xmx512m -XX:+UseG1GC -XX:+DisableAttachMechanism -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -Dorg.slf4j.simpleLogger.log.org.apache.kafka=error -cp "$(cat "$gate_cp")" -Dperf.results.dir="$results_abs" \
    -Dperf.base.ref="$ref" "${defaults[@]}" "$@" dev.kafkaperfgate.PerfGate "${wiring[@]}" || code=$?
  # Every process of the sides' users ends (the JVM ended them before reading the results, too).
  sandbox_end head || code=3
  sandbox_end base || code=3
  cd "$here" || return 2
  return $code
}
