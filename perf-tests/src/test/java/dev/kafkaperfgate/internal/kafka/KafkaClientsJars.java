package dev.kafkaperfgate.internal.kafka;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * This test JVM's class path with another kafka-clients release in place of the build's: what a
 * team on that release gives a paired worker. The releases are copied by Maven
 * ({@code kafka-clients-releases} in perf-tests/pom.xml), named by the build's properties.
 */
public final class KafkaClientsJars {

    private KafkaClientsJars() {
    }

    /** The oldest release the gate supports, as tested: {@code 3.7.2}. */
    public static String oldest() {
        return property("kpg.kafka.clients.oldest");
    }

    /** The newest release tested: {@code 4.4.0}. */
    public static String newest() {
        return property("kpg.kafka.clients.newest");
    }

    /** The release just below the range: refused. */
    public static String tooOld() {
        return property("kpg.kafka.clients.too.old");
    }

    /** {@code java.class.path} with kafka-clients {@code version}'s jar where the build's was. */
    public static String classPathWith(String version) {
        Path jar = Path.of(property("kpg.kafka.clients.dir"), "kafka-clients-" + version + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: Maven's kafka-clients-releases execution copies it");
        }
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        long replaced = Arrays.stream(entries).filter(KafkaClientsJars::isKafkaClients).count();
        if (replaced != 1) {
            throw new IllegalStateException("the test class path holds " + replaced + " kafka-clients jars, not one");
        }
        return Arrays.stream(entries).map(entry -> isKafkaClients(entry) ? jar.toString() : entry)
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static boolean isKafkaClients(String entry) {
        return Path.of(entry).getFileName().toString().matches("kafka-clients-\\d.*\\.jar");
    }

    private static String property(String key) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(key + " is not set: run the tests through Maven (perf-tests/pom.xml sets it)");
        }
        return value;
    }
}
