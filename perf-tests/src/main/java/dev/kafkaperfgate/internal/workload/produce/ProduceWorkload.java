package dev.kafkaperfgate.internal.workload.produce;

import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.figures.FaultFigures;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.workload.BrokerSide;
import dev.kafkaperfgate.internal.workload.BrokerWatch;
import dev.kafkaperfgate.internal.workload.ClientConfigs;
import dev.kafkaperfgate.internal.workload.CodecCheck;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.Pacer;
import dev.kafkaperfgate.internal.workload.Producers;
import dev.kafkaperfgate.internal.workload.ProgressPrinter;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.SendErrors;
import dev.kafkaperfgate.internal.workload.SteadyStateDetector;
import dev.kafkaperfgate.internal.workload.WarmClient;
import dev.kafkaperfgate.internal.workload.fault.TimedFault;
import dev.kafkaperfgate.internal.workload.fault.FaultTrial;
import dev.kafkaperfgate.internal.workload.payload.PayloadPool;
import dev.kafkaperfgate.internal.workload.payload.RecordPool;
import dev.kafkaperfgate.internal.workload.send.PhaseListener;
import dev.kafkaperfgate.internal.workload.send.SendPhase;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.CostMeter;
import dev.kafkaperfgate.internal.metrics.LatencyRecorder;
import dev.kafkaperfgate.internal.metrics.PerfLine;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import org.apache.kafka.clients.producer.Producer;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link ProduceScenario}: one producer, a warm-up that is never measured, then the
 * trials, each measured on its own. What kafka-producer-perf-test does, plus a target rate that
 * keeps its schedule, response time beside service time, warm-up, repeated trials, and a check
 * that every record sent was acknowledged.
 *
 * <pre>{@code
 * ProduceResult result = new ProduceWorkload(broker, System.out).run(scenario, topic);
 * }</pre>
 */
public final class ProduceWorkload {

    private static final long TRIAL_TICK_NANOS = Duration.ofSeconds(1).toNanos();

    private final KafkaBroker broker;
    private final PrintStream console;
    private final NanoClock clock;
    private final CpuSet clientCpus;
    private final PhaseListener listener;
    private final InjectedCost injection;
    /** Carries out a pause-broker or partition-broker fault; set by the run with {@link #withTimedFault}. */
    private TimedFault timedFault;

    public ProduceWorkload(KafkaBroker broker, PrintStream console) {
        this(broker, console, NanoClock.SYSTEM, null, InjectedCost.NONE);
    }

    /**
     * @param clientCpus the CPUs the client JVM is pinned to, recorded in the result; {@code null} if unpinned
     * @param injection  a cost put into the producer on purpose, to prove the gate; {@link InjectedCost#NONE} normally
     */
    public ProduceWorkload(KafkaBroker broker, PrintStream console, NanoClock clock, CpuSet clientCpus, InjectedCost injection) {
        this(broker, console, clock, clientCpus, injection, PhaseListener.NONE);
    }

    /** @param listener follows the phases, as the end-to-end reader does */
    public ProduceWorkload(KafkaBroker broker, PrintStream console, NanoClock clock, CpuSet clientCpus, InjectedCost injection,
                    PhaseListener listener) {
        this.broker = broker;
        this.console = console;
        this.clock = clock;
        this.clientCpus = clientCpus;
        this.injection = injection;
        this.listener = listener;
    }

    /**
     * The run's carrier of a pause-broker or partition-broker fault (Trogdor's ProcessStopFault or
     * NetworkPartitionFault): a scenario with one of those needs it.
     */
    public ProduceWorkload withTimedFault(TimedFault carrier) {
        this.timedFault = carrier;
        return this;
    }

    /**
     * @param topic an existing topic, created for this scenario
     * @throws ScenarioFailedException    when the codec cannot load, a send fails or a record goes unacknowledged
     * @throws BrokerUnavailableException when the broker dies during the scenario
     */
    public ProduceResult run(ProduceScenario scenario, String topic) {
        try (Session session = open(scenario, topic)) {
            WarmupSummary warmup = session.warmUp();
            List<TrialFigures> trials = new ArrayList<>();
            for (int trial = 1; trial <= scenario.trials(); trial++) {
                trials.add(session.measure(trial));
            }
            return new ProduceResult(scenario, topic, broker.info(), ClientJvm.current(clientCpus), warmup, trials);
        }
    }

    /**
     * Opens the scenario's producer on {@code topic} and keeps it: a paired run's warm windows
     * measure one producer window after window, so that no window pays for a new client, a new
     * topic or a JIT that has not settled.
     *
     * @throws ScenarioFailedException when the codec cannot load
     */
    public Session open(ProduceScenario scenario, String topic) {
        CodecCheck.verify(scenario.name(), scenario.producer());
        Map<String, Object> config = ClientConfigs.producer(broker, scenario.producer(), injection);
        RecordPool records = PayloadPool.records(scenario, config);
        Producer<Object, Object> producer = Producers.open(scenario, config);
        // Closing the producer from the watch's thread makes a blocked send() return at once.
        BrokerWatch watch = BrokerWatch.start(broker, () -> producer.close(Duration.ZERO));
        return new Session(scenario, topic, producer, records, watch);
    }

