package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** What a fault trial asks the cluster about its topic's replicas: who leads, who is in sync, whether all are back. */
final class TopicReplicas {

    private TopicReplicas() {
    }

    /** Every partition of the topic with all its replicas in sync, within the recovery bound. */
    static void awaitInSync(Admin admin, String topic, int brokerId, String label) {
        long deadline = System.nanoTime() + Defaults.FAULT_RECOVERY_TIMEOUT.toNanos();
        String state = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                TopicDescription description = describe(admin, topic);
                List<String> behind = description.partitions().stream()
                        .filter(partition -> partition.isr().size() < partition.replicas().size())
                        .map(partition -> "partition " + partition.partition() + " in sync " + partition.isr().stream()
                                .map(Node::id).toList() + " of " + partition.replicas().stream().map(Node::id).toList())
                        .toList();
                if (behind.isEmpty()) {
                    return;
                }
                state = String.join(", ", behind);
            } catch (ScenarioFailedException e) {
                state = e.getMessage();
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ScenarioFailedException(label + "interrupted while broker " + brokerId + " rejoined", e);
            }
        }
        throw new ScenarioFailedException(label + "broker " + brokerId + " did not rejoin the in-sync replicas of " + topic
                + " within " + Defaults.FAULT_RECOVERY_TIMEOUT.toSeconds() + " s of its restart: " + state, null);
    }

    static TopicDescription describe(Admin admin, String topic) {
        try {
            return admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic);
        } catch (ExecutionException | TimeoutException e) {
            throw new ScenarioFailedException("cannot describe topic " + topic + ": " + (e.getCause() == null ? e : e.getCause()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ScenarioFailedException("interrupted while describing topic " + topic, e);
        }
    }

    static Map<String, Object> adminConfig(KafkaBroker broker) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        return config;
    }
}
