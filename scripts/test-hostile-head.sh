#!/usr/bin/env bash
# Pull requests that reach for their own verdict (docs/security.md), each run through
# scripts/gate.sh --module . --base HEAD on a copy of the example adopter (examples/orders-service),
# whose shipped commit is the base and whose working tree is the head:
#   1. a head with a real cost (compression.type lz4 -> gzip: more CPU and allocation per record)
#      whose build (an exec-maven-plugin execution in validate, as a pull request may add) and
#      whose serializer (a static initialiser, in every JVM that loads it) try to
#        - loosen the base's thresholds to +1000% in every copy of the base they can find
#          (git worktree list, the sandbox's folders),
#        - append BASH_ENV to the runner's $GITHUB_ENV (a file of the test's, named in the head's code),
#        - write a summary.json that passes, now and for minutes after the gate (a process left behind),
#        - attach to the deciding JVM (jcmd);
#      it must FAIL (exit 1) on orders-publish, with $GITHUB_ENV and the summary as the gate left them;
#   2. a base that does not build, with a head whose code (its serializer) would run wherever the
#      head's classes are loaded: NOT JUDGED (exit 2), and that code never ran as the gate's user
#      (stored baselines used to judge such a head inside the deciding JVM);
#   3. a pull request that adopts the gate (its base has no module at all), with the same head: it
#      passes unjudged (exit 0), measured alone in a JVM of the head's user, never the gate's;
#   4. a head whose serializer starts a thread that burns a CPU, in every JVM that loads it, so
#      the base's windows run beside it: the scenario is not judged (exit 2), the head named;
#   5. a head whose serializer, once configured, alters the base's topic through an admin client
#      of its own (the broker has no authorizer): not judged (exit 2), the request named.
#   6. (issue 74) case 1's head also commits dev/kafkaperfgate/internal/session/System.class, a
#      java.lang.System stand-in whose exit(int) exits 0 and whose initialiser marks that it ran,
#      at the checkout's root (the module's too, here): the gate's launches never load it, exit 1;
#   7. (issue 74) a head whose serializer copies each record once more (a confirmed B/op
#      regression) and, once it runs, copies the base's compiled classes over its own: measured
#      (exit 1) or not judged (exit 2), never "not measured" as unchanged.
# Slow tier (scripts/test.sh --all): six gate runs, about 18 minutes (18m09s here on 2026-11-28). Needs root or passwordless
# sudo (the users the sides run as), jq, and Maven Central for exec-maven-plugin.
#
#   scripts/test-hostile-head.sh [extra -D options for every run]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v jq >/dev/null || { echo "test-hostile-head: jq is required (apt-get install jq)" >&2; exit 1; }
# shellcheck source=scripts/example-adopter.sh
. "$root/scripts/example-adopter.sh"
example_adopter hostile
fail() { echo "test-hostile-head: FAILED: $*; the logs are in $work" >&2; exit 1; }
cd "$app"
summary=target/perf-results/summary.json
github_env=$work/github_env
printf 'KEEP=1\n' > "$github_env"
chmod 0644 "$github_env"
marker=$work/provider-ran

