#!/usr/bin/env bash
# The tests of the gate itself, every part of it:
#   1. Java: mvn -B verify (harness, verdicts, baselines, the gate on a real broker);
#   2. the HTML report opened in Debian's headless Chromium (skipped, and says so, without
#      /usr/bin/chromium; KPG_REQUIRE_BROWSER=1 makes that a failure);
#   3. the PR comment action: node --test against a local fake GitHub API, and a check that the
#      committed dist/ is the build of src/;
#   4. the jq glue under scripts/ci/ on fixtures (with every jq named by KPG_JQ_DIRS too);
#   5. actionlint and shellcheck over every workflow and script;
#   6. the example adopter (examples/orders-service) against the installed library: its baselines,
#      an unchanged build passing, a kafka-clients change judged, its serializer regression caught.
#
#   scripts/test.sh [extra mvn arguments]
# Needs JDK 17+, Maven, Node 20+ with npm, jq, shellcheck, actionlint and Chromium: as root on
# Debian it installs what is missing (scripts/provision.sh), otherwise it names it in one line.
# The workflows' end-to-end run under act is separate: scripts/test-workflows.sh (it needs a
# Docker engine).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/provision.sh
. scripts/provision.sh
provision java:openjdk-17-jdk-headless mvn:maven node:nodejs npm:npm jq:jq shellcheck:shellcheck patch:patch
provision_actionlint
# The browser test skips without Chromium (KPG_REQUIRE_BROWSER=1 makes that a failure); as root it is installed.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ]; then
  provision chromium:chromium || true
fi

echo "test: 1/6 Java (mvn -B verify)"
mvn -B verify "$@"

# What the script and browser tests leave in the temp folder: nothing (they once left ~27 folders a run).
tmp_before=$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'kpg-*' 2>/dev/null | sort)

echo "test: 2/6 the HTML report in headless Chromium (the reports HtmlReportTest wrote)"
(cd perf-tests/src/test/browser && npm ci --no-audit --no-fund --loglevel=error && npm test)

echo "test: 3/6 the comment action"
(cd .github/actions/perf-comment && npm ci --no-audit --no-fund --loglevel=error && npm test)

echo "test: 4/6 the jq glue ($(jq --version)${KPG_JQ_DIRS:+, and jq from $KPG_JQ_DIRS})"
node --test scripts/test/*.test.mjs
left=$(comm -13 <(echo "$tmp_before") <(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'kpg-*' 2>/dev/null | sort))
if [ -n "$left" ]; then
  echo "test: the tests of steps 2-4 left behind: $(echo "$left" | tr '\n' ' ')" >&2
  exit 1
fi

echo "test: 5/6 lint"
scripts/lint.sh

echo "test: 6/6 the example adopter (scripts/test-example.sh)"
scripts/test-example.sh
echo "test: all passed"
