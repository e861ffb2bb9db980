package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.trogdor.task.AgentFigures;
import dev.kafkaperfgate.internal.trogdor.task.AgentReads;
import dev.kafkaperfgate.internal.trogdor.task.AgentTask;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * A trogdor scenario's run: one gate task per agent ({@code GateTaskSpec}), all starting at
 * one instant, each running the scenario's producer at its share of the rate (end-to-end: with a
 * reader of the agent's own topic; consume: rounds of reads of the pre-loaded topic,
 * {@link #consume}); then every agent's figures, added up into the run's ({@link TrogdorRun},
 * {@link TrogdorReads}). Prints each task's state as it changes and its agent's latest line, so a
 * long run can be followed.
 *
 * <pre>{@code
 * TrogdorRun run = new TrogdorWorkload(trogdor, broker, System.out)
 *         .run(scenario.produce(), WorkloadKind.PRODUCE, Map.of(), 2, topic, agent -> topic);
 * }</pre>
 */
public final class TrogdorWorkload {

    /** The task spec's class, by name: the gate's JVM does not load Trogdor's classes. */
    static final String SPEC_CLASS = "dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec";
    /** From creating the tasks to their common start: every agent has its task by then. */
    static final Duration START_DELAY = Duration.ofSeconds(3);
    /** Beyond the warm-up and trials: each trial's settle and drain, the producer's start and close. */
    static final Duration SLACK = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 1000;
    /** An agent's trial line, as the produce workload prints it: {@code [name] trial 2/3: ...}. */
    private static final java.util.regex.Pattern TRIAL_LINE = java.util.regex.Pattern.compile("\\] trial (\\d+)/(\\d+): ");

    private final TrogdorAgents trogdor;
    private final KafkaBroker broker;
    private final PrintStream console;

    public TrogdorWorkload(TrogdorAgents trogdor, KafkaBroker broker, PrintStream console) {
        this.trogdor = trogdor;
        this.broker = broker;
        this.console = console;
    }

    /**
     * @param workload   {@link WorkloadKind#PRODUCE}, or {@link WorkloadKind#END_TO_END} with {@code consumer}'s settings
     * @param agents     how many of the Trogdor's agents share the load
     * @param topic      the scenario's topic, created for it: the result's
     * @param agentTopic the existing topic an agent writes (and for end-to-end reads back), by the agent's name
     * @throws TrogdorUnavailableException when Trogdor has fewer agents, stops answering, or a task outlives its bound
     * @throws ScenarioFailedException     when an agent's producer failed (its message names the agent)
     * @throws BrokerUnavailableException  when the broker died during the run
     */
    public TrogdorRun run(ProduceScenario scenario, WorkloadKind workload, Map<String, String> consumer, int agents, String topic,
                          UnaryOperator<String> agentTopic) {
        requireAgents(scenario.name(), agents);
        ProduceScenario share = AgentTask.share(scenario, agents);
        Map<String, String> topics = new LinkedHashMap<>();
        trogdor.agents().subList(0, agents).forEach(agent -> topics.put(agent, agentTopic.apply(agent)));
        console.printf("[%s] trogdor: %d %s task%s on %s, each %s and %d trials of %d s at %s, starting together%n", scenario.name(),
                agents, workload.key(), agents == 1 ? "" : "s", trogdor.coordinator().base(),
                share.warmup().isNone() ? "no warm-up" : share.warmup().min().toSeconds() + " s warm-up (fixed)", share.trials(),
                share.trialDuration().toSeconds(), share.isRateLimited() ? String.format("%.0f records/s", share.recordsPerSecond())
                        : "no rate limit");
        List<AgentFigures> figures = round(scenario.name(), topics, share, workload, consumer, AgentFigures::fromStatus);
        return TrogdorRun.of(scenario, workload, consumer, topic, broker.info(), trogdor.coordinator().base(), figures);
    }

