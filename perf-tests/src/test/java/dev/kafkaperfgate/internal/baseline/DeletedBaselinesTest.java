package dev.kafkaperfgate.internal.baseline;

import dev.kafkaperfgate.PerfGate;
import dev.kafkaperfgate.PerfGateException;
import dev.kafkaperfgate.PerfGateOptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pull request that deletes a baseline is not judged: in a throwaway git repository, the base
 * commit has the baselines of two scenarios and the head has lost one of them (or the whole
 * machine class folder). Without the check, that scenario was judged NEW and passed.
 */
class DeletedBaselinesTest {

    private static final String PROFILE = "linux-amd64-2c";
    /**
     * The run's own machine class, whatever CPU this machine has: the gate reads
     * {@code baselines/<profile>/<this machine's class>/}, so a fixed class would give the run no
     * baseline to miss on another CPU (it found none and judged the scenario NEW on an Intel Xeon).
     */
    private static final String CLASS = MachineClass.current();
    /** Real baseline files to copy, from one class this repository keeps; their content is not what is tested. */
    private static final Path REAL = Path.of("../baselines").resolve(PROFILE).resolve("amd-epyc");

    @TempDir
    Path repo;
    Path baselines;
    String base;

    @BeforeEach
    void aBaseWithTwoBaselines() throws Exception {
        baselines = Files.createDirectories(repo.resolve("module/baselines").resolve(PROFILE).resolve(CLASS)).getParent().getParent();
        for (String scenario : List.of("producer-1k-acks1-20k", "consumer-300b-3p")) {
            Files.copy(REAL.resolve(scenario + ".json"), baselines.resolve(PROFILE).resolve(CLASS).resolve(scenario + ".json"));
        }
        git("init", "-q");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base");
        base = git("rev-parse", "HEAD").trim();
    }

    @Test
    void aBaselineTheHeadDeletedIsNamedAndAScenarioNewOnBothSidesIsNot() throws Exception {
        Files.delete(baselines.resolve(PROFILE).resolve(CLASS).resolve("producer-1k-acks1-20k.json"));
        List<String> scenarios = List.of("producer-1k-acks1-20k", "consumer-300b-3p", "brand-new");
        BaselineStore store = BaselineStore.load(baselines, PROFILE, CLASS, scenarios);
        assertTrue(store.get("producer-1k-acks1-20k").isEmpty(), "read alone, the deleted one looks NEW");

        BaselineException deleted = assertThrows(BaselineException.class, () -> DeletedBaselines.check(store, scenarios, base));
        assertEquals(1, deleted.problems().size(), deleted.problems().toString());
        assertTrue(deleted.problems().get(0).contains("producer-1k-acks1-20k.json: deleted: the base (" + base + ") has this baseline"),
                deleted.problems().get(0));

        // The same head judged against a base that never had it: nothing to object to.
        Files.delete(baselines.resolve(PROFILE).resolve(CLASS).resolve("consumer-300b-3p.json"));
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "both gone");
        String later = git("rev-parse", "HEAD").trim();
        DeletedBaselines.check(BaselineStore.load(baselines, PROFILE, CLASS, scenarios), scenarios, later);
    }

    @Test
    void aDeletedMachineClassFolderIsCaughtToo() throws Exception {
        for (String scenario : List.of("producer-1k-acks1-20k", "consumer-300b-3p")) {
            Files.delete(baselines.resolve(PROFILE).resolve(CLASS).resolve(scenario + ".json"));
        }
        Files.delete(baselines.resolve(PROFILE).resolve(CLASS));
        List<String> scenarios = List.of("producer-1k-acks1-20k", "consumer-300b-3p");
        BaselineException deleted = assertThrows(BaselineException.class,
                () -> DeletedBaselines.check(BaselineStore.load(baselines, PROFILE, CLASS, scenarios), scenarios, base));
        assertEquals(2, deleted.problems().size(), deleted.problems().toString());
    }

    @Test
    void aBaseGitCannotFindIsNotAPass() throws Exception {
        Files.delete(baselines.resolve(PROFILE).resolve(CLASS).resolve("producer-1k-acks1-20k.json"));
        List<String> scenarios = List.of("producer-1k-acks1-20k");
        BaselineException unknown = assertThrows(BaselineException.class,
                () -> DeletedBaselines.check(BaselineStore.load(baselines, PROFILE, CLASS, scenarios), scenarios, "no-such-ref"));
        assertTrue(unknown.problems().get(0).startsWith("cannot tell whether the base no-such-ref has baselines the head deleted: "),
                unknown.problems().get(0));
    }

    @Test
    void theGateStopsBeforeAnyBrokerWithTheFileNamed() throws Exception {
        Files.delete(baselines.resolve(PROFILE).resolve(CLASS).resolve("producer-1k-acks1-20k.json"));
        Path scenarios = Files.createDirectories(repo.resolve("module/perf"));
        Files.writeString(scenarios.resolve("p.yaml"), "name: producer-1k-acks1-20k\ntags: [pr]\nworkload: produce\nduration: 2s\n"
                + "record.size: 1024\nrate: 20000\nproducer: {acks: \"1\", linger.ms: 0, batch.size: 16384, compression.type: none}\ntrials: 1\n");
        PerfGateException stopped = assertThrows(PerfGateException.class, () -> PerfGate.run(PerfGateOptions.builder().suite("pr")
                .scenariosDir(scenarios).baselinesDir(baselines).profile(PROFILE).resultsDir(repo.resolve("results"))
                .baselinesRef(base).broker(PerfGateOptions.Broker.PROCESS).build()));
        assertEquals(PerfGateException.Kind.INVALID_INPUT, stopped.kind(), stopped.getMessage());
        assertEquals(2, stopped.exitCode());
        assertTrue(stopped.getMessage().contains("producer-1k-acks1-20k.json: deleted"), stopped.getMessage());
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "git " + args[0] + " in time");
        assertEquals(0, process.exitValue(), "git " + String.join(" ", args) + ": " + output);
        return output;
    }
}
