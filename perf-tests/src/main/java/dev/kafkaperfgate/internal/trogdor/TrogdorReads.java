package dev.kafkaperfgate.internal.trogdor;

import dev.kafkaperfgate.internal.trogdor.task.AgentReads;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.Histograms;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.spec.ProduceScenario;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A consume scenario's figures on Trogdor: every agent's reads, and the run's, added up read by
 * read. Each trial's reads start at one instant on every agent, so a trial's records are the
 * agents' together and its time is the slowest agent's join and fetch: the run's read rate is
 * what the agents read side by side until the last one finished, never more. Poll gaps are merged,
 * cost per record weighted by the records each agent read.
 *
 * @param result      the run's figures, judged like a local consume run's
 * @param coordinator the coordinator the tasks went through
 * @param agents      each agent's own reads, for the report
 */
public record TrogdorReads(ConsumeResult result, URI coordinator, List<AgentReads> agents) {

    public TrogdorReads {
        agents = List.copyOf(agents);
    }

    /**
     * @param warmups each agent's warm-up round, in agent order
     * @param trials  per trial, each agent's one read, in agent order
     */
    static TrogdorReads of(ProduceScenario load, Map<String, String> consumer, String topic, BrokerInfo broker, URI coordinator,
                           long preloaded, long preloadNanos, List<AgentReads> warmups, List<List<AgentReads>> trials) {
        List<AgentReads> agents = new ArrayList<>();
        for (int i = 0; i < warmups.size(); i++) {
            int agent = i;
            List<ConsumeTrialFigures> reads = new ArrayList<>();
            for (int trial = 0; trial < trials.size(); trial++) {
                AgentReads read = trials.get(trial).get(agent);
                if (!read.agent().equals(warmups.get(i).agent())) {
                    throw new TrogdorUnavailableException("scenario " + load.name() + ": read " + (trial + 1) + "'s agent " + (i + 1)
                            + " is " + read.agent() + ", the warm-up's " + warmups.get(i).agent() + ": the rounds do not line up");
                }
                reads.add(numbered(trial + 1, read.reads().get(0)));
            }
            agents.add(new AgentReads(warmups.get(i).agent(), warmups.get(i).client(), warmups.get(i).warmup(), reads));
        }
        List<ConsumeTrialFigures> combined = new ArrayList<>();
        for (int trial = 0; trial < trials.size(); trial++) {
            int at = trial;
            combined.add(combine(trial + 1, agents.stream().map(agent -> agent.reads().get(at)).toList()));
        }
        WarmupSummary warmup = new WarmupSummary(agents.stream().mapToLong(agent -> agent.warmup().records()).sum(),
                agents.stream().mapToLong(agent -> agent.warmup().durationNanos()).max().orElse(0),
                agents.stream().allMatch(agent -> agent.warmup().steady()), "fixed", List.of());
        ConsumeResult result = new ConsumeResult(load, consumer, topic, broker, agents.get(0).client(), preloaded, preloadNanos, warmup,
                combined);
        return new TrogdorReads(result, coordinator, agents);
    }

    /** The agents' reads of one trial, side by side from one instant: the records added, the time the slowest's. */
    static ConsumeTrialFigures combine(int number, List<ConsumeTrialFigures> parts) {
        long records = parts.stream().mapToLong(ConsumeTrialFigures::records).sum();
        long bytes = parts.stream().mapToLong(ConsumeTrialFigures::bytes).sum();
        long join = parts.stream().mapToLong(ConsumeTrialFigures::joinNanos).max().orElseThrow();
        long total = parts.stream().mapToLong(part -> part.joinNanos() + part.fetchNanos()).max().orElseThrow();
        ClientCost cost = ClientCost.combined(parts.stream().map(part -> new ClientCost.Share(part.records(), part.cost())).toList());
        return new ConsumeTrialFigures(number, records, bytes, join, total - join,
                Histograms.merged(parts.stream().map(ConsumeTrialFigures::pollGaps).toList()), cost);
    }

    private static ConsumeTrialFigures numbered(int number, ConsumeTrialFigures read) {
        return new ConsumeTrialFigures(number, read.records(), read.bytes(), read.joinNanos(), read.fetchNanos(), read.pollGaps(),
                read.cost());
    }

    /** The result file's {@code trogdor} block: the coordinator and each agent's median figures. */
    public ObjectNode toJson() {
        ObjectNode node = TrogdorRun.block(coordinator, agents.size());
        for (AgentReads agent : agents) {
            ObjectNode row = node.withArray("perAgent").addObject();
            row.put("agent", agent.agent());
            row.put("records", agent.reads().stream().mapToLong(ConsumeTrialFigures::records).sum());
            row.put("medianRecordsPerSec", median(agent, ConsumeTrialFigures::recordsPerSecond));
            row.put("medianCpuNsPerRecord", median(agent, read -> read.cost().cpuNsPerRecord()));
            row.put("medianAllocBytesPerRecord", median(agent, read -> read.cost().allocBytesPerRecord()));
            row.put("javaVersion", agent.client().javaVersion());
        }
        return node;
    }

    private static double median(AgentReads agent, ToDoubleFunction<ConsumeTrialFigures> figure) {
        return Math.round(Median.of(agent.reads().stream().mapToDouble(figure).toArray()) * 10) / 10.0;
    }

    /** One console line per agent, after the run's own lines. */
    public List<String> lines() {
        return agents.stream().map(agent -> String.format("%s: %d records read, %.1f records/sec (median read), %.0f ns CPU and "
                        + "%.0f B allocated per record", agent.agent(), agent.reads().stream().mapToLong(ConsumeTrialFigures::records).sum(),
                median(agent, ConsumeTrialFigures::recordsPerSecond), median(agent, read -> read.cost().cpuNsPerRecord()),
                median(agent, read -> read.cost().allocBytesPerRecord()))).toList();
    }
}
