#!/usr/bin/env bash
# Sourced by gate.sh for --base REF: builds the base in a git worktree and the head in place,
# resolves each side's test classpath, and runs the gate's paired mode (PerfGate, in Java, which
# measures and decides). Cleans up the worktree and every process it started on exit, INT and TERM.
#
# Expects from gate.sh: gate_root, module (empty for this repository), module_dir (the module the
# JUnit suite would run in; the gate's JVM runs there too), results, gate_wait and gate_cleanups
# (its cancel handling: traps for INT, TERM and EXIT that stop every waited-for process).

# shellcheck disable=SC2154 # gate_root, module, module_dir, results and gate_cleanups are set by gate.sh, which sources this file
true

paired_work=""
paired_top=""

# Removes the worktree and its folder; gate.sh's gate_stop calls it after stopping what was started.
paired_cleanup() {
  if [ -n "$paired_work" ] && [ -d "$paired_work" ]; then
    git -C "$paired_top" worktree remove --force "$paired_work/base" >/dev/null 2>&1
    rm -rf "$paired_work"
    git -C "$paired_top" worktree prune >/dev/null 2>&1
  fi
  paired_work=""
}

# paired_classpath SIDE REACTOR_ROOT MODULE_REL OUT LOG: builds a side and writes its test classpath to OUT.
paired_classpath() {
  local side=$1 root=$2 rel=$3 out=$4 log=$5 select=()
  [ -n "$rel" ] && [ "$rel" != "." ] && select=(-pl "$rel" -am)
  echo "gate: building the $side ($root${rel:+ $rel})"
  if ! gate_wait mvn -B -q -f "$root/pom.xml" "${select[@]}" -DskipTests package dependency:build-classpath \
      -Dmdep.outputFile="$out.deps" -Dmdep.includeScope=test >"$log" 2>&1; then
    return 1
  fi
  local dir=$root/$rel
  [ -f "$out.deps" ] || return 1
  printf '%s:%s:%s' "$dir/target/test-classes" "$dir/target/classes" "$(cat "$out.deps")" >"$out"
}

# paired_run REF [-D...]: the paired gate; returns the gate JVM's exit code (2 on a setup error).
paired_run() {
  local ref=$1
  shift
  local sha short rel base_module fallback=""
  paired_top=$(git -C "$module_dir" rev-parse --show-toplevel 2>/dev/null) || {
    echo "gate: --base needs a git checkout, and $module_dir is not in one" >&2; return 2; }
  sha=$(git -C "$paired_top" rev-parse --verify --quiet "$ref^{commit}") || {
    echo "gate: --base $ref is not a commit of $paired_top (fetch it first, e.g. git fetch origin main; in Actions: fetch-depth: 0)" >&2
    return 2; }
  short=${sha:0:12}
  paired_work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-paired-XXXXXX") || return 2
  gate_cleanups+=(paired_cleanup)
  echo "gate: paired mode: head $(git -C "$paired_top" rev-parse --short=12 HEAD) against base $short ($ref)"
  git -C "$paired_top" worktree add --detach --quiet "$paired_work/base" "$sha" || {
    echo "gate: could not check out the base $short in a worktree" >&2; return 2; }

  # The module's place in the repository: this repository builds perf-tests in its reactor; a
  # team's module builds on its own, in the head checkout and at the same path in the base.
  local head_root head_rel base_root base_rel
  if [ -z "$module" ]; then
    head_root=$paired_top; head_rel=perf-tests
    base_root=$paired_work/base; base_rel=perf-tests
  else
    rel=$(realpath --relative-to="$paired_top" "$module_dir")
    head_root=$module_dir; head_rel=.
    base_root=$paired_work/base/$rel; base_rel=.
  fi
  base_module=$base_root/$base_rel

  if ! paired_classpath head "$head_root" "$head_rel" "$paired_work/head-classpath.txt" "$paired_work/head-build.log"; then
    echo "gate: the head does not build; the last lines of the build:" >&2
    tail -n 20 "$paired_work/head-build.log" >&2
    return 2
  fi
  local adoption=()
  if [ ! -f "$base_module/pom.xml" ]; then
    fallback="the base $short has no $([ -z "$module" ] && echo perf-tests || echo "$rel")/pom.xml"
    # The pull request adopts the gate: a run with nothing to judge against may pass, saying so
    # (the gate decides; a -Dperf.allow.unjudged given to gate.sh comes later and wins).
    adoption=(-Dperf.allow.unjudged=true)
  elif ! paired_classpath base "$base_root" "$base_rel" "$paired_work/base-classpath.txt" "$paired_work/base-build.log"; then
    fallback="the base $short does not build: $(grep -m1 -E 'ERROR|FAIL' "$paired_work/base-build.log" | cut -c1-200)"
  fi

  # Directories as the JUnit suite sees them, relative to the module: the head's, and the same
  # path in the base's checkout. A -Dperf.scenarios.dir given on the command line moves both.
  local scenarios_rel=perf baselines=baselines arg passed=()
  [ -z "$module" ] && scenarios_rel=scenarios && baselines=$gate_root/baselines
  for arg in "$@"; do
    case "$arg" in
      -Dperf.scenarios.dir=*) scenarios_rel=${arg#-Dperf.scenarios.dir=} ;;
      -Dperf.baselines.dir=*) baselines=${arg#-Dperf.baselines.dir=} ;;
      *) passed+=("$arg") ;;
    esac
  done
  local head_scenarios=$scenarios_rel base_scenarios=$base_module/$scenarios_rel
  case "$scenarios_rel" in /*) base_scenarios=$scenarios_rel ;; esac
  local results_abs
  results_abs=$(cd "$(dirname "$results")" 2>/dev/null && pwd)/$(basename "$results") || results_abs=$gate_root/$results
  mkdir -p "$results_abs"
  results_abs=$(cd "$results_abs" && pwd)

  local gate_jvm=(java -Xms512m -Xmx512m -XX:+UseG1GC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn
    -Dorg.slf4j.simpleLogger.log.org.apache.kafka=error -cp "$(cat "$paired_work/head-classpath.txt")")
  local where=(-Dperf.results.dir="$results_abs" -Dperf.scenarios.dir="$head_scenarios" -Dperf.baselines.dir="$baselines")
  if [ -n "$fallback" ]; then
    echo "gate: paired mode unavailable: $fallback; judging against stored baselines instead" >&2
  fi
  # In the module, as Surefire runs the suite; back where gate.sh reads the summary afterwards.
  local here=$PWD code=0
  cd "$module_dir" || return 2
  if [ -n "$fallback" ]; then
    gate_wait "${gate_jvm[@]}" "${where[@]}" -Dperf.fallback.reason="$fallback" "${adoption[@]}" "${passed[@]}" dev.kafkaperfgate.PerfGate || code=$?
  else
    gate_wait "${gate_jvm[@]}" "${where[@]}" -Dperf.base.classpath.file="$paired_work/base-classpath.txt" \
      -Dperf.head.classpath.file="$paired_work/head-classpath.txt" -Dperf.base.scenarios.dir="$base_scenarios" \
      -Dperf.base.commit="$sha" "${passed[@]}" dev.kafkaperfgate.PerfGate || code=$?
  fi
  cd "$here" || return 2
  return $code
}