# What the pull request's code tries, from its build and from its serializer.
cat > hostile.sh <<EOF
#!/usr/bin/env bash
# The pull request's own: tries to loosen its judge. Reports each attempt on stderr.
loose='thresholds: {throughput: -1000%, p99: +1000%, cpu: +1000%, alloc: +1000%, wire.bytes: +1000%, records.per.request: -1000%}'
for dir in \$(git -C "$app" worktree list --porcelain 2>/dev/null | sed -n 's/^worktree //p') /var/tmp/kpg-sandbox-*/base/src; do
  [ "\$dir" = "$app" ] && continue   # the head's own files: loosening them changes nothing
  for file in "\$dir"/perf/*.yaml; do
    [ -f "\$file" ] || continue
    grep -q '+1000%' "\$file" 2>/dev/null && continue
    if echo "\$loose" >> "\$file" 2>/dev/null; then echo "hostile: loosened \$file" >&2; else echo "hostile: could not write \$file" >&2; fi
  done
done
if echo 'BASH_ENV=/tmp/hostile-exit-0' >> "$github_env" 2>/dev/null; then echo "hostile: wrote GITHUB_ENV" >&2; else echo "hostile: could not write GITHUB_ENV" >&2; fi
forged='{"decision":{"exitCode":0,"outcome":"PASS","headline":"forged"},"scenarios":[]}'
# Every 2 s for 5 minutes, with builtins only: a loop that forks twice a second in each of the ~25 JVMs that load
# the serializer (duel copies included) costs about a third of a CPU, which the idle-side check refuses (case 4).
( mkdir -p "$app/target/perf-results" 2>/dev/null; for _ in \$(seq 1 150); do [ -d "$app/target/perf-results" ] && echo "\$forged" > "$app/$summary" 2>/dev/null; sleep 2; done ) >/dev/null 2>&1 &
disown
for pid in \$(pgrep -f dev.kafkaperfgate.PerfGate); do
  if jcmd "\$pid" VM.version >/dev/null 2>&1; then echo "hostile: attached to \$pid" >&2; else echo "hostile: could not attach to \$pid" >&2; fi
done
EOF
chmod +x hostile.sh
git add hostile.sh && git -c user.name=test -c user.email=test@localhost commit -qm "a helper script"

# 6. The committed System.class in the launched classes' package, at the checkout's root (the module's too).
system_marker=$work/system-class-ran
mkdir -p "$work/system-src"
cat > "$work/system-src/System.java" <<JAVA
package dev.kafkaperfgate.internal.session;
public final class System {
    public static final java.io.PrintStream out = java.lang.System.out;
    public static final java.io.PrintStream err = java.lang.System.err;
    static {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("$system_marker"), "ran as " + java.lang.System.getProperty("user.name"));
        } catch (java.io.IOException e) {
            java.lang.System.err.println("hostile: " + e);
        }
    }
    public static void exit(int status) {
        java.lang.System.exit(0);
    }
    public static String getenv(String name) {
        return java.lang.System.getenv(name);
    }
}
JAVA
javac -d "$app" "$work/system-src/System.java"
[ -f "$app/dev/kafkaperfgate/internal/session/System.class" ] || fail "could not compile the hostile System.class"

# The head: gzip, and the build runs hostile.sh first.
sed -i 's/^compression.type=lz4$/compression.type=gzip/' src/main/resources/producer.properties
grep -q '^compression.type=gzip$' src/main/resources/producer.properties || fail "could not switch the head to gzip"
python3 - pom.xml <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
plugin = """
      <plugin>
        <groupId>org.codehaus.mojo</groupId>
        <artifactId>exec-maven-plugin</artifactId>
        <version>3.5.0</version>
        <executions><execution><id>hostile</id><phase>validate</phase><goals><goal>exec</goal></goals>
          <configuration><executable>bash</executable><arguments><argument>${project.basedir}/hostile.sh</argument></arguments></configuration>
        </execution></executions>
      </plugin>"""
assert '<plugins>' in s, 'the example pom has no <plugins>'
s = s.replace('<plugins>', '<plugins>' + plugin, 1)
open(p, 'w').write(s)
PY
# The serializer runs it too, once per JVM that loads it: workers, component JVMs.
serializer=src/main/java/com/example/orders/OrderSerializer.java
# serializer_static JAVA: puts JAVA, a static block, first in the serializer's class body.
serializer_static() {
  python3 - "$serializer" "$1" <<'PY'
import sys, re
p, block = sys.argv[1], sys.argv[2]
s = open(p).read()
m = re.search(r'public (final )?class OrderSerializer[^{]*\{', s)
assert m, 'no class OrderSerializer'
open(p, 'w').write(s[:m.end()] + '\n' + block + s[m.end():])
PY
}
serializer_static "    static {
        try {
            new ProcessBuilder(\"bash\", \"$app/hostile.sh\").inheritIO().start().waitFor();
        } catch (Exception e) {
            System.err.println(\"hostile: \" + e);
        }
    }"

run_gate() {
  local label=$1; shift
  rm -f "$summary"
  local start=$SECONDS rc=0
  GITHUB_ENV=$github_env CI=true "$root/scripts/gate.sh" --module . --base "${base_ref:-HEAD}" -Dperf.suite=pr -Dperf.broker=process \
    -Dperf.broker.warmup=10 -Dperf.profile=example -Dperf.scenarios=orders-publish "$@" >"$work/$label.log" 2>&1 || rc=$?
  echo "test-hostile-head: $label: exit $rc after $((SECONDS - start)) s"
  grep -E '^gate: (the base runs as|both sides run as)|hostile: ' "$work/$label.log" | sort | uniq -c | sed 's/^/  /' || true
  return "$rc"
}

rc=0
run_gate hostile-head "$@" || rc=$?
[ "$rc" = 1 ] || { tail -n 30 "$work/hostile-head.log" >&2; fail "the gzip head that reached for its verdict must FAIL (exit 1), not exit $rc"; }
grep -q "hostile: " "$work/hostile-head.log" || fail "the head's code never ran: the test proves nothing"
grep -qE "hostile: (loosened|wrote GITHUB_ENV|attached)" "$work/hostile-head.log" && fail "the head reached the gate: $(grep -E 'hostile: (loosened|wrote|attached)' "$work/hostile-head.log" | head -n 3)"
[ "$(cat "$github_env")" = KEEP=1 ] || fail "the head's code wrote \$GITHUB_ENV: $(cat "$github_env")"
[ ! -e "$system_marker" ] || fail "the committed System.class ran in the gate: $(cat "$system_marker")"
sleep 3
jq -e '.decision.exitCode == 1' "$summary" >/dev/null || fail "summary.json no longer says FAIL: $(head -c 300 "$summary")"
jq -e '.scenarios[] | select(.scenario == "orders-publish") | .outcome == "regression"' "$summary" >/dev/null \
  || fail "orders-publish must be a confirmed regression"
pgrep -f "$app/hostile.sh" >/dev/null && fail "a process of the head outlived the run"
echo "test-hostile-head: the gzip head failed, its build and serializer reached nothing, its System.class never ran"

# 2. A base that does not build; the head's serializer would run wherever its classes are loaded.
git checkout -q -- . && git clean -qfdx -e target
sed -i 's|<artifactId>orders-service</artifactId>|<artifactId>orders-service</artifactId><broken>|' pom.xml
git -c user.name=test -c user.email=test@localhost commit -qam "a base that does not build"
sed -i 's|<broken>||' pom.xml
# The head's serializer marks where it runs: a JVM of the gate's user (the deciding JVM in stored
# mode) can write the marker; the head's own user cannot ($work is the gate's).
serializer_static "    static {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(\"$marker\"),
                    \"ran as \" + System.getProperty(\"user.name\") + \" in \" + System.getProperty(\"sun.java.command\"));
        } catch (Exception e) {
            System.err.println(\"hostile: the serializer could not write its marker: \" + e);
        }
    }"
rc=0
run_gate broken-base "$@" || rc=$?
[ "$rc" = 2 ] || { tail -n 30 "$work/broken-base.log" >&2; fail "a base that does not build must be NOT JUDGED (exit 2), not exit $rc"; }
grep -q "does not build" "$work/broken-base.log" || fail "the NOT JUDGED line must say the base does not build"
[ ! -e "$marker" ] || fail "the head's code ran as the gate's user: $(cat "$marker")"
echo "test-hostile-head: a base that does not build is NOT JUDGED, and the head's code never ran as the gate's user"

# 3. The pull request that adopts the gate: its base is a commit from before the module existed.
# The same head (the marking serializer); no stored baselines, so nothing can be judged.
base_ref=$(git -c user.name=test -c user.email=test@localhost commit-tree "$(git mktree </dev/null)" -m "before the gate")
rm -rf baselines
rc=0
run_gate adoption "$@" || rc=$?
[ "$rc" = 0 ] || { tail -n 30 "$work/adoption.log" >&2; fail "a pull request adopting the gate must pass unjudged (exit 0), not exit $rc"; }
grep -q "the base ${base_ref:0:12} has no pom.xml; the head is measured alone" "$work/adoption.log" \
  || fail "the adoption must be said in one line: $(grep -m1 'paired mode unavailable' "$work/adoption.log")"
jq -e '.decision.exitCode == 0 and .decision.judged == false' "$summary" >/dev/null || fail "the summary must pass unjudged: $(head -c 300 "$summary")"
grep -q "hostile: the serializer could not write its marker" "$work/adoption.log" || fail "the head's code never ran: the test proves nothing"
[ ! -e "$marker" ] || fail "the head's code ran as the gate's user: $(cat "$marker")"
echo "test-hostile-head: a pull request adopting the gate passes unjudged, its code run as its own user only"

# 4. A head that works while the base measures: a thread of its serializer burns a CPU from the
# moment the class loads (an unchanged serializer otherwise; the thread is a daemon, so the JVM ends).
git reset -q --hard HEAD~1 && git clean -qfdx -e target   # the base that builds, with its baselines
unset base_ref
serializer_static "    static {
        Thread burner = new Thread(() -> {
            long spin = 0;
            while (true) {
                spin += Long.numberOfTrailingZeros(spin ^ System.nanoTime());
            }
        }, \"hostile-burner\");
        burner.setDaemon(true);
        burner.start();
    }"
rc=0
run_gate idle-burner "$@" || rc=$?
[ "$rc" = 2 ] || { tail -n 30 "$work/idle-burner.log" >&2; fail "a head that burns CPU while the base measures must not be judged (exit 2), not exit $rc"; }
grep -q "the head's processes used [0-9]*% of a CPU while the base measured" "$work/idle-burner.log" \
  || fail "the head that worked while idle must be named: $(grep -m3 'orders-publish' "$work/idle-burner.log")"
jq -e '.decision.exitCode == 2' "$summary" >/dev/null || fail "the summary must not pass: $(head -c 300 "$summary")"
echo "test-hostile-head: a head that burns CPU while the base measures is not judged, and named"

# 5. A head that changes the base's topic: its serializer's configure() gets bootstrap.servers, and
# a thread of its alters every topic of the base's it can list, every second, for two minutes.
git checkout -q -- . && git clean -qfdx -e target
serializer_static "    @Override
    public void configure(java.util.Map<String, ?> configs, boolean isKey) {
        Object servers = configs.get(\"bootstrap.servers\");
        Thread admin = new Thread(() -> {
            try (org.apache.kafka.clients.admin.Admin client = org.apache.kafka.clients.admin.Admin.create(
                    java.util.Map.<String, Object>of(\"bootstrap.servers\", servers))) {
                for (int i = 0; i < 120; i++) {
                    for (String topic : client.listTopics().names().get()) {
                        if (topic.contains(\"-base-\")) {
                            var resource = new org.apache.kafka.common.config.ConfigResource(
                                    org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
                            var op = new org.apache.kafka.clients.admin.AlterConfigOp(new org.apache.kafka.clients.admin.ConfigEntry(
                                    \"retention.ms\", \"3600000\"), org.apache.kafka.clients.admin.AlterConfigOp.OpType.SET);
                            client.incrementalAlterConfigs(java.util.Map.of(resource, java.util.List.of(op))).all().get();
                            System.err.println(\"hostile: altered \" + topic);
                        }
                    }
                    Thread.sleep(1000);
                }
            } catch (Exception e) {
                System.err.println(\"hostile: \" + e);
            }
        }, \"hostile-admin\");
        admin.setDaemon(true);
        if (servers != null) {
            admin.start();
        }
    }"
rc=0
run_gate topic-changer "$@" || rc=$?
[ "$rc" = 2 ] || { tail -n 30 "$work/topic-changer.log" >&2; fail "a head that alters the base's topic must not be judged (exit 2), not exit $rc"; }
grep -q "hostile: altered " "$work/topic-changer.log" || fail "the head never altered a topic: the test proves nothing"
grep -q "a client changed the broker's, a topic's or a client's settings while the sides measured (the brokers counted IncrementalAlterConfigs" \
  "$work/topic-changer.log" || fail "the change must be named: $(grep -m3 'orders-publish' "$work/topic-changer.log")"
echo "test-hostile-head: a head that alters the base's topic is not judged, and the request named"
# 7. A head that makes itself look unchanged: its serializer copies each record once more (a confirmed
# B/op regression in about 5 minutes) and, once loaded, copies the base's compiled classes over its own.
git checkout -q -- . && git clean -qfdx -e target
git apply "$root/examples/orders-service/regressions/copy-per-record.patch"
cat > "$work/self-rewrite.sh" <<'SH'
#!/usr/bin/env bash
# $1: the head's classes folder. Copies every base build's classes over it, as the head's user.
for base in /var/tmp/kpg-sandbox-*/base/src/target/classes; do
  if cp -rf "$base"/. "$1"/ 2>/dev/null; then echo "hostile: copied the base over $1" >&2; else echo "hostile: could not copy over $1" >&2; fi