    /**
     * A consume scenario on the agents: each agent reads the whole pre-loaded topic in a consumer
     * group of its own (a fan-out, as several services reading one topic do), with the scenario's
     * consumer settings and the team's deserializers. A round of tasks warms every agent up
     * (reads for the scenario's shortest warm-up); then one round per trial, every agent's read
     * starting at one instant, so that a trial's reads run side by side and the run's read rate is
     * the records all agents read over the time until the last of them finished.
     *
     * @param load         the pre-loaded records (already written by the gate) and the trials
     * @param preloaded    records the pre-load wrote, for the result
     * @param preloadNanos how long it took, for the result
     * @throws TrogdorUnavailableException as {@link #run}
     * @throws ScenarioFailedException     when an agent's read failed (missed, repeated or stalled records)
     */
    public TrogdorReads consume(ProduceScenario load, Map<String, String> consumer, int agents, String topic, long preloaded,
                                long preloadNanos) {
        requireAgents(load.name(), agents);
        Map<String, String> topics = new LinkedHashMap<>();
        trogdor.agents().subList(0, agents).forEach(agent -> topics.put(agent, topic));
        console.printf("[%s] trogdor: %d consume task%s per round on %s: a warm-up round (%s), then %d rounds of one read each, "
                        + "every agent reading all %d records in a group of its own%n", load.name(), agents, agents == 1 ? "" : "s",
                trogdor.coordinator().base(), load.warmup().isNone() ? "one read" : "reads for " + load.warmup().min().toSeconds() + " s",
                load.trials(), preloaded);
        List<AgentReads> warmups = round(load.name(), topics, AgentTask.read(load, true), WorkloadKind.CONSUME, consumer,
                AgentReads::fromStatus);
        List<List<AgentReads>> trials = new ArrayList<>();
        for (int trial = 1; trial <= load.trials(); trial++) {
            console.printf("[%s] trogdor: read %d of %d, every agent at once%n", load.name(), trial, load.trials());
            trials.add(round(load.name(), topics, AgentTask.read(load, false), WorkloadKind.CONSUME, consumer, AgentReads::fromStatus));
        }
        return TrogdorReads.of(load, consumer, topic, broker.info(), trogdor.coordinator().base(), preloaded, preloadNanos, warmups,
                trials);
    }

    private void requireAgents(String scenario, int agents) {
        if (trogdor.agents().size() < agents) {
            throw new TrogdorUnavailableException("scenario " + scenario + " asks for " + agents + " Trogdor agents; "
                    + trogdor.coordinator().base() + " has " + trogdor.agents().size() + " (" + String.join(", ", trogdor.agents()) + ")");
        }
    }

