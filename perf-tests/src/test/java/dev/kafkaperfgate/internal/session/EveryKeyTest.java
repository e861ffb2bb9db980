package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bad value of any {@code perf.*} key fails when the settings are made and checked, before any
 * process starts, naming the key (issue 60 item 2). Every key the gate knows is in one of the two
 * tables: a key added without a bad value to try, or a reason it has none, fails this test.
 */
@Tag("unit")
class EveryKeyTest {

    /** A value each key cannot take. */
    private static final Map<String, String> BAD = new TreeMap<>(Map.ofEntries(
            Map.entry(GateProperties.BROKER, "kafka"),
            Map.entry(GateProperties.BROKER_STARTUP_TIMEOUT, "soon"),
            Map.entry(GateProperties.BROKER_CPUS, "0-x"),
            Map.entry(GateProperties.BROKER_WARMUP, "-1"),
            Map.entry(GateProperties.CLIENT_CPUS, "a"),
            Map.entry(GateProperties.EXTERNAL_JMX, "broker"),
            Map.entry(GateProperties.REQUIRE_CONTAINER, "yes"),
            Map.entry(GateProperties.ENABLED, "on"),
            Map.entry(GateProperties.BASELINE_REQUIRED, "1"),
            Map.entry(GateProperties.GATE_FALSE_ALARM_RATE, "5%"),
            Map.entry(GateProperties.INJECT_BURN_NS, "-5"),
            Map.entry(GateProperties.INJECT_BURN_EVERY, "0"),
            Map.entry(GateProperties.INJECT_ALLOC_BYTES, "lots"),
            Map.entry(GateProperties.PAIRED_BLOCKS, "1"),
            Map.entry(GateProperties.PAIRED_LOOKS, "9"),
            Map.entry(GateProperties.PAIRED_DESIGN, "blocks"),
            Map.entry(GateProperties.PAIRED_WINDOW, "1 s"),
            Map.entry(GateProperties.FAIL_FAST, "maybe"),
            Map.entry(GateProperties.CLIENTS, "never"),
            Map.entry(GateProperties.PAIRED_TRIAL, "two"),
            Map.entry(GateProperties.PAIRED_WARMUP, "5x"),
            Map.entry(GateProperties.PAIRED_SETTLE, "21"),
            Map.entry(GateProperties.PAIRED_PIN, "no"),
            Map.entry(GateProperties.COMPONENTS, "some"),
            Map.entry(GateProperties.COMPONENT_BLOCKS, "1"),
            Map.entry(GateProperties.COMPONENT_LOOKS, "0"),
            Map.entry(GateProperties.ALLOW_UNJUDGED, "sure"),
            Map.entry(GateProperties.TROGDOR_COORDINATOR, "trogdor:8889"),
            Map.entry(GateProperties.TROGDOR_AGENTS, "agent-1"),
            Map.entry(GateProperties.EXTERNAL_BOOTSTRAP_SERVERS, "broker-without-port"),
            Map.entry(GateProperties.SUITE, "pr nightly"),
            Map.entry(GateProperties.PROFILE, "../linux"),
            Map.entry(GateProperties.BASE_COMMIT, "main; rm -rf ~"),
            Map.entry(GateProperties.ACCEPTED_AT, "yesterday"),
            Map.entry(GateProperties.ACCEPTED_BY, "octo cat"),
            Map.entry(GateProperties.ACCEPT_LABEL, "perf-accepted\nforged: line"),
            Map.entry(GateProperties.ACCEPTED_HEAD, "HEAD~1"),
            Map.entry(GateProperties.ACCEPT_REPLACED, "main"),
            Map.entry(GateProperties.ACCEPT_SHOWN, "HEAD"),
            Map.entry(GateProperties.ACCEPT_AUTHOR, "octo cat")));

