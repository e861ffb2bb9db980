#!/usr/bin/env bash
# Sourced by paired.sh: the users a paired run's untrusted code runs as (docs/security.md).
#
# The head's build and its workers are the pull request's code. Run as the gate's own user they
# could rewrite the base's thresholds, the fingerprints, the results, $GITHUB_ENV or the scripts
# still running. So each side gets a user of its own for this run (kpg-b-<id>, kpg-h-<id>), made
# with useradd and removed on exit, and a home under a folder of the run's
# (/var/tmp/kpg-sandbox-<id>, mode 0711: others may pass through it, not list or write it) holding:
#   src/             the side's tree, copied (the head's working tree; the base's commit)
#   .m2/repository   a copy of the gate user's local Maven repository (and its settings.xml's mirrors only): what
#                    the build downloads or installs stays in it (Debian's Maven 3.8.7 has no
#                    maven.repo.local.tail)
#   tmp/             its temp folder (JMH's lock file included)
# Beside the homes, gate/ (the gate's jars, copied so both sides' workers can load them) and
# exchange/ (the requests the gate leaves for the sides' JVMs) are the gate's and readable by all.
# A side's home is readable by all and writable by its user only. Its commands run through setpriv
# (as root; else sudo -n setpriv) with the environment cleared to PATH, HOME, TMPDIR, LANG and
# JAVA_HOME: no GITHUB_* variable, no token. Every process of a side's user is ended before the
# results are read, and on exit.
#
# A machine that cannot give another user (not root, no passwordless sudo) runs everything as the
# gate's user, saying so in its first line; in CI (CI is set) that is refused, unless
# KPG_ALLOW_SAME_USER=1 accepts it.

# shellcheck disable=SC2034 # sandbox_mode is read by paired.sh
true

# sandbox_mirrors_only SETTINGS: a settings.xml holding only SETTINGS' <mirrors> blocks (ids, URLs,
# mirrorOf: no secret), so a side's build reaches the same repositories without the gate user's
# <servers>, <proxies> or profiles. Comments go first (a <mirrors> in one would open a block that
# ends at the next real </mirrors>); a block on one line, or a whole file on one line, gives its
# mirrors and nothing after them (a line range once copied <servers> too: issue 74).
sandbox_mirrors_only() {
  echo '<settings>'
  awk '
    { text = text $0 "\n" }
    END {
      kept = ""
      while ((at = index(text, "<!--")) > 0) {
        end = index(substr(text, at + 4), "-->")
        if (end == 0) { text = substr(text, 1, at - 1); break }
        kept = kept substr(text, 1, at - 1)
        text = substr(text, at + 4 + end + 2)
      }
      text = kept text
      printf "  <mirrors>"
      while ((at = index(text, "<mirrors>")) > 0) {
        text = substr(text, at + 9)
        end = index(text, "</mirrors>")
        if (end == 0) break
        printf "%s", substr(text, 1, end - 1)
        text = substr(text, end + 10)
      }
      print "</mirrors>"
    }' "$1" || return 1
  echo '</settings>'
}

sandbox_root=""
sandbox_mode=""
sandbox_sudo=()
sandbox_created=()

# sandbox_privileged COMMAND...: as root, through sudo -n when the gate is not root.
sandbox_privileged() {
  "${sandbox_sudo[@]}" "$@"
}

# sandbox_user SIDE: the user a side runs as (empty in same-user mode).
sandbox_user() {
  [ "$sandbox_mode" = users ] || return 0
  case "$1" in
    head) echo "kpg-h-$sandbox_id" ;;
    base) echo "kpg-b-$sandbox_id" ;;
  esac
}

# sandbox_home SIDE: the side's home (its build and temp folder), or empty in same-user mode.
sandbox_home() {
  [ "$sandbox_mode" = users ] || return 0
  echo "$sandbox_root/$1"
}

# sandbox_setup: decides how this run isolates the sides and, when it can, creates their users
# and homes. Returns 2 (said in one line) when CI needs isolation this machine cannot give, 3 when
# a tool or a step fails.
sandbox_setup() {
  if [ "$(id -u)" = 0 ]; then
    sandbox_sudo=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sandbox_sudo=(sudo -n)
  else
    if [ -n "${CI:-}" ] && [ "${KPG_ALLOW_SAME_USER:-}" != 1 ]; then
      echo "gate: the pull request's code cannot run as a user of its own here (the gate is not root and has no passwordless sudo), so it could reach the gate's files: not run in CI (KPG_ALLOW_SAME_USER=1 accepts that)" >&2
      return 2
    fi
    sandbox_mode=same-user
    echo "gate: both sides run as $(id -un), the gate's own user: this machine gives no other (not root, no passwordless sudo)"
    return 0
  fi
  local tool
  for tool in useradd userdel setpriv pkill; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || {
      echo "gate: $tool is missing: the sides cannot run as users of their own (Debian: apt-get install passwd util-linux procps)" >&2
      return 3; }
  done
  sandbox_root=$(sandbox_privileged mktemp -d /var/tmp/kpg-sandbox-XXXXXX) || return 3
  gate_cleanups+=(sandbox_cleanup)
  gate_first_stops+=(sandbox_stop_users)
  sandbox_privileged chmod 0711 "$sandbox_root" || return 3
  # A user name takes lower case only; the folder's random part names the run's users.
  sandbox_id=$(basename "$sandbox_root" | cut -d- -f3 | tr '[:upper:]' '[:lower:]')
  sandbox_mode=users
  local side user home
  for side in base head; do
    user=$(sandbox_user "$side")
    home=$sandbox_root/$side
    if id -u "$user" >/dev/null 2>&1; then
      echo "gate: the user $user exists already (another run's?): not reused" >&2
      return 3
    fi
    sandbox_privileged env PATH="$PATH:/usr/sbin:/sbin" useradd --system --user-group --no-create-home --home-dir "$home" \
      --shell /usr/sbin/nologin "$user" || { echo "gate: could not create the user $user" >&2; return 3; }
    sandbox_created+=("$user")
    sandbox_privileged mkdir -p "$home/tmp" "$home/.m2" || return 3
    if [ -d "$HOME/.m2/repository" ]; then
      sandbox_privileged cp -rL "$HOME/.m2/repository" "$home/.m2/repository" || {
        echo "gate: could not copy $HOME/.m2/repository for the $side" >&2; return 3; }
    fi
    # The mirrors the builds need, and nothing else of the gate user's settings.xml: its servers
    # and proxies may hold credentials (self-hosted runners), which no side may read.
    if [ -f "$HOME/.m2/settings.xml" ]; then
      sandbox_mirrors_only "$HOME/.m2/settings.xml" | sandbox_privileged tee "$home/.m2/settings.xml" >/dev/null || return 3
    fi
    sandbox_privileged chown -R "$user:$user" "$home" || return 3
    sandbox_privileged chmod 0755 "$home" || return 3
  done
  sandbox_privileged mkdir -p "$sandbox_root/gate" || return 3
  # The gate's requests to the sides' JVMs (the results folder may be where they cannot read): the gate's user writes it.
  sandbox_privileged install -d -o "$(id -u)" -g "$(id -g)" -m 0755 "$sandbox_root/exchange" || return 3
  echo "gate: the base runs as $(sandbox_user base), the head as $(sandbox_user head): users of this run's own"
}

