package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.Defaults;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Creates the gate's topics under a prefix unique to this run, and deletes those and only
 * those. Safe on a shared cluster: a topic this instance did not create is never deleted, even
 * when it matches the prefix.
 *
 * <pre>{@code
 * try (GateTopics topics = new GateTopics(broker)) {
 *     String topic = topics.create("producer-1k", 1, (short) 1, Map.of());
 *     ...
 * } // deletes the topics it created
 * }</pre>
 */
public final class GateTopics implements AutoCloseable {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private final KafkaBroker broker;
    private final Admin admin;
    private final String prefix;
    private final Set<String> created = new LinkedHashSet<>();

    public GateTopics(KafkaBroker broker) {
        this(broker, Defaults.TOPIC_PREFIX + "-" + LocalDateTime.now().format(STAMP) + "-"
                + UUID.randomUUID().toString().substring(0, 8) + "-");
    }

    GateTopics(KafkaBroker broker, String prefix) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) Defaults.ADMIN_TIMEOUT.toMillis());
        this.broker = broker;
        this.admin = Admin.create(config);
        this.prefix = prefix;
    }

    /** This run's prefix; every topic it creates starts with it. */
    public String prefix() {
        return prefix;
    }

    /**
     * Creates {@code prefix + name} and waits until the cluster confirms it.
     *
     * @param name              the scenario's part of the name; letters, digits, '.', '_' and '-' only
     * @param partitions        1 or more
     * @param replicationFactor 1 or more, at most the cluster's broker count
     * @param configs           topic configs, Kafka's own keys (e.g. min.insync.replicas)
     * @return the full topic name
     */
    public String create(String name, int partitions, short replicationFactor, Map<String, String> configs) {
        String topic = prefix + name.replaceAll("[^a-zA-Z0-9._-]", "_");
        if (topic.length() > 249) {
            throw new IllegalArgumentException("topic name longer than Kafka's limit of 249 characters: " + topic);
        }
        NewTopic newTopic = new NewTopic(topic, partitions, replicationFactor).configs(configs);
        try {
            admin.createTopics(List.of(newTopic)).all().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw new BrokerUnavailableException("could not create topic " + topic + ": " + e.getCause().getMessage(), e.getCause());
            }
            // The cluster answered and said no: a problem of the scenario's topic, not of the broker.
            throw new TopicRejectedException("the cluster refused to create topic " + topic + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new BrokerUnavailableException("creating topic " + topic + " took longer than "
                    + Defaults.ADMIN_TIMEOUT.toSeconds() + " s: is the broker alive?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while creating topic " + topic, e);
        }
        created.add(topic);
        awaitLeaders(topic, partitions);
        return topic;
    }

    /**
     * Waits until every partition of {@code topic} has a leader in the broker's metadata. The
     * controller confirms a topic before its leaders have reached the brokers; a producer that
     * starts in that gap holds its batches for the partitions it cannot place, and a batch left
     * too long expires after delivery.timeout.ms (120 s by default) and fails the scenario.
     */
    private void awaitLeaders(String topic, int partitions) {
        long deadline = System.nanoTime() + Defaults.ADMIN_TIMEOUT.toNanos();
        String state = "no metadata yet";
        while (System.nanoTime() - deadline < 0) {
            try {
                TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic);
                long led = description.partitions().stream().filter(partition -> partition.leader() != null
                        && !partition.leader().isEmpty()).count();
                if (description.partitions().size() == partitions && led == partitions) {
                    return;
                }
                state = led + " of " + partitions + " partitions have a leader";
            } catch (ExecutionException e) {
                state = e.getCause().toString(); // not yet known to the broker: look again
            } catch (TimeoutException e) {
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BrokerUnavailableException("interrupted while waiting for the leaders of " + topic, e);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BrokerUnavailableException("interrupted while waiting for the leaders of " + topic, e);
            }
        }
        throw new BrokerUnavailableException("topic " + topic + " was created but its partitions got no leader within "
                + Defaults.ADMIN_TIMEOUT.toSeconds() + " s (" + state + "): is the broker alive?", null);
    }

    /**
     * The bytes the cluster's log directories hold for these topics, every replica counted.
     *
     * @throws BrokerUnavailableException when the broker does not answer within the admin timeout
     */
    public long bytes(java.util.Collection<String> topics) {
        try {
            List<Integer> brokers = admin.describeCluster().nodes().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .stream().map(org.apache.kafka.common.Node::id).toList();
            long total = 0;
            for (var dirs : admin.describeLogDirs(brokers).allDescriptions().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .values()) {
                for (var dir : dirs.values()) {
                    for (var replica : dir.replicaInfos().entrySet()) {
                        if (topics.contains(replica.getKey().topic())) {
                            total += replica.getValue().size();
                        }
                    }
                }
            }
            return total;
        } catch (ExecutionException | TimeoutException e) {
            throw new BrokerUnavailableException("could not read the size of topics " + topics + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while reading the size of topics " + topics, e);
        }
    }

    /**
     * Deletes every record of a topic this instance created, up to each partition's end, and keeps
     * the topic: a warm window's producer writes to one topic for the whole scenario, and the
     * broker's log (on a RAM disk here) must not grow with it. The broker removes the closed
     * segments below the new start at its next retention check ({@code log.retention.check.interval.ms},
     * 1 s on the gate's own brokers); the active one stays until it rolls.
     *
     * @throws BrokerUnavailableException when the broker does not answer within the admin timeout
     */
    public void truncate(String topic) {
        if (!created.contains(topic) || !topic.startsWith(prefix)) {
            throw new IllegalStateException("refusing to truncate " + topic + ": this run did not create it");
        }
        try {
            Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.OffsetSpec> latest = new HashMap<>();
            TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic);
            description.partitions().forEach(partition -> latest.put(new org.apache.kafka.common.TopicPartition(topic,
                    partition.partition()), org.apache.kafka.clients.admin.OffsetSpec.latest()));
            Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.RecordsToDelete> before = new HashMap<>();
            admin.listOffsets(latest).all().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .forEach((partition, offset) -> before.put(partition,
                            org.apache.kafka.clients.admin.RecordsToDelete.beforeOffset(offset.offset())));
            admin.deleteRecords(before).all().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new BrokerUnavailableException("could not delete the records of topic " + topic + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while deleting the records of topic " + topic, e);
        }
    }

    /**
     * Deletes one topic this instance created, now: paired mode gives every trial a fresh topic and
     * must not let them pile up on the broker. A failure is reported on stderr; the topic is then
     * left for {@link #close}.
     */
    public void delete(String topic) {
        if (!created.contains(topic) || !topic.startsWith(prefix)) {
            throw new IllegalStateException("refusing to delete " + topic + ": this run did not create it");
        }
        try {
            admin.deleteTopics(List.of(topic)).all().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            created.remove(topic);
        } catch (ExecutionException | TimeoutException e) {
            System.err.println("[kafka-perf-gate] could not delete topic " + topic + " yet: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Deletes the topics this instance created. Errors are reported on stderr; nothing else is
     * touched. A broker the gate started and that has died takes its topics with it, so there is
     * nothing to wait for then.
     */
    @Override
    public void close() {
        if (broker.failure().isPresent()) {
            admin.close(java.time.Duration.ZERO);
            return;
        }
        List<String> toDelete = new ArrayList<>();
        for (String topic : created) {
            if (!topic.startsWith(prefix)) {
                throw new IllegalStateException("refusing to delete " + topic + ": it is outside this run's prefix " + prefix);
            }
            toDelete.add(topic);
        }
        try {
            if (!toDelete.isEmpty()) {
                admin.deleteTopics(toDelete).all().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
            created.clear();
        } catch (ExecutionException | TimeoutException e) {
            System.err.println("[kafka-perf-gate] could not delete this run's topics " + toDelete + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            admin.close(java.time.Duration.ofSeconds(5));
        }
    }
}