done
SH
chmod 0755 "$work/self-rewrite.sh"
serializer_static "    static {
        try {
            java.nio.file.Path own = java.nio.file.Path.of(OrderSerializer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            new ProcessBuilder(\"bash\", \"$work/self-rewrite.sh\", own.toString()).inheritIO().start().waitFor();
        } catch (Exception e) {
            System.err.println(\"hostile: \" + e);
        }
    }"
rc=0
run_gate self-rewrite "$@" || rc=$?
grep -qE "hostile: (copied|could not copy)" "$work/self-rewrite.log" || fail "the head never tried to copy the base's classes: the test proves nothing"
# The serializer is what changed; the unchanged interceptor and RecordSource are rightly not measured.
if grep -qE "not measured: nothing its clients run changed|every class and jar of both sides' classpaths is identical|OrderSerializer: not measured" \
    "$work/self-rewrite.log"; then
  fail "the head that rewrote its classes was called unchanged: $(grep -m2 'not measured' "$work/self-rewrite.log")"
fi
case "$rc" in
  1) grep -q "value.serializer com.example.orders.OrderSerializer: bytesPerOp REGRESSION" "$work/self-rewrite.log" \
       || fail "exit 1 must be the serializer's confirmed B/op regression" ;;
  2) grep -q "NOT JUDGED" "$work/self-rewrite.log" || fail "exit 2 must say NOT JUDGED" ;;
  *) tail -n 30 "$work/self-rewrite.log" >&2; fail "a head that rewrites its classes must be measured (1) or not judged (2), not exit $rc" ;;
esac
echo "test-hostile-head: a head that copied the base's classes over its own was measured or refused (exit $rc), never called unchanged"
passed=yes
