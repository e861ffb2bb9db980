#!/usr/bin/env bash
# Sets a team's Maven module up for the gate, or writes a new perf module when DIR does not exist
# yet (or is empty). It writes only files that do not exist yet, and writes nothing at all when one
# does:
#   DIR/pom.xml                                a new perf module's pom only: the gate's test-scoped
#                                              dependency, a fixed-heap Surefire, and a marked place
#                                              for the service's own module (its serializers)
#   DIR/perf/<module>-publish.yaml             one produce scenario on the module's own producer
#                                              settings (its producer.properties, verbatim keys)
#   DIR/src/test/java/perf/KafkaPerfGateTest.java
#                                              the suite class: extends PerfGateSuite
#   <repository root>/.github/workflows/perf-gate.yml
#                                              the PR workflow: the gate action, paired against
#                                              the pull request's merge base, pinned by SHA
#   <repository root>/.github/workflows/perf-gate-comment.yml
#                                              the sticky PR comment (workflow_run), no checkout
#   <repository root>/.github/workflows/perf-baselines.yml
#                                              the nightly: the suite measured on the default
#                                              branch, merged into the module's baselines/, one
#                                              baseline pull request
# Each workflow is under 20 lines and copies nothing: the actions come from kafka-perf-gate at the
# pinned ref.
# It never edits an existing pom.xml: when the module's pom lacks the gate's <dependency>, it
# prints it; a new module's line for its parent's <modules> is printed too.
#
#   scripts/init.sh --module DIR [--producer-config FILE] [--action-ref REF] [--workflows-only] [--help]
#   scripts/gate.sh init --module DIR ...      the same
#
# --producer-config FILE  the producer settings the service runs with (default:
#                         DIR/src/main/resources/producer.properties when it exists)
# --action-ref REF        the tag or SHA of kafka-perf-gate the workflow uses (default: this
#                         checkout's commit SHA; never a branch). A tag is written as the commit
#                         it names here, the tag in a comment: tags move too
# --workflows-only        write only the three workflows, for a module that has its scenarios
#                         and suite class already
# Exit 0 when written; 2 on bad input (no pom.xml, a file that exists already, an unknown
# option), with nothing written.
set -euo pipefail
gate_root=$(cd "$(dirname "$0")/.." && pwd)

created=""
die() {
  echo "init: $*" >&2
  # A folder this run created for a new module goes again: nothing is written on a refusal.
  [ -z "$created" ] || rmdir "$created" 2>/dev/null || true
  exit 2
}
module=""
producer_config=""
action_ref=""
workflows_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --module) module=${2:?--module needs a directory}; shift 2 ;;
    --producer-config) producer_config=${2:?--producer-config needs a file}; shift 2 ;;
    --action-ref) action_ref=${2:?--action-ref needs a tag or SHA}; shift 2 ;;
    --workflows-only) workflows_only=true; shift ;;
    -h|--help) sed -n '2,/^set -euo pipefail/{/^set /d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) die "unknown option $1 (known: --module DIR, --producer-config FILE, --action-ref REF, --workflows-only, --help)" ;;
  esac
done
[ -n "$module" ] || die "--module DIR is required: the Maven module whose tests will run the gate"
new_module=false
if [ ! -f "$module/pom.xml" ]; then
  if [ -d "$module" ] && [ -n "$(ls -A "$module")" ]; then
    die "--module $module has no pom.xml (a new perf module is written only into a new or empty folder)"
  fi
  [ "$workflows_only" = false ] || die "--module $module has no pom.xml: --workflows-only needs an existing module"
  new_module=true
  [ -d "$module" ] || created=$module
  mkdir -p "$module"
fi
module_dir=$(cd "$module" && pwd)
if [ -z "$action_ref" ]; then
  action_ref=$(git -C "$gate_root" rev-parse HEAD 2>/dev/null) || die "--action-ref is required: $gate_root is not a git checkout"
fi
case "$action_ref" in
  main|master|HEAD) die "--action-ref $action_ref moves: pin a tag or a SHA" ;;
