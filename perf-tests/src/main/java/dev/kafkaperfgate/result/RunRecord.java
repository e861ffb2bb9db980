package dev.kafkaperfgate.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static dev.kafkaperfgate.result.ResultBlocks.JSON;

/**
 * What a suite run did, scenario by scenario: {@code <results dir>/run.json}, rewritten after
 * every scenario so that a run cut short still says how far it got. A run is complete only when
 * every selected scenario ran without error and the suite reached its end; later stages refuse
 * to treat an incomplete run as a pass.
 *
 * <pre>{@code
 * RunRecord run = new RunRecord(resultsDir, "pr", 2);
 * run.passed("producer-1k-acks1-20k", "produce", resultFile);
 * run.failed("consumer-300b", "consume", exception);
 * run.finish();   // run.json: "complete": false, one failed scenario named with its message
 * }</pre>
 */
public final class RunRecord {

    /** How one scenario ended. */
    public enum Outcome { PASSED, FAILED, ERROR }

    private record Entry(String scenario, String workload, Outcome outcome, String resultFile, String message) {
    }

    private final Path directory;
    private final String suite;
    private final int selected;
    private final Instant startedAt = Instant.now();
    private final List<Entry> entries = new ArrayList<>();
    private boolean finished;

    /**
     * @param suite    the suite selected, or {@code null} for all
     * @param selected how many scenarios the run selected
     */
    public RunRecord(Path directory, String suite, int selected) {
        this.directory = directory;
        this.suite = suite;
        this.selected = selected;
    }

    public synchronized void passed(String scenario, String workload, Path resultFile) {
        entries.add(new Entry(scenario, workload, Outcome.PASSED, resultFile.getFileName().toString(), null));
        write();
    }

    /** @param outcome FAILED for a scenario's own problem, ERROR for an infrastructure one (broker, Docker) */
    public synchronized void failed(String scenario, String workload, Outcome outcome, Throwable cause) {
        entries.add(new Entry(scenario, workload, outcome, null, String.valueOf(cause.getMessage())));
        write();
    }

    /** Marks the end of the suite and writes the final record; returns whether the run is complete. */
    public synchronized boolean finish() {
        finished = true;
        write();
        return isComplete();
    }

    public synchronized boolean isComplete() {
        return finished && entries.size() == selected && entries.stream().allMatch(entry -> entry.outcome() == Outcome.PASSED);
    }

    /** The scenarios that did not pass, one line each: {@code name: message}. */
    public synchronized List<String> problems() {
        return entries.stream().filter(entry -> entry.outcome() != Outcome.PASSED)
                .map(entry -> entry.scenario() + " (" + entry.outcome().name().toLowerCase() + "): " + entry.message()).toList();
    }

    private void write() {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", ResultFile.SCHEMA_VERSION);
        root.put("suite", suite);
        root.put("startedAt", startedAt.toString());
        root.put("updatedAt", Instant.now().toString());
        root.put("selected", selected);
        root.put("finished", finished);
        root.put("complete", isComplete());
        ArrayNode scenarios = root.putArray("scenarios");
        for (Entry entry : entries) {
            ObjectNode node = scenarios.addObject();
            node.put("scenario", entry.scenario());
            node.put("workload", entry.workload());
            node.put("outcome", entry.outcome().name().toLowerCase());
            node.put("resultFile", entry.resultFile());
            node.put("message", entry.message());
        }
        ResultBlocks.write(root, directory, "run.json");
    }
}
