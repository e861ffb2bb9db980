package dev.kafkaperfgate.internal.baseline;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.broker.BrokerInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The environment a run measured: what must be the same for two runs' figures to be compared.
 * A baseline measured on another CPU model, JVM or broker gives no verdict (MISMATCH) rather than
 * a false one. The kafka-clients version is not here: it is part of the subject a pull request
 * changes ({@link dev.kafkaperfgate.internal.verdict.DefinitionParts}), so an upgrade gets a verdict.
 * Fields that cannot be known are the empty string, never null.
 *
 * @param cpuModel      /proc/cpuinfo's "model name", else os.arch
 * @param cores         the machine's logical CPUs (not the JVM's pinned set)
 * @param os            os.name and os.arch
 * @param kernel        os.version (the kernel release on Linux)
 * @param jvm           java.vm.vendor, java.vm.name and java.runtime.version
 * @param brokerMode    container, process or external
 * @param brokerVersion the broker's Kafka version, where known
 * @param brokerImage   the container image, for container brokers
 */
public record Fingerprint(String cpuModel, int cores, String os, String kernel, String jvm,
                          String brokerMode, String brokerVersion, String brokerImage) {

    public Fingerprint {
        cpuModel = Objects.requireNonNullElse(cpuModel, "");
        os = Objects.requireNonNullElse(os, "");
        kernel = Objects.requireNonNullElse(kernel, "");
        jvm = Objects.requireNonNullElse(jvm, "");
        brokerMode = Objects.requireNonNullElse(brokerMode, "");
        brokerVersion = Objects.requireNonNullElse(brokerVersion, "");
        brokerImage = Objects.requireNonNullElse(brokerImage, "");
    }

    /** The fingerprint of this JVM's machine, talking to {@code broker}. */
    public static Fingerprint current(BrokerInfo broker) {
        long processors = cpuinfo().stream().filter(line -> line.matches("processor\\s*:.*")).count();
        return new Fingerprint(currentCpuModel(), processors > 0 ? (int) processors : Runtime.getRuntime().availableProcessors(),
                ThisJvm.osName() + " " + ThisJvm.osArch(), ThisJvm.osVersion(), ThisJvm.vmDescription(),
                broker.mode(), broker.version(), broker.image());
    }

    /** /proc/cpuinfo's "model name", else os.arch. */
    static String currentCpuModel() {
        return cpuinfo().stream().filter(line -> line.startsWith("model name"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim()).findFirst().orElse(ThisJvm.osArch());
    }

    private static List<String> cpuinfo() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** Field name to value, in declaration order: the JSON form and the unit of comparison. */
    public Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("cpuModel", cpuModel);
        fields.put("cores", Integer.toString(cores));
        fields.put("os", os);
        fields.put("kernel", kernel);
        fields.put("jvm", jvm);
        fields.put("brokerMode", brokerMode);
        fields.put("brokerVersion", brokerVersion);
        fields.put("brokerImage", brokerImage);
        return fields;
    }

    /** One entry per field that differs: {@code jvm: <baseline's> → <this one's>}. */
    public List<String> differencesFrom(Fingerprint baseline) {
        List<String> differences = new ArrayList<>();
        Map<String, String> theirs = baseline.fields();
        fields().forEach((field, value) -> {
            if (!value.equals(theirs.get(field))) {
                differences.add(field + ": " + theirs.get(field) + " → " + value);
            }
        });
        return differences;
    }

    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        fields().forEach((field, value) -> {
            if (field.equals("cores")) {
                node.put(field, cores);
            } else {
                node.put(field, value);
            }
        });
        return node;
    }
}