    /** One open producer of a scenario: warmed up once, then measured trial by trial (or window by window). */
    public final class Session implements WarmClient<TrialFigures> {

        private final ProduceScenario scenario;
        private final String topic;
        private final Producer<Object, Object> producer;
        private final RecordPool records;
        private final BrokerWatch watch;
        private final SendPhase phase;
        private final BrokerSide brokerSide = BrokerSide.of(broker);

        private Session(ProduceScenario scenario, String topic, Producer<Object, Object> producer, RecordPool records, BrokerWatch watch) {
            this.scenario = scenario;
            this.topic = topic;
            this.producer = producer;
            this.records = records;
            this.watch = watch;
            this.phase = new SendPhase(producer, topic, records, clock, watch, listener.stamp());
        }

        /** The scenario's warm-up, never measured. */
        @Override
        public WarmupSummary warmUp() {
            return guarded(() -> ProduceWorkload.this.warmUp(scenario, phase, records.meanValueBytes(), watch));
        }

        /**
         * One measured trial of the scenario's trial duration (a warm window's length), with what
         * the broker counted during it.
         *
         * @throws BrokerUnavailableException when the broker died
         */
        @Override
        public TrialFigures measure(int trial) {
            return guarded(() -> {
                brokerSide.begin();
                TrialFigures figures = ProduceWorkload.this.measure(scenario, topic, phase, producer, records.meanValueBytes(), watch, trial);
                return figures.withBrokerSide(brokerSide.end());
            });
        }

        private <T> T guarded(java.util.function.Supplier<T> step) {
            try {
                return step.get();
            } catch (RuntimeException e) {
                if (watch.isDead()) {
                    throw brokerDied(scenario, watch, e);
                }
                throw e;
            }
        }

        @Override
        public void close() {
            try {
                watch.close();
            } finally {
                producer.close(Duration.ofSeconds(5));
            }
        }
    }

    private WarmupSummary warmUp(ProduceScenario scenario, SendPhase phase, int meanLength, BrokerWatch watch) {
        WarmupPolicy policy = scenario.warmup();
        if (policy.isNone()) {
            return new WarmupSummary(0, 0, true, windowFigure(scenario), List.of());
        }
        SteadyStateDetector steady = new SteadyStateDetector(policy);
        LatencyRecorder latencies = new LatencyRecorder(false);
        SendErrors errors = new SendErrors();
        long start = clock.nanoTime();
        long windowNanos = policy.window().toNanos();
        ProgressPrinter progress = new ProgressPrinter(console, "[" + scenario.name() + "] warm-up: ",
                meanLength, Defaults.PROGRESS_INTERVAL.toNanos(), start);
        SendPhase.Tick tick = (interval, now) -> {
            progress.add(interval, now);
            steady.addWindow(scenario.isRateLimited() ? interval.p50Micros() : interval.count() / (windowNanos / 1e9));
            return steady.isDone(now - start);
        };
        listener.phaseStarting(0);
        SendPhase.Outcome outcome = phase.run(0, pacer(scenario), Long.MAX_VALUE, windowNanos, tick, latencies, errors);
        checkErrors(scenario, "warm-up", outcome, latencies, errors, watch);
        listener.phaseEnded(scenario.name(), 0, outcome.sent());
        boolean wasSteady = steady.isSteady();
        // A warm-up whose min is its max is of fixed length (paired mode's warm windows, whose settle windows wait for the JIT).
        boolean fixed = policy.min().equals(policy.max());
        console.printf("[%s] warm-up: %d records in %.1f s, %s%n", scenario.name(), outcome.sent(), outcome.seconds(),
                fixed ? "fixed length" : wasSteady ? "steady" : "NOT steady within its bound of " + String.format(java.util.Locale.ROOT, "%.1f", policy.max().toMillis() / 1000.0) + " s");
        return new WarmupSummary(outcome.sent(), outcome.endNanos() - outcome.startNanos(), wasSteady,
                windowFigure(scenario), steady.windows());
    }

