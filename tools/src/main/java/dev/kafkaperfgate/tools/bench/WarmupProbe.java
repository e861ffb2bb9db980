package dev.kafkaperfgate.tools.bench;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.workload.SteadyStateDetector;
import dev.kafkaperfgate.internal.figures.TrialFigures;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How long a fresh broker and a fresh client take to settle: sends for a fixed time in windows,
 * on a fresh broker per run, and prints each window's figure (throughput unthrottled, median
 * latency at a target rate), the settled level (median of the last third), and when the default
 * warm-up ({@link WarmupPolicy#DEFAULT}) would have ended on these windows. The warm-up defaults
 * in Defaults come from this. Run by scripts/measure-warmup.sh.
 */
@Command(name = "warmup", mixinStandardHelpOptions = true,
        description = "How long warm-up must be: on a fresh process broker per run, send for a fixed time in short windows and "
                + "print each window's figure (records/s unthrottled, median latency at a rate), then when the run settled.")
public final class WarmupProbe implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "3", description = "runs, each on a fresh broker (default: ${DEFAULT-VALUE})")
    int runs;
    @Option(names = "--seconds", defaultValue = "60", description = "sending time per run (default: ${DEFAULT-VALUE})")
    long seconds;
    @Option(names = "--window-ms", defaultValue = "5000", description = "window length (default: ${DEFAULT-VALUE}, the warm-up's own)")
    long windowMs;
    @Option(names = "--record-size", defaultValue = "1024", description = "bytes per record (default: ${DEFAULT-VALUE})")
    int recordSize;
    @Option(names = "--throughput", defaultValue = "-1", description = "records/s; -1: unthrottled (default: ${DEFAULT-VALUE})")
    long throughput;
    @Option(names = "--broker-warmup-s", defaultValue = "0", description = "unmeasured sending to the fresh broker first (default: ${DEFAULT-VALUE})")
    long brokerWarmupSeconds;
    @Option(names = "--broker-classpath-file", required = true, paramLabel = "FILE", description = "the broker jars' classpath (the wrapper script passes it)")
    String brokerClasspathFile;

    @Override
    public Integer call() {
        Properties properties = new Properties();
        properties.setProperty(dev.kafkaperfgate.internal.settings.GateProperties.BROKER_CLASSPATH_FILE, brokerClasspathFile);
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(properties)).withMode(BrokerMode.PROCESS);
        Duration window = Duration.ofMillis(windowMs);
        int windows = (int) (seconds * 1000 / window.toMillis());
        long rate = throughput;
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        System.out.printf("warm-up probe: %d runs, each on a fresh broker warmed for %d s, %d windows of %d ms, %s B records, %s%n",
                runs, brokerWarmupSeconds, windows, window.toMillis(), recordSize,
                rate < 0 ? "unthrottled" : rate + " records/s");
        for (int run = 1; run <= runs; run++) {
            ProduceScenario scenario = ProduceScenario.builder("warmup-probe")
                    .recordSize(recordSize)
                    .recordsPerSecond(rate < 0 ? ProduceScenario.UNLIMITED : rate)
                    .trialDuration(window)
                    .warmup(WarmupPolicy.NONE)
                    .trials(windows)
                    .producerProperty("acks", "1")
                    .build();
            try (ProcessBroker broker = ProcessBroker.start(settings, "warm-up probe");
                 GateTopics topics = new GateTopics(broker)) {
                BrokerWarmup.run(broker, Duration.ofSeconds(brokerWarmupSeconds), System.out);
                ProduceResult result = new ProduceWorkload(broker, quiet).run(scenario, topics.create("probe", 1, (short) 1, Map.of()));
                report(run, window, rate >= 0, result.trials());
            }
        }
        return 0;
    }

    private static void report(int run, Duration window, boolean rateLimited, List<TrialFigures> trials) {
        List<Double> figures = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (TrialFigures trial : trials) {
            double figure = rateLimited ? trial.service().getValueAtPercentile(50) : trial.recordsPerSecond();
            figures.add(figure);
            line.append(String.format(Locale.ROOT, " %.0f", figure));
        }
        double settled = Spread.of(figures.subList(figures.size() * 2 / 3, figures.size())).median();
        String defaultEnd = "not within these windows";
        if (window.equals(WarmupPolicy.DEFAULT.window())) {
            SteadyStateDetector steady = new SteadyStateDetector(WarmupPolicy.DEFAULT);
            for (int i = 0; i < figures.size(); i++) {
                steady.addWindow(figures.get(i));
                long elapsed = (i + 1) * window.toNanos();
                if (steady.isDone(elapsed)) {
                    defaultEnd = String.format(Locale.ROOT, "at %d s, %s", elapsed / 1_000_000_000L,
                            steady.isSteady() ? "steady" : "NOT steady (maximum reached)");
                    break;
                }
            }
        } else {
            defaultEnd = "not computed (windows differ from the default's " + WarmupPolicy.DEFAULT.window() + ")";
        }
        System.out.printf(Locale.ROOT, "run %d %s per window:%s%n", run, rateLimited ? "median latency µs" : "records/s", line);
        System.out.printf(Locale.ROOT, "run %d settled at %.0f (median of the last third); the default warm-up would end %s%n",
                run, settled, defaultEnd);
    }
}
