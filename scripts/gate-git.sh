#!/usr/bin/env bash
# Sourced by gate.sh (and paired.sh through it): git for the gate, on the checkout it found and on nothing else.
# A pull request can commit files shaped as a repository (HEAD, config with a worktree, refs/remotes/origin/main,
# objects/info/alternates to the real objects) into a module's folder; git's discovery there takes them for one,
# and the base would be the pull request's choice (issue 81). So the top is found by .git, which no commit can
# hold, and every git command names that repository. scripts/test/gate-base.test.mjs holds the attack.

# gate_git_top DIR: the top of the git checkout DIR is in: the nearest folder at or above it, along the path as given,
# that holds .git, which a checkout makes and no commit can hold (git refuses the name in a tree). Not git's own
# discovery, which would also take committed files shaped as a repository (HEAD, config, refs/) in the module's folder
# for one, and let a pull request name its own base (issue 81). Fails when there is none, when a folder on the way up is
# a link (a pull request can commit one, to a folder the base lacks or to another checkout), and when the nearest .git is
# a submodule's (a pull request can make the module's folder a submodule of a repository of its own); a linked
# worktree's .git, which points into .git/worktrees/, is a checkout's. The gate's Java holds the same rule (environment.Git).
gate_git_top() {
  local dir gitdir
  dir=$(cd "$1" 2>/dev/null && pwd -L) || return 1
  while :; do
    [ -L "$dir" ] && return 1
    if [ -d "$dir/.git" ] && [ ! -L "$dir/.git" ]; then echo "$dir"; return 0; fi
    if [ -e "$dir/.git" ] || [ -L "$dir/.git" ]; then
      if [ ! -f "$dir/.git" ] || [ -L "$dir/.git" ]; then return 1; fi
      gitdir=$(head -c 4096 "$dir/.git")
      case "$gitdir" in
        "gitdir: "*/.git/modules/*) return 1 ;;
        "gitdir: "*/.git/worktrees/*/*) return 1 ;;   # a submodule of a linked worktree
        "gitdir: "*/.git/worktrees/*) echo "$dir"; return 0 ;;
        *) return 1 ;;
      esac
    fi
    [ "$dir" = / ] && return 1
    dir=$(dirname "$dir")
  done
}
# gate_git_hidden DIR: whether DIR is reached through a link on its way up to a .git, or lies inside a submodule: what a
# pull request can commit to make gate_git_top find no checkout, or another one. gate.sh refuses such a module (not
# judged). Other shapes of .git (a bare repository's worktree, a separate git folder) are not hidden: the module then
# runs as one of no checkout, as before.
gate_git_hidden() {
  local dir gitdir
  dir=$(cd "$1" 2>/dev/null && pwd -L) || return 1
  while :; do
    [ -L "$dir" ] && return 0
    if [ -e "$dir/.git" ] || [ -L "$dir/.git" ]; then
      if [ ! -f "$dir/.git" ] || [ -L "$dir/.git" ]; then return 1; fi
      gitdir=$(head -c 4096 "$dir/.git")
      case "$gitdir" in
        "gitdir: "*/.git/modules/*|"gitdir: "*/.git/worktrees/*/*) return 0 ;;
        *) return 1 ;;
      esac
    fi
    [ "$dir" = / ] && return 1
    dir=$(dirname "$dir")
  done
}
# gate_git TOP ARGS...: git on the checkout TOP alone (its repository named, never discovered), reading no system or
# global config and none of git's variables from the environment, running no hook and no fsmonitor, taking no bare
# repository implicitly. The gate's Java does the same (environment.Git, EventMode).
gate_git() {
  local top=$1 name unset=()
  shift
  while IFS='=' read -r name _; do
    case "$name" in GIT_*) unset+=(-u "$name") ;; esac
  done < <(env)
  env "${unset[@]}" GIT_DIR="$top/.git" GIT_WORK_TREE="$top" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_TERMINAL_PROMPT=0 \
    git -c safe.bareRepository=explicit -c core.fsmonitor=false -c core.hooksPath=/dev/null -c safe.directory="$top" "$@"
}
