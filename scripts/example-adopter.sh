#!/usr/bin/env bash
# Sourced by the slow tier's paired end-to-end tests (test-hostile-head.sh, test-cancel-paired.sh):
# a scratch folder readable by the sides' users (the head's code names files in it), removed when
# the test passed and kept with its logs when it failed, holding the example adopter
# (examples/orders-service) as a git repository whose one commit is the shipped app: the base of a
# paired run, its working tree the head.
#
#   . scripts/example-adopter.sh; example_adopter NAME     sets work and app, and the EXIT trap
# The caller sets passed=yes when everything held.

# shellcheck disable=SC2154 # passed is the caller's
example_adopter_cleanup() {
  if [ "${passed:-}" = yes ]; then rm -rf "$work"; fi
}

# shellcheck disable=SC2034 # app is the caller's
example_adopter() {
  local name=$1 root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  work=$(mktemp -d "${TMPDIR:-/tmp}/kpg-$name-XXXXXX")
  chmod 0755 "$work"
  trap example_adopter_cleanup EXIT
  app=$work/app
  cp -R "$root/examples/orders-service" "$app"
  rm -rf "$app/target"
  (cd "$app" && printf 'target/\nbaselines/\n' > .gitignore && git init -q && git add -A \
    && git -c user.name=test -c user.email=test@localhost commit -qm "orders-service as shipped")
}
