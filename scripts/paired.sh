#!/usr/bin/env bash
# Sourced by gate.sh for --base REF: builds the base in a git worktree, then the head in place,
# resolves each side's test classpath, and runs the gate's paired mode (PerfGate, in Java, which
# measures and decides). Cleans up the worktree and every process it started on exit, INT and TERM.
#
# What the head cannot change (docs/security.md):
#   - the deciding JVM runs on the gate's own build (this checkout's perf-tests jar, copied to the
#     private work folder, and its runtime classpath), never on the head's classpath; the workers
#     put the same jars before a side's classes, so a head class named dev.kafkaperfgate.* is never loaded;
#   - the base is built first, and every file the base and the gate run on is fingerprinted; a
#     head whose build (or run) changes one of them, in the worktree or in ~/.m2, is NOT JUDGED;
#   - the work folder is private (mode 0700, under $RUNNER_TEMP, else ~/.cache/kafka-perf-gate,
#     never the shared /tmp), and each build reads .mvn/ from its own checkout only;
#   - each side's build, workers and component JVMs run as a user of the run's own, on a copy of
#     its tree and of the local Maven repository (sandbox.sh): the head's code cannot write the base's
#     rules, the work folder, the results, the gate's jars, the scripts or $GITHUB_ENV, nor attach to
#     the deciding JVM (-XX:+DisableAttachMechanism), and runs there never.
#
# Expects from gate.sh: gate_root, module (empty for this repository), module_dir (the module the
# JUnit suite would run in; the gate's JVM runs there too), results, gate_wait and gate_cleanups
# (its cancel handling: traps for INT, TERM and EXIT that stop every waited-for process).

# shellcheck disable=SC2154,SC2034 # gate_root, module, module_dir, results and gate_cleanups are set by gate.sh, which sources this file; it reads paired_refusal
true

# shellcheck source=scripts/sandbox.sh
. "$(dirname "${BASH_SOURCE[0]}")/sandbox.sh"

paired_work=""
paired_top=""
# Set when the run must not be judged although it ran; gate.sh prints it and exits 2.
paired_refusal=""

# Removes the worktree and its folder; gate.sh's gate_stop calls it after stopping what was started.
paired_cleanup() {
  if [ -n "$paired_work" ] && [ -d "$paired_work" ]; then
    git -C "$paired_top" worktree remove --force "$paired_work/base" >/dev/null 2>&1
    rm -rf "$paired_work"
    git -C "$paired_top" worktree prune >/dev/null 2>&1
  fi
  paired_work=""
}

# paired_maven CHECKOUT_TOP MVN_ARGS...: Maven with .mvn/ read from the checkout's own top folder
# only: without MAVEN_BASEDIR, mvn searches every parent folder for one, a planted one included.
paired_maven() {
  local top=$1
  shift
  MAVEN_BASEDIR=$top gate_wait mvn "$@"
}

# paired_classpath SIDE CHECKOUT_TOP REACTOR_ROOT MODULE_REL OUT LOG: builds a side as its user
# (sandbox.sh) and writes its test classpath to OUT, once every process of that user has ended.
paired_classpath() {
  local side=$1 top=$2 root=$3 rel=$4 out=$5 log=$6 select=() deps code=0
  [ -n "$rel" ] && [ "$rel" != "." ] && select=(-pl "$rel" -am)
  if [ -n "$rel" ] && [ "$rel" != . ]; then echo "gate: building the $side ($root $rel)"; else echo "gate: building the $side ($root)"; fi
  # Written by the side's build where its user may write; read once that user's processes have ended.
  deps=$out.deps
  [ "$sandbox_mode" = users ] && deps=$(sandbox_home "$side")/tmp/classpath.deps
  gate_wait sandbox_as "$side" env MAVEN_BASEDIR="$top" mvn -B -q -f "$root/pom.xml" "${select[@]}" -DskipTests package \
    dependency:build-classpath -Dmdep.outputFile="$deps" -Dmdep.includeScope=test >"$log" 2>&1 || code=$?
  sandbox_end "$side" || return 1
  [ "$code" = 0 ] || return 1
  local dir=$root/$rel
  [ -f "$deps" ] || return 1
  printf '%s:%s:%s' "$dir/target/test-classes" "$dir/target/classes" "$(cat "$deps")" >"$out"
}

