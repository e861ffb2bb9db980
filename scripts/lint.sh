#!/usr/bin/env bash
# Lints what CI runs besides Java: every workflow with actionlint (which also runs shellcheck on
# their run: blocks) and every shell script with shellcheck.
#
#   scripts/lint.sh
# Needs actionlint (go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12) and shellcheck
# (apt-get install shellcheck). A missing tool is an error, never a skipped check.
set -euo pipefail
cd "$(dirname "$0")/.."

actionlint=$(command -v actionlint || true)
if [ -z "$actionlint" ] && [ -x "$(go env GOPATH 2>/dev/null)/bin/actionlint" ]; then
  actionlint="$(go env GOPATH)/bin/actionlint"
fi
[ -n "$actionlint" ] || { echo "lint: actionlint is not installed: go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12" >&2; exit 2; }
command -v shellcheck >/dev/null || { echo "lint: shellcheck is not installed: apt-get install shellcheck" >&2; exit 2; }

workflows=(.github/workflows/*.yml)
echo "lint: actionlint $("$actionlint" -version | head -n 1) on ${#workflows[@]} workflows"
"$actionlint" -shellcheck "$(command -v shellcheck)" "${workflows[@]}"

mapfile -t scripts < <(git ls-files -- '*.sh' .ci/run scripts/kafka-image/run; git ls-files --others --exclude-standard -- '*.sh')
echo "lint: shellcheck $(shellcheck --version | sed -n 's/^version: //p') on ${#scripts[@]} scripts"
shellcheck "${scripts[@]}"
echo "lint: clean"
