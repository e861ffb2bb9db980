#!/usr/bin/env bash
# The tests of the gate itself, every part of it:
#   1. Java: mvn -B verify (harness, verdicts, baselines, the gate on a real broker);
#   2. the PR comment action: node --test against a local fake GitHub API, and a check that the
#      committed dist/ is the build of src/;
#   3. the jq glue under scripts/ci/ on fixtures (with every jq named by KPG_JQ_DIRS too);
#   4. actionlint and shellcheck over every workflow and script.
#
#   scripts/test.sh [extra mvn arguments]
# Needs JDK 17+, Maven, Node 20+ with npm, jq, shellcheck and actionlint (scripts/lint.sh says
# how to install what is missing). The workflows' end-to-end run under act is separate:
# scripts/test-workflows.sh (it needs a Docker engine).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "test: 1/4 Java (mvn -B verify)"
mvn -B verify "$@"

echo "test: 2/4 the comment action"
(cd .github/actions/perf-comment && npm ci --no-audit --no-fund --loglevel=error && npm test)

echo "test: 3/4 the jq glue ($(jq --version)${KPG_JQ_DIRS:+, and jq from $KPG_JQ_DIRS})"
node --test scripts/test/*.test.mjs

echo "test: 4/4 lint"
scripts/lint.sh
echo "test: all passed"
