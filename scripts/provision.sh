#!/usr/bin/env bash
# Sourced by the README's commands (gate.sh, test.sh): installs what they need where it can
# (as root on Debian or Ubuntu with apt-get; actionlint through the Go module proxy), and
# otherwise names what is missing and how to get it, in one line.
#
#   . scripts/provision.sh
#   provision COMMAND:PACKAGE ...     e.g. provision jq:jq mvn:maven
#   provision_actionlint

# Installs the Debian packages of the commands that are missing; 1 (after one line naming them) when it cannot.
provision() {
  local spec missing=() packages=()
  for spec in "$@"; do
    command -v "${spec%%:*}" >/dev/null 2>&1 || { missing+=("${spec%%:*}"); packages+=("${spec#*:}"); }
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${packages[*]} with apt-get (missing: ${missing[*]})"
    if apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}" >/dev/null; then
      return 0
    fi
    echo "setup: apt-get could not install ${packages[*]}; install them and run again" >&2
    return 1
  fi
  echo "setup: missing ${missing[*]}: install the packages ${packages[*]} (e.g. sudo apt-get install ${packages[*]}) and run again" >&2
  return 1
}

# actionlint from the Go module proxy, once per machine; on the PATH afterwards.
provision_actionlint() {
  local gobin
  gobin=$(go env GOPATH 2>/dev/null)/bin
  export PATH="$PATH:$gobin"
  command -v actionlint >/dev/null 2>&1 && return 0
  if ! command -v go >/dev/null 2>&1; then
    echo "setup: missing actionlint: install Go (apt-get install golang) or actionlint 1.7.12 and run again" >&2
    return 1
  fi
  echo "setup: installing actionlint v1.7.12 with go install"
  go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12 || {
    echo "setup: go install of actionlint failed; install actionlint 1.7.12 and run again" >&2
    return 1
  }
}
