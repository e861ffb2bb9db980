#!/usr/bin/env bash
# The tests of the gate itself, every part of it:
#   1. Java: mvn -B install (harness, verdicts, baselines, the gate on a real broker);
#   2. the HTML report opened in Debian's headless Chromium (skipped, and says so, without
#      /usr/bin/chromium; KPG_REQUIRE_BROWSER=1 makes that a failure);
#   3. the PR comment action: node --test against a local fake GitHub API, and a check that the
#      committed dist/ is the build of src/;
#   4. the jq glue under scripts/ci/ on fixtures (with every jq named by KPG_JQ_DIRS too);
#   5. actionlint and shellcheck over every workflow and script;
#   6. a team's resolved versions with and without the gate's <dependency>: none changes
#      (scripts/test-adopters.sh --classpath);
#   7. the adopter's path end to end: a team's repository of its own (multi-module, the example
#      service examples/orders-service as a module) with only the three workflows init writes,
#      run under act against a local Docker engine (scripts/test-workflows.sh): a pull request
#      that passes, one whose serializer regression fails with the component named, the sticky
#      comment, the nightly's baseline PR. Without a Docker engine the same regression runs
#      through scripts/gate.sh instead (scripts/test-example.sh), and the line says act was not
#      run; KPG_REQUIRE_ACT=1 makes that a failure. With --all: the example's baselines, an
#      unchanged build passing, kafka-clients and linger.ms changes judged, stored and paired.
#
#   scripts/test.sh [--all | --unit] [extra mvn arguments]
#
# --unit runs only the Java tests tagged "unit", which start nothing (no process, broker, fork,
# git or gate run; UnitTierTest keeps it so): about 40 s, for a developer's edit-test loop.
# Two tiers beside it. The default, fast tier is what CI runs: every unit test, the fast broker tests, and
# the adopter's path under act (two paired end-to-end gate runs). --all adds
# the slow tier: the tests tagged "slow" (clusters, slow links, MirrorMaker 2, faults;
# mvn -Pslow-tests), the example's stored-mode runs and its
# other paired changes, every tool script from a fresh clone with an empty local Maven repository
# (scripts/test-fresh-clone.sh), a release deployed into a local file repository (scripts/release.sh,
# scripts/test/slow/), pull requests whose build and code reach for their own verdict
# (scripts/test-hostile-head.sh; again as a user with passwordless sudo, scripts/test-sudo-runner.sh), a paired run cancelled mid-measurement (scripts/test-cancel-paired.sh), and a paired A/A of this repository's PR suite (gate.sh --base HEAD).
# Needs JDK 17+, Maven, Node 20+ with npm, jq, shellcheck, actionlint and Chromium: as root on
# Debian it installs what is missing (scripts/provision.sh), otherwise it names it in one line.
# Step 6 also needs a running Docker engine and Go (act is installed from the Go module proxy).
set -euo pipefail
cd "$(dirname "$0")/.."
tier=fast
if [ "${1:-}" = --all ]; then tier=all; shift; fi
if [ "${1:-}" = --unit ]; then
  shift
  . scripts/provision.sh
  provision java:openjdk-17-jdk-headless mvn:maven
  echo "test: the unit tier (mvn -B -q test -Dgroups=unit: the tests that start nothing)"
  exec mvn -B -q test -pl perf-tests,tools -Dgroups=unit -Dsurefire.failIfNoSpecifiedTests=false "$@"
fi
case "${1:-}" in
  -h|--help) sed -n '2,/^set -euo/{/^set -euo/!p}' "$0"; exit 0 ;;
  --*) echo "test: unknown option $1 (known: --all, --unit, --help; anything else is passed to mvn)" >&2; exit 2 ;;
esac
# shellcheck source=scripts/provision.sh
. scripts/provision.sh
provision java:openjdk-17-jdk-headless mvn:maven node:nodejs npm:npm jq:jq shellcheck:shellcheck patch:patch
provision_actionlint
# The slow tier's partition test: Trogdor's agents run sudo iptables inside the broker containers' namespaces.
if [ "$tier" = all ]; then provision sudo:sudo iptables:iptables nsenter:util-linux python3:python3; fi
# The browser test skips without Chromium (KPG_REQUIRE_BROWSER=1 makes that a failure); as root it is installed.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ]; then
  provision chromium:chromium || true
fi

maven_tier=()
[ "$tier" = all ] && maven_tier=(-Pslow-tests)
# install, not verify: the example adopter below builds against the installed library, and one
# reactor build serves both (test-example.sh skips its own install when told so).
echo "test: 1/7 Java (mvn -B install${maven_tier[*]:+ ${maven_tier[*]}}; $tier tier)"
mvn -B install "${maven_tier[@]}" "$@"

