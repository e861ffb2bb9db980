package dev.kafkaperfgate.internal.trogdor;

import dev.kafkaperfgate.internal.trogdor.task.AgentFigures;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.Histograms;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.HdrHistogram.Histogram;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A trogdor scenario's figures: every agent's, and the run's, added up trial by trial. The
 * agents' trials run at the same time (one start instant, a fixed warm-up, timed trials), so a
 * trial's throughput is the sum of the agents' throughputs, its latency histogram the merge of
 * theirs (a true merged p99, not an average of p99s), and its cost per record the agents' cost
 * weighted by the records each sent. An end-to-end trial's delivery is merged the same way: the
 * agents' readers' latency histograms merged, their records added up.
 *
 * @param result      the run's figures, judged like a local run's
 * @param coordinator the coordinator the tasks went through
 * @param agents      each agent's own figures, for the report
 */
public record TrogdorRun(ProduceResult result, URI coordinator, List<AgentFigures> agents) {

    public TrogdorRun {
        agents = List.copyOf(agents);
    }

    /**
     * @throws TrogdorUnavailableException when the agents did not run the same number of trials
     */
    static TrogdorRun of(ProduceScenario scenario, WorkloadKind workload, Map<String, String> consumer, String topic, BrokerInfo broker,
                         URI coordinator, List<AgentFigures> agents) {
        int trials = agents.get(0).trials().size();
        for (AgentFigures agent : agents) {
            if (agent.trials().size() != trials) {
                throw new TrogdorUnavailableException("scenario " + scenario.name() + ": agent " + agent.agent() + " ran "
                        + agent.trials().size() + " trials, agent " + agents.get(0).agent() + " " + trials);
            }
        }
        List<TrialFigures> combined = new ArrayList<>();
        for (int index = 0; index < trials; index++) {
            int at = index;
            combined.add(combine(index + 1, agents.stream().map(agent -> agent.trials().get(at)).toList()));
        }
        WarmupSummary warmup = new WarmupSummary(agents.stream().mapToLong(agent -> agent.warmup().records()).sum(),
                agents.stream().mapToLong(agent -> agent.warmup().durationNanos()).max().orElse(0),
                agents.stream().allMatch(agent -> agent.warmup().steady()), "fixed", List.of());
        ProduceResult result = new ProduceResult(scenario, topic, broker, agents.get(0).client(), warmup, combined).as(workload, consumer);
        return new TrogdorRun(result, coordinator, agents);
    }

    static TrialFigures combine(int number, List<TrialFigures> parts) {
        long records = parts.stream().mapToLong(TrialFigures::records).sum();
        long bytes = parts.stream().mapToLong(TrialFigures::bytes).sum();
        long nanos = parts.stream().mapToLong(TrialFigures::durationNanos).max().orElseThrow();
        double recordsPerSecond = parts.stream().mapToDouble(TrialFigures::recordsPerSecond).sum();
        double megabytesPerSecond = parts.stream().mapToDouble(TrialFigures::megabytesPerSecond).sum();
        Histogram service = Histograms.merged(parts.stream().map(TrialFigures::service).toList());
        Histogram response = parts.stream().allMatch(part -> part.response() != null)
                ? Histograms.merged(parts.stream().map(TrialFigures::response).toList()) : null;
        boolean rateHeld = parts.stream().allMatch(TrialFigures::rateHeld);
        Delivery delivery = parts.stream().allMatch(part -> part.delivery() != null) ? new Delivery(
                Histograms.merged(parts.stream().map(TrialFigures::endToEnd).toList()),
                parts.stream().mapToLong(part -> part.delivery().records()).sum(), parts.stream().mapToLong(part -> part.delivery().bytes()).sum(),
                parts.stream().mapToLong(part -> part.delivery().spanNanos()).max().orElseThrow()) : null;
        ClientCost cost = ClientCost.combined(parts.stream().map(part -> new ClientCost.Share(part.records(), part.cost())).toList());
        return new TrialFigures(number, records, bytes, nanos, recordsPerSecond, megabytesPerSecond, service, response, delivery, rateHeld,
                cost, null);
    }

    /** The result file's {@code trogdor} block: the coordinator and each agent's median figures. */
    public ObjectNode toJson() {
        ObjectNode node = block(coordinator, agents.size());
        for (AgentFigures agent : agents) {
            ObjectNode row = node.withArray("perAgent").addObject();
            row.put("agent", agent.agent());
            row.put("records", agent.trials().stream().mapToLong(TrialFigures::records).sum());
            row.put("medianRecordsPerSec", median(agent, TrialFigures::recordsPerSecond));
            Function<TrialFigures, Histogram> latency = result.scenario().isRateLimited() ? TrialFigures::response : TrialFigures::service;
            row.put("p99Us", Histograms.merged(agent.trials().stream().map(latency).filter(Objects::nonNull).toList())
                    .getValueAtPercentile(99));
            if (agent.trials().stream().allMatch(trial -> trial.delivery() != null)) {
                row.put("endToEndP99Us", Histograms.merged(agent.trials().stream().map(TrialFigures::endToEnd).toList())
                        .getValueAtPercentile(99));
            }
            row.put("medianCpuNsPerRecord", median(agent, trial -> trial.cost().cpuNsPerRecord()));
            row.put("medianAllocBytesPerRecord", median(agent, trial -> trial.cost().allocBytesPerRecord()));
            row.put("javaVersion", agent.client().javaVersion());
        }
        return node;
    }

    /** A result file's {@code trogdor} block before its agents' rows: the coordinator and how many agents. */
    static ObjectNode block(URI coordinator, int agents) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("coordinator", coordinator.toString());
        node.put("agents", agents);
        return node;
    }

    private static double median(AgentFigures agent, ToDoubleFunction<TrialFigures> figure) {
        return Math.round(Median.of(agent.trials().stream().mapToDouble(figure).toArray()) * 10) / 10.0;
    }

    /** One console line per agent, after the run's own lines. */
    public List<String> lines() {
        ObjectNode json = toJson();
        List<String> lines = new ArrayList<>();
        json.withArray("perAgent").forEach(row -> lines.add(String.format("%s: %d records, %.1f records/sec (median trial), "
                        + "p99 %.0f µs%s, %.0f ns CPU and %.0f B allocated per record", row.get("agent").asText(), row.get("records").asLong(),
                row.get("medianRecordsPerSec").asDouble(), row.get("p99Us").asDouble(),
                row.has("endToEndP99Us") ? String.format(", end-to-end p99 %.0f µs", row.get("endToEndP99Us").asDouble()) : "",
                row.get("medianCpuNsPerRecord").asDouble(), row.get("medianAllocBytesPerRecord").asDouble())));
        return lines;
    }
}
