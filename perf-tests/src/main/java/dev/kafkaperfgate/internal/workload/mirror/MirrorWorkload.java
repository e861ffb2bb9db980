package dev.kafkaperfgate.internal.workload.mirror;

import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.ClientConfigs;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.endtoend.EndToEndReader;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.link.SlowLink;
import dev.kafkaperfgate.internal.mirror.MirrorMaker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;

import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs a mirror scenario: the produce workload at its fixed rate into the source cluster, every
 * record stamped with its send time; MirrorMaker 2 in dedicated mode reading the source (across
 * the scenario's slow link, when it has one) and writing to the target cluster; and a reader on
 * the target that records send-to-read time per record, in microseconds, as the replication lag.
 * Every record must arrive exactly once, counted per phase; every wait is bounded and names
 * what did not happen.
 *
 * <pre>{@code
 * ProduceResult result = new MirrorWorkload(source, target, classpath, System.out, NanoClock.SYSTEM, null, InjectedCost.NONE)
 *         .run(scenario, Map.of(), topic);
 * result.trials().get(0).endToEnd();   // the lag histogram, µs
 * }</pre>
 */
public final class MirrorWorkload {

    private final KafkaBroker source;
    private final KafkaBroker target;
    private final String kafkaClasspath;
    private final PrintStream console;
    private final NanoClock clock;
    private final CpuSet clientCpus;
    private final InjectedCost injection;
    private Duration startTimeout = Defaults.MIRROR_START_TIMEOUT;
    private Map<String, String> extraMirrorProperties = Map.of();
    private java.nio.file.Path toxiproxy;

    /**
     * @param source   the cluster the scenario produces to; with a network block it needs link listeners (a process cluster)
     * @param target   the cluster MirrorMaker 2 writes to
     * @param kafkaClasspath the Kafka runtime's jars, connect-mirror among them: MirrorMaker 2 runs from them
     */
    public MirrorWorkload(KafkaBroker source, KafkaBroker target, String kafkaClasspath, PrintStream console, NanoClock clock,
                          CpuSet clientCpus, InjectedCost injection) {
        this.source = source;
        this.target = target;
        this.kafkaClasspath = kafkaClasspath;
        this.console = console;
        this.clock = clock;
        this.clientCpus = clientCpus;
        this.injection = injection;
    }

    /** The slow link's Toxiproxy server ({@code perf.toxiproxy.server}); unset: on the PATH, or built once with Go. */
    public MirrorWorkload withToxiproxy(java.nio.file.Path server) {
        this.toxiproxy = server;
        return this;
    }

    /** A shorter bound on MirrorMaker 2's first replication, and lines appended to its mm2.properties: for tests. */
    MirrorWorkload withTestHooks(Duration timeout, Map<String, String> extraProperties) {
        this.startTimeout = timeout;
        this.extraMirrorProperties = Map.copyOf(extraProperties);
        return this;
    }

    /**
     * @param scenario a scenario with a {@code mirror} block and a target rate
     * @param consumer properties of the reader on the target, Kafka's own keys
     * @param topic    an existing, empty topic on the source
     * @throws ScenarioFailedException when MirrorMaker 2 does not start, does not replicate, stalls, or delivers a record twice
     */
    public ProduceResult run(ProduceScenario scenario, Map<String, String> consumer, String topic) {
        if (scenario.mirror() == null || !scenario.isRateLimited()) {
            throw new IllegalArgumentException("scenario " + scenario.name() + ": a mirror scenario needs a mirror block and a target rate");
        }
        SlowLink link = scenario.network() == null ? null : SlowLink.open(source, scenario.network(), "source-mirrormaker", toxiproxy, console);
        MirrorMaker mirrorMaker = null;
        try {
            String sourceForMirror = link == null ? source.bootstrapServers() : link.bootstrapServers();
            int replicas = Math.min(3, Math.max(1, target.info().brokers()));
            mirrorMaker = MirrorMaker.start(kafkaClasspath, sourceForMirror, target.bootstrapServers(),
                    topic, replicas, scenario.mirror(), extraMirrorProperties);
            console.printf("[%s] MirrorMaker 2 (pid %d) mirrors %s to the target as %s%s%n", scenario.name(), mirrorMaker.pid(), topic,
                    mirrorMaker.remoteTopic(), link == null ? "" : ", reading the source across the link");
            awaitRemoteTopic(scenario, mirrorMaker);
            KafkaConsumer<Object, Object> reader = new KafkaConsumer<>(ClientConfigs.consumer(target, consumer, topic + "-mirror"));
            try (EndToEndReader lag = new EndToEndReader(reader, mirrorMaker.remoteTopic(), scenario.partitions(), scenario.trials() + 1,
                    clock, startTimeout, "MirrorMaker 2")) {
                ProduceResult result = new ProduceWorkload(source, console, clock, clientCpus, injection, lag).run(scenario, topic);
                ProduceResult mirrored = result.as(WorkloadKind.MIRROR, consumer);
                return link == null ? mirrored : mirrored.withBroker(result.broker().withLink(link.figures()));
            }
        } catch (ScenarioFailedException e) {
            if (mirrorMaker != null) {
                mirrorMaker.keepLog();
                throw new ScenarioFailedException(e.getMessage() + ". " + mirrorMaker.failure().orElse(mirrorMaker.logTail()), e);
            }
            throw e;
        } finally {
            if (mirrorMaker != null) {
                mirrorMaker.close();
            }
            if (link != null) {
                link.close();
            }
        }
    }

    /**
     * MirrorMaker 2 creates the remote topic once its source connector runs; until then nothing
     * can be read. Bounded by the start timeout; a MirrorMaker that exits ends the wait at once.
     */
    private void awaitRemoteTopic(ProduceScenario scenario, MirrorMaker mirrorMaker) {
        Map<String, Object> config = new HashMap<>(target.connectionProperties());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
        long start = clock.nanoTime();
        long deadline = start + startTimeout.toNanos();
        try (Admin admin = Admin.create(config)) {
            while (true) {
                mirrorMaker.failure().ifPresent(failure -> {
                    throw new ScenarioFailedException("scenario " + scenario.name() + ": " + failure, null);
                });
                Set<String> topics = admin.listTopics().names().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                if (topics.contains(mirrorMaker.remoteTopic())) {
                    console.printf("[%s] MirrorMaker 2 created %s on the target after %.1f s%n", scenario.name(), mirrorMaker.remoteTopic(),
                            (clock.nanoTime() - start) / 1e9);
                    return;
                }
                if (clock.nanoTime() > deadline) {
                    throw new ScenarioFailedException("scenario " + scenario.name() + ": MirrorMaker 2 (pid " + mirrorMaker.pid()
                            + ") did not create " + mirrorMaker.remoteTopic() + " on the target within " + startTimeout.toSeconds()
                            + " s, so it replicated nothing", null);
                }
                clock.sleepUntil(clock.nanoTime() + 500_000_000L);
            }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new ScenarioFailedException("scenario " + scenario.name() + ": the target cluster did not list its topics: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ScenarioFailedException("scenario " + scenario.name() + ": interrupted while MirrorMaker 2 started", e);
        }
    }
}