# sandbox_as SIDE COMMAND...: runs COMMAND as the side's user, in its home, with a cleared
# environment (as the gate's own user in same-user mode).
sandbox_as() {
  local side=$1
  shift
  if [ "$sandbox_mode" != users ]; then
    "$@"
    return
  fi
  local home
  home=$(sandbox_home "$side")
  (cd "$home" && sandbox_privileged setpriv --reuid="$(sandbox_user "$side")" --regid="$(sandbox_user "$side")" --clear-groups \
    --no-new-privs env -i PATH="$PATH" HOME="$home" TMPDIR="$home/tmp" LANG=C.UTF-8 ${JAVA_HOME:+JAVA_HOME="$JAVA_HOME"} \
    MAVEN_OPTS="-Djava.io.tmpdir=$home/tmp" "$@")
}

# sandbox_gate_jars CLASSPATH: copies each entry to gate/ (the gate's, readable by every side) and
# prints the classpath of the copies; the deciding JVM and the workers then load the same files.
sandbox_gate_jars() {
  local classpath=$1 entry n=0 copies=() copy
  if [ "$sandbox_mode" != users ]; then
    echo "$classpath"
    return
  fi
  while IFS= read -r entry; do
    [ -n "$entry" ] || continue
    n=$((n + 1))
    copy=$sandbox_root/gate/$n-$(basename "$entry")
    sandbox_privileged cp -r "$entry" "$copy" || return 1
    copies+=("$copy")
  done < <(echo "$classpath" | tr ':' '\n')
  sandbox_privileged chmod -R a+rX,go-w "$sandbox_root/gate" || return 1
  (IFS=:; echo "${copies[*]}")
}

# sandbox_running USER: whether a process of the user still runs. One killed and not reaped yet (a
# zombie) runs nothing: orphans wait for PID 1 to reap them, which took 1.7 s on this machine's init.
sandbox_running() {
  # shellcheck disable=SC2009 # pgrep cannot leave zombies out by name of state; ps gives each state
  ps -u "$1" -o stat= 2>/dev/null | grep -qv '^Z'
}

# sandbox_end SIDE: ends every process of the side's user (started by this run: the user is the run's own).
sandbox_end() {
  [ "$sandbox_mode" = users ] || return 0
  local user
  user=$(sandbox_user "$1")
  sandbox_privileged pkill -KILL -u "$user" 2>/dev/null
  local _
  for _ in $(seq 1 20); do
    sandbox_running "$user" || return 0
    sleep 0.1
  done
  echo "gate: processes of $user outlived SIGKILL" >&2
  return 1
}

# Ends every process of the run's users at once: a cancel's first step (gate.sh's gate_first_stops).
sandbox_stop_users() {
  local user
  for user in "${sandbox_created[@]}"; do
    sandbox_privileged pkill -KILL -u "$user" 2>/dev/null
  done
  return 0
}

# Ends the users' processes, removes the users and the folder; gate.sh's gate_stop calls it.
sandbox_cleanup() {
  local user removing=""
  sandbox_stop_users
  # The folder (both sides' trees and Maven repositories: thousands of files) goes while the users
  # are removed: on a cancel this is the longest step of the stop, and its processes are gone.
  if [ -n "$sandbox_root" ]; then
    sandbox_privileged rm -rf "$sandbox_root" &
    removing=$!
  fi
  for user in "${sandbox_created[@]}"; do
    local _
    for _ in $(seq 1 20); do sandbox_running "$user" || break; sleep 0.1; done
    # --force: a killed process PID 1 has not reaped yet (a zombie) would otherwise keep the user.
    sandbox_privileged env PATH="$PATH:/usr/sbin:/sbin" userdel --force "$user" >/dev/null 2>&1
    # Every JVM of the user (its builds, workers, component forks) made one, in /tmp whatever TMPDIR says.
    sandbox_privileged rm -rf "/tmp/hsperfdata_$user"
  done
  sandbox_created=()
  [ -z "$removing" ] || wait "$removing"
  sandbox_root=""
}