    /**
     * One round: a task per agent (on its topic), all starting at one instant; each agent's
     * figures read from its finished task's status, in agent order.
     */
    private <T> List<T> round(String scenario, Map<String, String> topics, ProduceScenario share, WorkloadKind workload,
                              Map<String, String> consumer, BiFunction<String, JsonNode, T> figures) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        long startMs = System.currentTimeMillis() + START_DELAY.toMillis();
        Map<String, String> tasks = new LinkedHashMap<>();
        try {
            for (String agent : topics.keySet()) {
                AgentTask task = new AgentTask(scenario, agent, broker.bootstrapServers(), topics.get(agent), share, workload, consumer);
                ObjectNode spec = JsonNodeFactory.instance.objectNode();
                spec.put("class", SPEC_CLASS);
                spec.put("startMs", startMs);
                spec.put("durationMs", AgentTask.length(share).plus(SLACK).toMillis());
                spec.set("task", task.toJson());
                String id = "kpg-" + scenario.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + run + "-" + agent;
                trogdor.coordinator().create(id, spec);
                tasks.put(agent, id);
            }
        } catch (TrogdorUnavailableException e) {
            // The tasks already created would run on their own: stop them.
            tasks.values().forEach(trogdor.coordinator()::stop);
            throw e;
        }
        // A read is bounded by AgentTask.READ_BOUND but expected to take seconds: the time left counts the warm-up alone.
        boolean reads = share.trialDuration() == null;
        Map<String, TrogdorCoordinator.Task> finished = await(scenario, tasks, startMs, reads ? share.warmup().max() : AgentTask.length(share),
                reads ? Duration.ZERO : share.trialDuration(), AgentTask.length(share).plus(SLACK));
        List<T> read = new ArrayList<>();
        // In agent order, not the order they finished in: the rounds of a consume run line up by agent.
        topics.keySet().forEach(agent -> {
            TrogdorCoordinator.Task task = finished.get(agent);
            if (!task.error().isEmpty()) {
                throw new ScenarioFailedException("scenario " + scenario + ": Trogdor task " + tasks.get(agent) + " failed: "
                        + task.error(), null);
            }
            try {
                read.add(figures.apply(agent, task.status()));
            } catch (IllegalArgumentException e) {
                throw new TrogdorUnavailableException("scenario " + scenario + ": " + e.getMessage(), e);
            }
        });
        return read;
    }

    /**
     * Polls every task until all are done, printing state changes and new progress lines with the
     * time left of the {@code expected} length; bounded by {@code bound}.
     */
    private Map<String, TrogdorCoordinator.Task> await(String scenario, Map<String, String> tasks, long startMs, Duration expected,
                                                       Duration trial, Duration bound) {
        long deadline = startMs + bound.toMillis();
        Map<String, String> states = new LinkedHashMap<>();
        Map<String, String> lines = new LinkedHashMap<>();
        Map<String, TrogdorCoordinator.Task> done = new LinkedHashMap<>();
        while (done.size() < tasks.size()) {
            for (Map.Entry<String, String> entry : tasks.entrySet()) {
                String agent = entry.getKey();
                if (done.containsKey(agent)) {
                    continue;
                }
                TrogdorCoordinator.Task task = trogdor.coordinator().task(entry.getValue());
                if (!task.state().equals(states.put(agent, task.state()))) {
                    console.printf("[%s] trogdor: %s (%s): %s%n", scenario, agent, entry.getValue(), task.state());
                }
                String line = task.status().path("line").asText("");
                if (!line.isEmpty() && !line.equals(lines.put(agent, line))) {
                    long left = secondsLeft(line, trial, startMs + expected.toMillis());
                    console.printf("[%s] trogdor: %s: %s (about %dm%02ds left)%n", scenario, agent, line, left / 60, left % 60);
                }
                if (task.done()) {
                    done.put(agent, task);
                }
            }
            if (done.size() == tasks.size()) {
                break;
            }
            trogdor.failure().ifPresent(problem -> {
                tasks.values().forEach(trogdor.coordinator()::stop);
                throw new TrogdorUnavailableException("scenario " + scenario + ": " + problem);
            });
            broker.failure().ifPresent(problem -> {
                tasks.values().forEach(trogdor.coordinator()::stop);
                throw new BrokerUnavailableException("scenario " + scenario + ": the broker died during the Trogdor run: " + problem);
            });
            if (System.currentTimeMillis() > deadline) {
                tasks.values().forEach(trogdor.coordinator()::stop);
                throw new TrogdorUnavailableException("scenario " + scenario + ": Trogdor's tasks were not done within "
                        + bound.toSeconds() + " s of their start (" + states + "); stopped them");
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                tasks.values().forEach(trogdor.coordinator()::stop);
                throw new TrogdorUnavailableException("interrupted while Trogdor ran scenario " + scenario, e);
            }
        }
        return done;
    }

    /**
     * The time the tasks have left, from an agent's latest line: after trial k of n, the n - k
     * trials still to run; before that, the tasks' expected end.
     */
    static long secondsLeft(String line, Duration trial, long expectedEndMs) {
        java.util.regex.Matcher matcher = TRIAL_LINE.matcher(line);
        if (matcher.find()) {
            return (Long.parseLong(matcher.group(2)) - Long.parseLong(matcher.group(1))) * trial.toSeconds();
        }
        return Math.max(0, expectedEndMs - System.currentTimeMillis()) / 1000;
    }
}
