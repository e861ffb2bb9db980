#!/usr/bin/env bash
# The gate's Java that runs outside its Maven build: EventMode (the mode a CI event asks for) and
# GateExit (the exit code, and the action's outputs). Both use java.base and GateResult alone.
#
# They are compiled from the gate's own checkout into a folder of the gate's user alone (mktemp -d:
# mode 0700), and started from there: that folder is the class path (-cp) and the working folder,
# and CLASSPATH, JDK_JAVA_OPTIONS, JDK_JAVAC_OPTIONS, JAVA_TOOL_OPTIONS and _JAVA_OPTIONS are
# removed from the environment. Never a source-file launch (java File.java): its class path is the
# working folder, where a pull request's committed dev/kafkaperfgate/internal/session/System.class
# would shadow java.lang.System and choose the exit code (issue 74).
#
#   . scripts/gate-java.sh; gate_java CLASS ARGS...   sourced (gate.sh): compiled once; gate_java_cleanup removes it
#   scripts/gate-java.sh CLASS ARGS...                a step of the action: compiled, run, removed
# CLASS is GateExit or EventMode. Exit: the class's own code; 3 (one line) when it cannot be compiled.

gate_java_dir=""
gate_java_sources=$(cd "$(dirname "${BASH_SOURCE[0]}")/../perf-tests/src/main/java/dev/kafkaperfgate" && pwd)

# gate_java_clean_env COMMAND...: COMMAND without the variables through which the JVM or javac
# would take an agent, a flag or a class path from the environment, or the loader a library.
gate_java_clean_env() {
  env -u CLASSPATH -u JDK_JAVA_OPTIONS -u JDK_JAVAC_OPTIONS -u JAVA_TOOL_OPTIONS -u _JAVA_OPTIONS \
    -u LD_PRELOAD -u LD_LIBRARY_PATH -u LD_AUDIT "$@"
}

# gate_java_build: compiles the launched classes once into a private folder.
gate_java_build() {
  [ -z "$gate_java_dir" ] || return 0
  local parent=${RUNNER_TEMP:-${TMPDIR:-/tmp}} log
  gate_java_dir=$(mktemp -d "$parent/kpg-gate-java.XXXXXX") || { echo "gate: INFRASTRUCTURE ERROR: cannot make a private folder under $parent" >&2; return 3; }
  # -implicit:none and the empty folder as class and source path: javac compiles these three files and
  # reads nothing else but the JDK (a missing class is an error, not a lookup in some folder).
  # GateResult comes along: its Outcome holds the one outcome -> exit code and word map (issue 73).
  if ! log=$(cd "$gate_java_dir" && gate_java_clean_env javac -encoding UTF-8 -d "$gate_java_dir" -cp "$gate_java_dir" -sourcepath "$gate_java_dir" \
      -implicit:none -nowarn "$gate_java_sources/internal/session/GateExit.java" \
      "$gate_java_sources/internal/session/EventMode.java" "$gate_java_sources/GateResult.java" 2>&1); then
    echo "gate: INFRASTRUCTURE ERROR: the gate's launcher classes do not compile: $log" >&2
    return 3
  fi
}

# gate_java CLASS ARGS...: runs dev.kafkaperfgate.internal.session.CLASS from the private folder.
gate_java() {
  local class=$1
  shift
  case "$class" in
    GateExit|EventMode) ;;
    *) echo "gate: INFRASTRUCTURE ERROR: gate_java runs GateExit or EventMode, not $class" >&2; return 3 ;;
  esac
  gate_java_build || return 3
  (cd "$gate_java_dir" && gate_java_clean_env java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "$gate_java_dir" \
    "dev.kafkaperfgate.internal.session.$class" "$@")
}

# gate_java_cleanup: removes the private folder.
gate_java_cleanup() {
  [ -z "$gate_java_dir" ] || rm -rf -- "$gate_java_dir"
  gate_java_dir=""
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  trap gate_java_cleanup EXIT
  [ $# -gt 0 ] || { echo "usage: scripts/gate-java.sh GateExit|EventMode ARGS..." >&2; exit 3; }
  gate_java "$@"
  exit $?
fi