# paired_gate_classpath PERF_TESTS_DIR OUT: the gate's own jar, copied into the private work folder
# (a later build cannot rewrite the copy), and its runtime classpath, as its build wrote them.
paired_gate_classpath() {
  local dir=$1 out=$2 jar
  jar=$(find "$dir/target" -maxdepth 1 -name 'kafka-perf-gate-*.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' ! -name '*-tests.jar' | head -n 1)
  if [ -z "$jar" ] || [ ! -f "$dir/target/gate-runtime-classpath.txt" ]; then
    echo "gate: the gate's build in $dir left no jar or target/gate-runtime-classpath.txt" >&2
    return 1
  fi
  mkdir -p "$paired_work/gate" && cp "$jar" "$paired_work/gate/kafka-perf-gate.jar" || return 1
  # With users of their own, the sides' workers load the gate from a copy they can read and not write.
  sandbox_gate_jars "$paired_work/gate/kafka-perf-gate.jar:$(cat "$dir/target/gate-runtime-classpath.txt")" >"$out" || return 1
}

# paired_fingerprint CLASSPATH_FILE...: one sha256 line per file on the classpaths (a folder: each
# file in it; a missing entry: one line saying so), so that any change to them shows as a diff.
paired_fingerprint() {
  local entry
  # "|| [ -n ... ]": a classpath file ends without a newline, and its last entry counts too.
  while IFS= read -r entry || [ -n "$entry" ]; do
    [ -n "$entry" ] || continue
    if [ -d "$entry" ]; then
      find "$entry" -type f -print0 | sort -z | xargs -0r sha256sum
    elif [ -e "$entry" ]; then
      sha256sum "$entry"
    else
      echo "missing  $entry"
    fi
  done < <(cat "$@" | tr ':' '\n')
}

# paired_changed SAVED CLASSPATH_FILE...: prints the first file that no longer matches SAVED; 1 when none.
paired_changed() {
  local saved=$1 line
  shift
  line=$(diff <(paired_fingerprint "$@") "$saved" | grep -m1 '^[<>]') || return 1
  echo "${line##* }"
}

