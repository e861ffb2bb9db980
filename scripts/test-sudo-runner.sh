#!/usr/bin/env bash
# The hostile pull requests of scripts/test-hostile-head.sh, run the way GitHub's hosted runners run
# the gate: as a user that is not root and has passwordless sudo. The gate then makes the sides'
# users, copies their trees and ends their processes through sudo -n (scripts/sandbox.sh and
# SideUsers in Java), where everywhere else in the tests it is root. The same five cases must end
# as they do as root: FAIL, NOT JUDGED, PASS unjudged, NOT JUDGED, NOT JUDGED, with nothing of the
# head reaching the gate (the side's CPU read in /proc, the broker's counts over JMX, as that user).
#
# Slow tier (scripts/test.sh --all), about 19 minutes. Needs root, to make that user (it installs
# sudo with apt-get when missing); the user, its sudoers entry and its home are removed at the end.
#
#   scripts/test-sudo-runner.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "test-sudo-runner: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run it as root: it makes the runner's user"
# shellcheck source=scripts/provision.sh
. "$root/scripts/provision.sh"
provision sudo:sudo visudo:sudo || exit 1

user=kpg-runner-$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
home=$(mktemp -d /var/tmp/kpg-runner-XXXXXX)
cleanup() {
  pkill -KILL -u "$user" 2>/dev/null || true
  for _ in $(seq 1 20); do pgrep -u "$user" >/dev/null 2>&1 || break; sleep 0.1; done
  userdel "$user" >/dev/null 2>&1 || true
  rm -f "/etc/sudoers.d/$user"
  rm -rf "$home" "/tmp/hsperfdata_$user"
}
trap cleanup EXIT
useradd --user-group --no-create-home --home-dir "$home" --shell /bin/bash "$user"
echo "$user ALL=(ALL) NOPASSWD:ALL" > "/etc/sudoers.d/$user"
chmod 0440 "/etc/sudoers.d/$user"
visudo -cqf "/etc/sudoers.d/$user" || fail "the sudoers entry for $user does not parse"

# The checkout as it is (tracked and new files, uncommitted changes included), as the runner's own.
mkdir -p "$home/kafka-perf-gate" "$home/.m2"
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | tar -xf - -C "$home/kafka-perf-gate"
(cd "$home/kafka-perf-gate" && git init -q && git add -A && git -c user.name=test -c user.email=test@localhost commit -qm checkout)
# The registry is reachable, but what the root user has resolved already spares the downloads.
[ -d "$HOME/.m2/repository" ] && cp -R "$HOME/.m2/repository" "$home/.m2/repository"
chown -R "$user:$user" "$home"
chmod 0755 "$home"

sudo -n -u "$user" true 2>/dev/null || fail "sudo cannot run as $user"
runuser -u "$user" -- sudo -n true || fail "$user has no passwordless sudo"
echo "test-sudo-runner: the hostile pull requests, run by $user (not root, passwordless sudo)"
rc=0
runuser -u "$user" -- env -i HOME="$home" PATH="$PATH" LANG=C.UTF-8 CI=true TMPDIR=/tmp \
  bash "$home/kafka-perf-gate/scripts/test-hostile-head.sh" || rc=$?
[ "$rc" = 0 ] || fail "test-hostile-head.sh as $user ended with exit $rc"
echo "test-sudo-runner: as a user with passwordless sudo, every hostile pull request ended as it does as root"