esac
# The workflows pin a full commit SHA: a tag is resolved in this checkout and kept as a comment.
action_note=""
if ! [[ "$action_ref" =~ ^[0-9a-f]{40}$ ]]; then
  sha=$(git -C "$gate_root" rev-parse --verify --quiet "$action_ref^{commit}" 2>/dev/null) \
    || die "--action-ref $action_ref is not a commit of $gate_root: pass the full 40-character SHA, or a tag this checkout has"
  action_note=" # $action_ref"
  action_ref=$sha
fi

if [ -z "$producer_config" ] && [ -f "$module_dir/src/main/resources/producer.properties" ]; then
  producer_config=$module_dir/src/main/resources/producer.properties
fi
if [ -n "$producer_config" ]; then
  [ -f "$producer_config" ] || die "--producer-config $producer_config is not a file"
  producer_config=$(cd "$(dirname "$producer_config")" && pwd)/$(basename "$producer_config")
fi

# The workflow lives at the repository's root; the action runs in the module's folder.
repo_root=$(git -C "$module_dir" rev-parse --show-toplevel 2>/dev/null || echo "$module_dir")
relative() { realpath --relative-to="$1" "$2"; }
working_directory=$(relative "$repo_root" "$module_dir")
name=$(basename "$module_dir" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9\n' '-' | sed 's/^-*//; s/-*$//')
[ -n "$name" ] || name=service
scenario=$module_dir/perf/$name-publish.yaml
suite=$module_dir/src/test/java/perf/KafkaPerfGateTest.java
workflows=$repo_root/.github/workflows
workflow=$workflows/perf-gate.yml
comment_workflow=$workflows/perf-gate-comment.yml
nightly_workflow=$workflows/perf-baselines.yml
files=("$scenario" "$suite" "$workflow" "$comment_workflow" "$nightly_workflow")
[ "$new_module" = false ] || files+=("$module_dir/pom.xml")
[ "$workflows_only" = false ] || files=("$workflow" "$comment_workflow" "$nightly_workflow")
for file in "${files[@]}"; do
  [ ! -e "$file" ] || die "$file exists already: nothing was written (move it away, or write the rest by hand)"
done

# A property's value in the producer settings file, or nothing.
property() {
  [ -n "$producer_config" ] || return 0
  grep -E "^[[:space:]]*${1//./\\.}[[:space:]]*[=:]" "$producer_config" | tail -n 1 \
    | sed -E 's/^[^=:]*[=:][[:space:]]*//; s/[[:space:]]*$//' || true
}
# A serializer of the team's own needs records of its type: the gate's own payloads are byte[].
records="record.size: 512"
records_note=""
for key in key.serializer value.serializer; do
  serializer=$(property "$key")
  case "$serializer" in
    ""|org.apache.kafka.common.serialization.ByteArraySerializer) ;;
    *)
      records="# record.source: {class: <your RecordSource>}   # makes records of the types $serializer and the other serializer take"
      records_note="  - $scenario: write a RecordSource (dev.kafkaperfgate.spi.RecordSource) that makes the records your
    serializers take, and name it as record.source: the gate's own payloads are byte[] (the validator says so until then)." ;;
  esac
done
# The keys whose defaults kafka-clients changes between versions must be pinned: the ones the
# file lacks get kafka-clients 4.x's defaults, marked so that the team sets what production runs.
pinned=()
for key in acks batch.size compression.type linger.ms; do
  if [ -z "$(property "$key")" ]; then
    case "$key" in
      acks) pinned+=("acks: all") ;;
      batch.size) pinned+=("batch.size: 16384") ;;
      compression.type) pinned+=("compression.type: none") ;;
      linger.ms) pinned+=("linger.ms: 5") ;;
    esac
  fi
done