    private TrialFigures measure(ProduceScenario scenario, String topic, SendPhase phase, Producer<Object, Object> producer, int meanLength,
                                 BrokerWatch watch, int trial) {
        LatencyRecorder latencies = new LatencyRecorder(scenario.isRateLimited());
        SendErrors errors = new SendErrors();
        String label = "[" + scenario.name() + "] trial " + trial + "/" + scenario.trials() + ": ";
        long start = clock.nanoTime();
        ProgressPrinter progress = new ProgressPrinter(console, label, meanLength,
                Defaults.PROGRESS_INTERVAL.toNanos(), start);
        long durationNanos = scenario.trialDuration() == null ? Long.MAX_VALUE : scenario.trialDuration().toNanos();
        SendPhase.Tick tick = (interval, now) -> {
            progress.add(interval, now);
            return now - start >= durationNanos;
        };
        long maxRecords = scenario.trialDuration() == null ? scenario.recordsPerTrial() : Long.MAX_VALUE;
        listener.phaseStarting(trial);
        CostMeter.Snapshot before = CostMeter.snapshot(producer.metrics(), CostMeter.Traffic.PRODUCER);
        SendPhase.Outcome outcome;
        ClientCost cost;
        FaultFigures fault = null;
        if (scenario.fault() == null) {
            outcome = phase.run(trial, pacer(scenario), maxRecords, TRIAL_TICK_NANOS, tick, latencies, errors);
            cost = CostMeter.between(before, CostMeter.snapshot(producer.metrics(), CostMeter.Traffic.PRODUCER), outcome.sent());
            checkErrors(scenario, "trial " + trial, outcome, latencies, errors, watch);
        } else {
            FaultTrial faultTrial = new FaultTrial(broker, scenario, topic, console, label, timedFault);
            outcome = faultTrial.run(ledger -> phase.run(trial, pacer(scenario), maxRecords, TRIAL_TICK_NANOS, tick, latencies,
                    errors, ledger));
            cost = CostMeter.between(before, CostMeter.snapshot(producer.metrics(), CostMeter.Traffic.PRODUCER), outcome.sent());
            if (watch.isDead()) {
                throw brokerDied(scenario, watch, null);
            }
            fault = faultTrial.figures(outcome);
            console.println(label + fault.line());
        }
        Delivery delivery = listener.phaseEnded(scenario.name(), trial, outcome.sent());

        double seconds = outcome.seconds();
        long bytes = outcome.bytes();
        double recordsPerSecond = outcome.sent() / seconds;
        boolean rateHeld = !scenario.isRateLimited() || recordsPerSecond >= 0.95 * scenario.recordsPerSecond();
        console.println(label + PerfLine.total(outcome.sent(), seconds, meanLength, latencies.service())
                + (rateHeld ? "" : String.format(" TARGET RATE NOT HELD (%.0f records/sec asked)", scenario.recordsPerSecond())));
        if (delivery != null) {
            console.println(label + PerfLine.delivered(listener.delivers(), delivery.records(), delivery.recordsPerSecond(),
                    delivery.megabytesPerSecond()));
            console.println(label + PerfLine.latency(listener.measures(), delivery.latency()));
        }
        return new TrialFigures(trial, outcome.sent(), bytes, outcome.endNanos() - outcome.startNanos(), recordsPerSecond,
                bytes / seconds / (1024.0 * 1024.0), latencies.service(), latencies.response(), delivery, rateHeld, cost, fault);
    }

    /** Every record sent must be acknowledged: a failed send fails the scenario with its cause. */
    public static void checkErrors(ProduceScenario scenario, String phase, SendPhase.Outcome outcome,
                                    LatencyRecorder latencies, SendErrors errors, BrokerWatch watch) {
        if (watch.isDead()) {
            throw brokerDied(scenario, watch, null);
        }
        if (errors.count() > 0) {
            Exception first = errors.first();
            // A live broker that lets sends time out has something to say about it in its own log.
            String brokerLog = first instanceof org.apache.kafka.common.errors.TimeoutException
                    ? watch.brokerLogTail().map(tail -> "; the broker's last log lines:\n" + tail).orElse("") : "";
            throw new ScenarioFailedException("scenario " + scenario.name() + ", " + phase + ": " + errors.count() + " of "
                    + outcome.sent() + " sends failed; first error: " + first + brokerLog, first);
        }
        if (latencies.count() != outcome.sent()) {
            throw new ScenarioFailedException("scenario " + scenario.name() + ", " + phase + ": " + outcome.sent()
                    + " records sent but " + latencies.count() + " acknowledged", null);
        }
    }

    private static BrokerUnavailableException brokerDied(ProduceScenario scenario, BrokerWatch watch, Throwable cause) {
        return new BrokerUnavailableException("scenario " + scenario.name() + " stopped: the broker died: "
                + watch.failure().orElseThrow(), cause);
    }

    private Pacer pacer(ProduceScenario scenario) {
        return scenario.isRateLimited() ? Pacer.fixedRate(scenario.recordsPerSecond(), clock) : Pacer.unlimited(clock);
    }

    private static String windowFigure(ProduceScenario scenario) {
        return scenario.isRateLimited() ? "median latency µs" : "records/s";
    }
}