# paired_run REF [-D...]: the paired gate; returns the gate JVM's exit code, or 2 on bad input
# (a REF that is not a commit) and 3 when a build, git or the work folder failed, each said in one line.
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
  # Private: the runner's own temp folder (Actions sets RUNNER_TEMP), else the user's cache; mktemp makes it 0700.
  local private=${RUNNER_TEMP:-$HOME/.cache/kafka-perf-gate}
  if ! mkdir -p "$private" || ! chmod go-w "$private"; then
    echo "gate: cannot create a private work folder under $private" >&2
    return 3
  fi
  paired_work=$(mktemp -d "$private/kpg-paired-XXXXXX") || return 3
  gate_cleanups+=(paired_cleanup)
  echo "gate: paired mode: head $(git -C "$paired_top" rev-parse --short=12 HEAD) against base $short ($ref)"
  git -C "$paired_top" worktree add --detach --quiet "$paired_work/base" "$sha" || {
    echo "gate: could not check out the base $short in a worktree" >&2; return 3; }

  # The module's place in the repository: this repository builds perf-tests in its reactor; a
  # team's module builds in its own reactor (or alone), in the head checkout and at the same
  # path in the base.
  local head_root head_rel base_root base_rel
  if [ -z "$module" ]; then
    head_root=$paired_top; head_rel=perf-tests
    base_root=$paired_work/base; base_rel=perf-tests
  else
    rel=$(realpath --relative-to="$paired_top" "$module_dir")
    # A module of a reactor is built from it with the modules it needs (-pl -am), on both sides.
    local reactor reactor_rel
    reactor=$(gate_reactor "$module_dir" "$paired_top")
    reactor_rel=$(realpath --relative-to="$paired_top" "$reactor")
    head_root=$reactor; head_rel=$(realpath --relative-to="$reactor" "$module_dir")
    base_root=$paired_work/base; base_rel=$head_rel
    [ "$reactor_rel" = . ] || base_root=$base_root/$reactor_rel
  fi
  base_module=$base_root/$base_rel
  local gate_cp=$paired_work/gate-classpath.txt trusted=() fingerprint=$paired_work/trusted.sha256

  # 1. The gate, from its own checkout, before anything of the pull request is built. A team's
  # module resolves the library from the local repository, so this also installs it there (before
  # the sides' copies of that repository are made). In kafka-perf-gate's own repository the gate is
  # the head's reactor, built in step 3.
  if [ -n "$module" ]; then
    echo "gate: building the gate ($gate_root, installed for the team's builds)"
    if ! paired_maven "$gate_root" -B -q -f "$gate_root/pom.xml" -pl perf-tests -am -DskipTests install \
        >"$paired_work/gate-build.log" 2>&1; then
      echo "gate: the gate itself does not build; the last lines of the build:" >&2
      tail -n 20 "$paired_work/gate-build.log" >&2
      return 3
    fi
  fi

  # The sides' users, homes and copies of their trees: nothing of either side has run yet.
  local code=0 head_copy="" base_copy=""
  sandbox_setup || { code=$?; return $code; }
  if [ "$sandbox_mode" = users ]; then
    local reactor_rel=.
    [ -n "$module" ] && reactor_rel=$(realpath --relative-to="$paired_top" "$head_root")
    if ! head_copy=$(sandbox_copy_tree head "$paired_top") || ! base_copy=$(sandbox_copy_tree base "$paired_work/base"); then
      echo "gate: could not copy the sides' trees into their users' homes" >&2
      return 3
    fi
    head_root=$head_copy/$reactor_rel; head_root=${head_root%/.}
    base_root=$base_copy/$reactor_rel; base_root=${base_root%/.}
    base_module=$base_root/$base_rel
  fi
  if [ -n "$module" ]; then
    paired_gate_classpath "$gate_root/perf-tests" "$gate_cp" || return 3
    trusted+=("$gate_cp")
  fi

  # 2. The base, first: nothing of the head has run yet.
  local adoption=()
  if [ ! -f "$base_module/pom.xml" ]; then
    fallback="the base $short has no $([ -z "$module" ] && echo perf-tests || echo "$rel")/pom.xml"
    # The pull request adopts the gate: a run with nothing to judge against may pass, saying so
    # (the gate decides; a -Dperf.allow.unjudged given to gate.sh comes later and wins).
    adoption=(-Dperf.allow.unjudged=true)
  elif ! paired_classpath base "${base_copy:-$paired_work/base}" "$base_root" "$base_rel" "$paired_work/base-classpath.txt" \
      "$paired_work/base-build.log"; then
    # Stored baselines would judge the head in the deciding JVM, where its code could write the decision.
    paired_refusal="the base $short does not build: $(grep -m1 -E 'ERROR|FAIL' "$paired_work/base-build.log" | cut -c1-200); the head is not judged against stored baselines instead: its code would run where the gate decides (fix the base's build, or run the gate without --base)"
    return 2
  else
    trusted+=("$paired_work/base-classpath.txt")
  fi
  [ ${#trusted[@]} -eq 0 ] || paired_fingerprint "${trusted[@]}" >"$fingerprint"

  # 3. The head. Its build may run any plugin it likes: step 4 checks what it could have touched.
  if ! paired_classpath head "${head_copy:-$paired_top}" "$head_root" "$head_rel" "$paired_work/head-classpath.txt" "$paired_work/head-build.log"; then
    echo "gate: the head does not build; the last lines of the build:" >&2
    tail -n 20 "$paired_work/head-build.log" >&2
    return 3
  fi
  if [ -z "$module" ]; then
    paired_gate_classpath "$head_root/perf-tests" "$gate_cp" || return 3
  fi

  # 4. Did the head's build change a file the base or the gate runs on (in the worktree, in ~/.m2)?
  local changed
  if [ ${#trusted[@]} -gt 0 ] && changed=$(paired_changed "$fingerprint" "${trusted[@]}"); then
    paired_refusal="the head's build changed $changed, which the base or the gate runs on; nothing was measured"
    return 2
  fi
  [ -n "$module" ] || { trusted+=("$gate_cp"); paired_fingerprint "${trusted[@]}" >"$fingerprint"; }

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
  # The head's worker reads the head's scenarios from its own copy.
  [ "$sandbox_mode" = users ] && head_scenarios=$head_root/$head_rel/$scenarios_rel
  case "$scenarios_rel" in /*) base_scenarios=$scenarios_rel; head_scenarios=$scenarios_rel ;; esac
  # Relative to the module's folder, where gate.sh runs (the head is built in its copy, so nothing
  # there may exist yet).
  local results_abs
  if ! mkdir -p "$results" || ! results_abs=$(cd "$results" && pwd); then
    echo "gate: cannot create the results folder $results in $PWD" >&2
    return 3
  fi

  # The deciding JVM runs on the gate's classpath alone: the head's classes reach only its worker.
  # No agent may be loaded into it (a worker of the gate's own user could otherwise attach).
  local gate_jvm=(java -Xms512m -Xmx512m -XX:+UseG1GC -XX:+DisableAttachMechanism -Dorg.slf4j.simpleLogger.defaultLogLevel=warn
    -Dorg.slf4j.simpleLogger.log.org.apache.kafka=error -cp "$(cat "$gate_cp")")
  local where=(-Dperf.results.dir="$results_abs" -Dperf.scenarios.dir="$head_scenarios" -Dperf.baselines.dir="$baselines")
  local users=()
  if [ "$sandbox_mode" = users ]; then
    users=(-Dperf.sandbox.base="$(sandbox_user base):$(sandbox_home base)" -Dperf.sandbox.head="$(sandbox_user head):$(sandbox_home head)"
      -Dperf.sandbox.exchange="$sandbox_root/exchange")
  fi
  if [ -n "$fallback" ]; then
    echo "gate: paired mode unavailable: $fallback; the head is measured alone and nothing is judged" >&2
  fi
  # In the module, as Surefire runs the suite; back where gate.sh reads the summary afterwards.
  local here=$PWD head_commit
  # The commit measured, for summary.json and the report's header (a -Dperf.run.commit passed on wins: it comes later).
  head_commit=$(git -C "$paired_top" rev-parse HEAD 2>/dev/null) || head_commit=unknown
  cd "$module_dir" || return 2
  if [ -n "$fallback" ]; then
    # The pull request adopts the gate: nothing can be judged, and it may pass saying so. Stored mode
    # measures the head with its classes in the JVM, so that JVM is the head's: it runs as the
    # head's user and writes its results in the head's home; they are copied once it has ended.
    gate_jvm[${#gate_jvm[@]}-1]="$(cat "$gate_cp"):$(cat "$paired_work/head-classpath.txt")"
    local own_results=$results_abs own_broker=()
    if [ "$sandbox_mode" = users ]; then
      own_results=$(sandbox_home head)/results
      where=(-Dperf.results.dir="$own_results" -Dperf.scenarios.dir="$head_scenarios" -Dperf.baselines.dir="$baselines")
      # The head's user has no Docker socket: its broker is a process of its own (the last -D wins).
      own_broker=(-Dperf.broker=process)
      cd "$head_root/$head_rel" || return 2
    fi
    gate_wait sandbox_as head "${gate_jvm[@]}" "${where[@]}" -Dperf.fallback.reason="$fallback" "${adoption[@]}" \
      -Dperf.run.commit="$head_commit" "${passed[@]}" "${own_broker[@]}" dev.kafkaperfgate.PerfGate || code=$?
    sandbox_end head || return 3
    if [ "$own_results" != "$results_abs" ] && [ -d "$own_results" ]; then
      # Files only: a link the head left there would make the gate read what it points to.
      if [ -n "$(find "$own_results" ! -type f ! -type d -print -quit)" ]; then
        paired_refusal="the head's results folder holds something other than files and folders; nothing of it was read"
        return 2
      fi
      cp -r "$own_results/." "$results_abs/" || return 3
    fi
  else
    gate_wait "${gate_jvm[@]}" "${where[@]}" "${users[@]}" -Dperf.base.classpath.file="$paired_work/base-classpath.txt" \
      -Dperf.head.classpath.file="$paired_work/head-classpath.txt" -Dperf.base.scenarios.dir="$base_scenarios" \
      -Dperf.base.commit="$sha" -Dperf.run.commit="$head_commit" "${passed[@]}" dev.kafkaperfgate.PerfGate || code=$?
    # Every process of the sides' users ends before the results are read.
    sandbox_end head || return 3
    sandbox_end base || return 3
  fi
  cd "$here" || return 2
  # The same check once more: the head's own JVM ran meanwhile.
  if changed=$(paired_changed "$fingerprint" "${trusted[@]}"); then
    paired_refusal="$changed, which the base or the gate runs on, changed during the run"
    return 2
  fi
  return $code
}