mkdir -p "$(dirname "$workflow")"
if [ "$workflows_only" = false ]; then
  mkdir -p "$(dirname "$scenario")" "$(dirname "$suite")"
  producer_lines=()
  if [ -n "$producer_config" ]; then
    producer_lines+=("producer.config: $(relative "$module_dir/perf" "$producer_config")")
  fi
  if [ ${#pinned[@]} -gt 0 ]; then
    producer_lines+=("# kafka-clients 4.x's defaults, pinned (an unpinned default makes a client upgrade look like a regression):"
      "# set what your service runs in production.")
    joined=""
    for entry in "${pinned[@]}"; do joined+="${joined:+, }$entry"; done
    producer_lines+=("producer: {$joined}")
  fi
  {
    echo "# One produce scenario on $name's own producer settings, written by kafka-perf-gate's init."
    echo "# The keys are Kafka's, verbatim; the reference is docs/scenarios.md of kafka-perf-gate."
    echo "name: $name-publish"
    echo "tags: [pr, nightly]"
    echo "workload: produce"
    echo "topic: {partitions: 3}"
    echo "duration: 4s"
    echo "rate: 2000"
    echo "$records"
    printf '%s\n' "${producer_lines[@]}"
    echo "trials: 3"
    echo "# Your latency budget, as your service states it: paired mode judges the head's p99 against it."
    echo "# latency: {p99.max: 5ms}"
  } > "$scenario"
  cat > "$suite" <<'JAVA'
package perf;

/** The gate's perf suite: runs perf/'s scenarios on a real broker with mvn verify -Dperf.suite=pr. */
class KafkaPerfGateTest extends dev.kafkaperfgate.junit.PerfGateSuite {
}
JAVA
fi
# The three workflows, each with the actions pinned to one ref. Quoted here-documents: the
# workflows' own ${{ }} expressions stay as written, and @REF@ and @DIR@ are filled in below.
action="kafka-perf-gate/kafka-perf-gate/.github/actions"
checkout="actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8 # v5.0.0"
setup_java="actions/setup-java@dded0888837ed1f317902acf8a20df0ad188d165 # v5.0.0"
fill() { sed -e "s|@ACTION@|$action|g; s|@REF@|$action_ref$action_note|g; s|@DIR@|$working_directory|g; s|@CHECKOUT@|$checkout|g; s|@SETUP_JAVA@|$setup_java|g" > "$1"; }
fill "$workflow" <<'YAML'
# The performance gate on every pull request, written by kafka-perf-gate's init: the head is judged
# against the merge base, both built and measured here; a confirmed regression fails the check,
# unless a maintainer set the label perf-accepted (accept-label: "" in the gate's step turns it off).
name: perf-gate
on:
  pull_request: {types: [opened, synchronize, reopened, labeled, unlabeled]}   # the accept label re-decides
permissions: {contents: read, issues: read, pull-requests: read}   # the labels, and who set them
jobs:
  gate:
    # Every label event judges again (no job-level if: a skipped run of a required check would pass it).
    concurrency: {group: "perf-gate-${{ github.event.pull_request.number }}", cancel-in-progress: true}   # a new push supersedes
    runs-on: ubuntu-latest
    timeout-minutes: 45   # a hang costs 45 minutes, not GitHub's 6 hours
    steps:
      - uses: @CHECKOUT@
        with: {persist-credentials: false, fetch-depth: 0}   # paired mode builds the merge base
      - uses: @SETUP_JAVA@   # no Maven cache: a pull request's run could save one its later runs restore
        with: {distribution: temurin, java-version: "17"}
      - uses: @ACTION@/gate@@REF@
        with: {working-directory: @DIR@, base: merge-base, suite: pr, profile: linux-amd64-4c}
YAML
fill "$comment_workflow" <<'YAML'
# The gate's report as one sticky comment on the pull request, written by kafka-perf-gate's init.
# It runs the default branch's workflow after perf-gate, never the pull request's code.
name: perf-gate comment
on:
  workflow_run: {workflows: [perf-gate], types: [completed]}
permissions: {actions: read, pull-requests: write}
concurrency:
  group: perf-gate-comment-${{ github.event.workflow_run.head_repository.full_name }}-${{ github.event.workflow_run.head_branch }}
jobs:
  comment:
    if: ${{ github.event.workflow_run.event == 'pull_request' && github.event.workflow_run.conclusion != 'cancelled' && github.event.workflow_run.conclusion != 'skipped' }}
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
      - uses: @ACTION@/comment@@REF@
YAML
fill "$nightly_workflow" <<'YAML'
on: {schedule: [{cron: "17 3 * * *"}], workflow_dispatch: {}}   # perf-baselines, by kafka-perf-gate's init
permissions: {contents: read}
concurrency: {group: perf-baselines, cancel-in-progress: false}   # two refreshes never race on baselines/
jobs:
  measure:
    runs-on: ubuntu-latest
    timeout-minutes: 90   # a hang costs 90 minutes, not GitHub's 6 hours
    steps:
      - uses: @CHECKOUT@
        with: {persist-credentials: false}
      - uses: @SETUP_JAVA@
        with: {distribution: temurin, java-version: "17", cache: maven}
      - uses: @ACTION@/gate@@REF@
        with: {working-directory: @DIR@, suite: nightly, profile: linux-amd64-4c, refresh-baselines: "true"}
  publish:   # the only job with a write token, and it builds nothing
    needs: measure
    runs-on: ubuntu-latest
    environment: perf-baselines   # PERF_BASELINES_TOKEN, if you add one, is this environment's secret
    permissions: {contents: write, pull-requests: write}
    steps:
      - uses: @ACTION@/publish-baselines@@REF@
        with: {working-directory: @DIR@, token: "${{ secrets.PERF_BASELINES_TOKEN || github.token }}"}
YAML

if [ "$workflows_only" = false ]; then
  echo "init: wrote $scenario"
  echo "init: wrote $suite"
fi
echo "init: wrote $workflow"
echo "init: wrote $comment_workflow"
echo "init: wrote $nightly_workflow"
gate_version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$gate_root/pom.xml" | head -n 1)
if [ "$new_module" = true ]; then
  # The repository's root pom names the group and version, when there is one.
  root_pom=$repo_root/pom.xml
  case "$name" in *perf) artifact=$name ;; *) artifact=$name-perf ;; esac
  group=perf
  version=1.0.0-SNAPSHOT
  if [ -f "$root_pom" ] && [ "$root_pom" != "$module_dir/pom.xml" ]; then
    group=$(sed -n '/<parent>/,/<\/parent>/d; s:^  <groupId>\(.*\)</groupId>.*:\1:p' "$root_pom" | head -n 1)
    version=$(sed -n '/<parent>/,/<\/parent>/d; s:^  <version>\(.*\)</version>.*:\1:p' "$root_pom" | head -n 1)
    group=${group:-perf}
    version=${version:-1.0.0-SNAPSHOT}
  fi
  cat > "$module_dir/pom.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <!-- The performance gate's module, written by kafka-perf-gate's init: its suite class under
       src/test/java, its scenarios under perf/, its baselines under baselines/. -->
  <groupId>$group</groupId>
  <artifactId>$artifact</artifactId>
  <version>$version</version>

  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>

  <dependencies>
    <!-- Your service's module, whose serializers, partitioners and interceptors the scenarios
         name, e.g.
    <dependency>
      <groupId>$group</groupId>
      <artifactId>your-service</artifactId>
      <version>$version</version>
    </dependency>
    -->
    <dependency>
      <groupId>dev.kafkaperfgate</groupId>
      <artifactId>kafka-perf-gate</artifactId>
      <version>$gate_version</version>
      <scope>test</scope>
    </dependency>
  </dependencies>

  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>3.5.6</version>
        <configuration>
          <!-- A fixed heap and collector: the client's figures must not move with ergonomics. -->
          <argLine>-Xms1g -Xmx1g -XX:+UseG1GC -XX:+AlwaysPreTouch</argLine>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