# What the script and browser tests leave in the temp folder: nothing (they once left ~27 folders a run).
tmp_before=$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'kpg-*' 2>/dev/null | sort)

echo "test: 2/7 the HTML report in headless Chromium (the reports HtmlReportTest wrote)"
(cd perf-tests/src/test/browser && npm ci --no-audit --no-fund --loglevel=error && npm test)

echo "test: 3/7 the comment action"
(cd .github/actions/perf-comment && npm ci --no-audit --no-fund --loglevel=error && npm test)

echo "test: 4/7 the jq glue ($(jq --version)${KPG_JQ_DIRS:+, and jq from $KPG_JQ_DIRS})"
node --test scripts/test/*.test.mjs
left=$(comm -13 <(echo "$tmp_before") <(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'kpg-*' 2>/dev/null | sort))
if [ -n "$left" ]; then
  echo "test: the tests of steps 2-4 left behind: $(echo "$left" | tr '\n' ' ')" >&2
  exit 1
fi

echo "test: 5/7 lint"
scripts/lint.sh

# A team's resolved versions with and without the gate's <dependency> (Spring Boot 3.5 and 4.0, and a team whose
# Jackson comes through Avro): the gate changes none (issue 80). About 20 s with a warm local repository.
echo "test: 6/7 a team's versions with and without the gate (scripts/test-adopters.sh --classpath)"
KPG_LIBRARY_INSTALLED=1 scripts/test-adopters.sh --classpath

if docker info >/dev/null 2>&1; then
  echo "test: 7/7 the adopter's path under act (scripts/test-workflows.sh)"
  scripts/test-workflows.sh
  if [ "$tier" = all ]; then
    echo "test: slow tier: the example adopter's other changes (scripts/test-example.sh --all)"
    KPG_LIBRARY_INSTALLED=1 scripts/test-example.sh --all
  fi
else
  if [ "${KPG_REQUIRE_ACT:-}" = 1 ]; then
    echo "test: 7/7 needs a running Docker engine for act (KPG_REQUIRE_ACT=1): start dockerd" >&2
    exit 1
  fi
  echo "test: 7/7 no Docker engine answers, so act does not run: the example's regression through scripts/gate.sh instead (scripts/test-example.sh${maven_tier[*]:+ --all})"
  example_args=()
  [ "$tier" = all ] && example_args=(--all)
  KPG_LIBRARY_INSTALLED=1 scripts/test-example.sh "${example_args[@]}"
fi

if [ "$tier" = all ]; then
  echo "test: slow tier: every documented tool script from a fresh clone, empty local repository (scripts/test-fresh-clone.sh)"
  scripts/test-fresh-clone.sh
  echo "test: slow tier: pull requests that reach for their own verdict (scripts/test-hostile-head.sh)"
  scripts/test-hostile-head.sh
  echo "test: slow tier: the same, run by a user with passwordless sudo, as GitHub's hosted runners run it (scripts/test-sudo-runner.sh)"
  scripts/test-sudo-runner.sh
  echo "test: slow tier: a paired run cancelled as the runner and Ctrl-C cancel it (scripts/test-cancel-paired.sh)"
  scripts/test-cancel-paired.sh
  echo "test: slow tier: every kafka-clients minor release from 3.7 to 4.4, and a Spring Boot adopter (scripts/test-adopters.sh)"
  KPG_LIBRARY_INSTALLED=1 scripts/test-adopters.sh --spring
  KPG_LIBRARY_INSTALLED=1 scripts/test-adopters.sh --matrix
  echo "test: slow tier: a release deployed into a local file repository (scripts/release.sh)"
  node --test scripts/test/slow/*.test.mjs
  # A paired A/A of this repository's PR suite: HEAD against itself, the real thing end to end
  # (-Dperf.clients=always: HEAD against itself changes nothing, which the gate would not measure). Exit 1 (a confirmed regression) is perf noise on a shared machine and is reported, not
  # enforced; exit 2 (not judged, infrastructure) fails.
  echo "test: slow tier: a paired A/A of the PR suite (scripts/gate.sh --base HEAD -Dperf.clients=always)"
  gate_exit=0
  scripts/gate.sh --base HEAD -Dperf.clients=always || gate_exit=$?
  case "$gate_exit" in
    0) echo "test: the A/A passed" ;;
    1) echo "test: the A/A reported a confirmed regression (exit 1): noise on this machine; see the verdict lines above" ;;
    *) echo "test: the A/A failed with exit $gate_exit (not judged or infrastructure)" >&2; exit "$gate_exit" ;;
  esac
fi
echo "test: all passed ($tier tier)"
