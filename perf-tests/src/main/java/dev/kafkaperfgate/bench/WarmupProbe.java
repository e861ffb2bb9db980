package dev.kafkaperfgate.bench;

import dev.kafkaperfgate.broker.BrokerMode;
import dev.kafkaperfgate.broker.BrokerSettings;
import dev.kafkaperfgate.broker.GateTopics;
import dev.kafkaperfgate.broker.ProcessBroker;
import dev.kafkaperfgate.workload.ProduceResult;
import dev.kafkaperfgate.workload.ProduceScenario;
import dev.kafkaperfgate.workload.ProduceWorkload;
import dev.kafkaperfgate.workload.TrialFigures;
import dev.kafkaperfgate.workload.WarmupPolicy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * How long a fresh broker and a fresh client take to settle: sends for a fixed time in short
 * windows, on a fresh broker per run, and prints each window's throughput and median latency,
 * then the first window from which every later one stays within 10% of the settled median
 * (the median of the last third). The warm-up defaults in Defaults come from this.
 * Run by scripts/measure-warmup.sh.
 */
public final class WarmupProbe {

    private static final double TOLERANCE = 0.10;

    private WarmupProbe() {
    }

    public static void main(String[] args) {
        BenchArgs options = new BenchArgs(args, Map.of("runs", "3", "seconds", "60", "window-ms", "2000",
                "record-size", "1024", "throughput", "-1", "broker-classpath-file", ""));
        Properties properties = new Properties();
        properties.setProperty("perf.broker.classpath.file", options.text("broker-classpath-file"));
        BrokerSettings settings = BrokerSettings.from(properties).withMode(BrokerMode.PROCESS);
        Duration window = Duration.ofMillis(options.number("window-ms"));
        int windows = (int) (options.number("seconds") * 1000 / window.toMillis());
        long rate = options.number("throughput");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        System.out.printf("warm-up probe: %d runs, each on a fresh broker, %d windows of %d ms, %s B records, %s%n",
                options.number("runs"), windows, window.toMillis(), options.text("record-size"),
                rate < 0 ? "unthrottled" : rate + " records/s");
        for (int run = 1; run <= options.number("runs"); run++) {
            ProduceScenario scenario = ProduceScenario.builder("warmup-probe")
                    .recordSize((int) options.number("record-size"))
                    .recordsPerSecond(rate < 0 ? ProduceScenario.UNLIMITED : rate)
                    .trialDuration(window)
                    .warmup(WarmupPolicy.NONE)
                    .trials(windows)
                    .producerProperty("acks", "1")
                    .build();
            try (ProcessBroker broker = ProcessBroker.start(settings, "warm-up probe");
                 GateTopics topics = new GateTopics(broker)) {
                ProduceResult result = new ProduceWorkload(broker, quiet).run(scenario, topics.create("probe", 1, (short) 1, Map.of()));
                report(run, window, rate >= 0, result.trials());
            }
        }
    }

    private static void report(int run, Duration window, boolean rateLimited, List<TrialFigures> trials) {
        List<Double> figures = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (TrialFigures trial : trials) {
            double figure = rateLimited ? trial.service().getValueAtPercentile(50) : trial.recordsPerSecond();
            figures.add(figure);
            line.append(String.format(Locale.ROOT, " %.0f", figure));
        }
        List<Double> tail = figures.subList(figures.size() * 2 / 3, figures.size());
        double settled = Spread.of(tail).median();
        int firstSettled = figures.size();
        for (int i = figures.size() - 1; i >= 0 && Math.abs(figures.get(i) - settled) <= TOLERANCE * settled; i--) {
            firstSettled = i;
        }
        System.out.printf(Locale.ROOT, "run %d %s per window:%s%n", run, rateLimited ? "median latency µs" : "records/s", line);
        System.out.printf(Locale.ROOT, "run %d settled at %.0f; every window from %.0f s on is within %.0f%% of it%n",
                run, settled, firstSettled * window.toMillis() / 1000.0, TOLERANCE * 100);
    }
}