XML
  echo "init: wrote $module_dir/pom.xml"
  parent=$(dirname "$module_dir")
  while [ "$parent" != "$repo_root" ] && [ "$parent" != / ] && [ ! -f "$parent/pom.xml" ]; do parent=$(dirname "$parent"); done
  if [ -f "$parent/pom.xml" ]; then
    echo "init: add the module to $parent/pom.xml's <modules> (the pom is not edited):"
    echo "    <module>$(relative "$parent" "$module_dir")</module>"
  fi
elif ! grep -q '<artifactId>kafka-perf-gate</artifactId>' "$module_dir/pom.xml"; then
  echo "init: add to $module_dir/pom.xml's <dependencies> (the pom is not edited):"
  echo "    <dependency>"
  echo "      <groupId>dev.kafkaperfgate</groupId>"
  echo "      <artifactId>kafka-perf-gate</artifactId>"
  echo "      <version>$gate_version</version>"
  echo "      <scope>test</scope>"
  echo "    </dependency>"
fi
echo "init: next:"
[ -z "$records_note" ] || echo "$records_note"
echo "  - check the scenario: $gate_root/scripts/validate-scenarios.sh --module $module_dir"
echo "  - run it against your main branch: $gate_root/scripts/gate.sh --module $module_dir --base origin/main"