    /** Keys whose every value is taken here, and why: a later part checks it against what it names. */
    private static final Map<String, String> ANY = new TreeMap<>(Map.ofEntries(
            Map.entry(GateProperties.BROKER_IMAGE, "an image name: Docker refuses an unknown one when the broker starts"),
            Map.entry(GateProperties.BROKER_JVM_FLAGS, "JVM flags, passed on: the broker's JVM refuses a bad one at its start"),
            Map.entry(GateProperties.BROKER_CLASSPATH_FILE, "a file, read when the process broker starts"),
            Map.entry(GateProperties.CLIENT_JVM_FLAGS, "JVM flags, as the broker's"),
            Map.entry(GateProperties.EXTERNAL_CLIENT_PROPERTIES, "a file, read when the external broker is reached"),
            Map.entry(GateProperties.SCENARIOS_DIR, "a folder, read first of all"),
            Map.entry(GateProperties.SCENARIOS, "names and patterns, matched against the scenarios found"),
            Map.entry(GateProperties.RESULTS_DIR, "a folder, made first of all"),
            Map.entry(GateProperties.BASELINES_DIR, "a folder, read when the baselines are"),
            Map.entry(GateProperties.BASELINES_REF, "a git ref, resolved by git"),
            Map.entry(GateProperties.RUN_COMMIT, "text recorded in the summary"),
            Map.entry(GateProperties.RUN_ID, "text recorded in the summary"),
            Map.entry(GateProperties.RUN_MODULE, "text recorded in the summary"),
            Map.entry(GateProperties.BASE_REF, "a git ref: one that is no commit is refused before any build (BaseBuildTest)"),
            Map.entry(GateProperties.BASE_CLASSPATH_FILE, "a file of the base's user, read with its checks"),
            Map.entry(GateProperties.HEAD_CLASSPATH_FILE, "a file of the head's user, read with its checks"),
            Map.entry(GateProperties.BASE_SCENARIOS_DIR, "a folder of the base's checkout"),
            Map.entry(GateProperties.WORKER_JVM_FLAGS, "JVM flags, as the broker's"),
            Map.entry(GateProperties.FALLBACK_REASON, "text shown in the summary"),
            Map.entry(GateProperties.TOXIPROXY_SERVER, "a program, run when a slow link is made")));

    @Test
    void everyKeyHasABadValueOrAReasonItHasNone() {
        for (String key : GateProperties.ALL) {
            assertTrue(BAD.containsKey(key) ^ ANY.containsKey(key), key + " must be in exactly one of the two tables");
        }
        assertEquals(GateProperties.ALL.size(), BAD.size() + ANY.size(), "a table names a key the gate does not know");
    }

    static Stream<String> badKeys() {
        return BAD.keySet().stream();
    }

    @ParameterizedTest
    @MethodSource("badKeys")
    void aBadValueIsRefusedBeforeAnythingStartsNamingItsKey(String key) {
        Map<String, String> settings = new TreeMap<>(Map.of(key, BAD.get(key)));
        if (key.equals(GateProperties.TROGDOR_COORDINATOR)) {
            settings.put(GateProperties.TROGDOR_AGENTS, "agent-1");   // a coordinator is read with its agents
        }
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(settings), key + "=" + BAD.get(key) + " was taken");
        assertTrue(refused.getMessage().contains(key), key + ": the message does not name it: " + refused.getMessage());
    }

    /** The forms a user and the gate action write are taken, each read back as written (not only "no exception"). */
    @Test
    void theFormsUsersAndTheActionWriteAreTaken() {
        String sha = "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d";
        String servers = "broker-1.internal:9092,10.0.0.2:9093,[::1]:9094,PLAINTEXT://kafka:9092";
        GateSettings settings = GateSettings.of(Map.ofEntries(Map.entry(GateProperties.SUITE, "nightly"),
                Map.entry(GateProperties.PROFILE, "linux-amd64-4c"), Map.entry(GateProperties.BASE_COMMIT, sha),
                Map.entry(GateProperties.ACCEPTED_BY, "octo-cat"), Map.entry(GateProperties.ACCEPTED_AT, "2026-11-28T09:00:00Z"),
                Map.entry(GateProperties.ACCEPTED_HEAD, sha), Map.entry(GateProperties.ACCEPT_AUTHOR, "dependabot[bot]"),
                Map.entry(GateProperties.ACCEPT_SHOWN, sha), Map.entry(GateProperties.EXTERNAL_BOOTSTRAP_SERVERS, servers)));
        assertEquals("nightly", settings.suite());
        assertEquals("linux-amd64-4c", settings.profile());
        assertEquals(sha, settings.paired().baseCommit());
        assertEquals(new dev.kafkaperfgate.internal.settings.AcceptFacts("octo-cat", "", "2026-11-28T09:00:00Z", sha, "",
                "dependabot[bot]", sha), settings.accept());
        assertEquals(servers, settings.externalBootstrapServers());
    }
}
