package dev.kafkaperfgate.internal.kafka;

import org.apache.kafka.clients.producer.ProducerConfig;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.security.CodeSource;
import java.util.Optional;
import java.util.Properties;

/**
 * The kafka-clients release this JVM runs, read from the version resource its own jar carries
 * ({@code kafka/kafka-version.properties}, the file {@code AppInfoParser} reads), and the range
 * of releases the gate supports.
 *
 * <pre>{@code
 * KafkaClients.version();                      // "4.4.0"
 * KafkaClients.unsupported("4.4.0");           // Optional.empty()
 * KafkaClients.unsupported("3.6.2");           // Optional["kafka-clients 3.6.2 is older than ..."]
 * }</pre>
 */
public final class KafkaClients {

    /**
     * The oldest release the gate is tested on (scripts/test-adopters.sh --matrix runs every minor release
     * from here to the newest). Older ones may lack APIs the gate calls; they are refused with
     * one line, not run into a stack trace.
     */
    public static final String OLDEST_SUPPORTED = "3.7.0";

    /** The newest release the gate was tested on: newer ones run, and README says so. */
    public static final String NEWEST_TESTED = "4.4.0";

    private static final String RESOURCE = "kafka/kafka-version.properties";

    private static final String VERSION = read();

    private KafkaClients() {
    }

    /** The version of the kafka-clients jar this JVM loaded {@code ProducerConfig} from, or "unknown". */
    public static String version() {
        return VERSION;
    }

    /**
     * Why a side's kafka-clients cannot be judged, if it cannot: older than {@link #OLDEST_SUPPORTED}.
     * An unreadable version ("unknown", a snapshot of a fork) is not refused: the run says which it ran.
     */
    public static Optional<String> unsupported(String version) {
        int[] given = parse(version);
        if (given == null || compare(given, parse(OLDEST_SUPPORTED)) >= 0) {
            return Optional.empty();
        }
        return Optional.of("kafka-clients " + version + " is older than the oldest release the gate supports ("
                + OLDEST_SUPPORTED + " to " + NEWEST_TESTED + " and newer): upgrade kafka-clients, or run an older kafka-perf-gate");
    }

    /** Major, minor and patch of {@code 4.4.0}, {@code 3.9.1}, {@code 4.1.0-SNAPSHOT}; {@code null} when not such a version. */
    static int[] parse(String version) {
        if (version == null) {
            return null;
        }
        String[] parts = version.trim().split("[.-]");
        if (parts.length < 2) {
            return null;
        }
        int[] numbers = new int[3];
        for (int i = 0; i < 3 && i < parts.length; i++) {
            if (!parts[i].matches("\\d{1,6}")) {
                if (i < 2) {
                    return null;
                }
                break;
            }
            numbers[i] = Integer.parseInt(parts[i]);
        }
        return numbers;
    }

    private static int compare(int[] a, int[] b) {
        for (int i = 0; i < 3; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }

    /**
     * The resource of the jar that holds {@code ProducerConfig}, not the first such resource on the
     * class path: another Kafka jar (a broker's, a fork's) could carry a file of the same name.
     */
    private static String read() {
        try {
            URL resource = ownResource().orElseGet(() -> ProducerConfig.class.getClassLoader() == null ? null
                    : ProducerConfig.class.getClassLoader().getResource(RESOURCE));
            if (resource == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            try (InputStream in = resource.openStream()) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown").trim();
        } catch (IOException e) {
            throw new UncheckedIOException("the kafka-clients version resource cannot be read", e);
        }
    }

    private static Optional<URL> ownResource() throws IOException {
        CodeSource source = ProducerConfig.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        String location = source.getLocation().toString();
        URL url = location.endsWith(".jar") ? new URL("jar:" + location + "!/" + RESOURCE) : new URL(location + RESOURCE);
        try (InputStream probe = url.openStream()) {
            return Optional.of(url);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
