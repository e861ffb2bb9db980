package dev.kafkaperfgate.internal.component.reach;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a scenario's whole client can run, as one digest: every class and resource reachable from
 * the worker's entry point, Kafka's clients and every class its settings name ({@link ComponentCode}
 * follows each). Two sides with the same digest, the same settings and the same config files run
 * the same client, so the scenario is not measured (issue 72).
 *
 * <p>Fail safe: a reached class that finds a class, a resource or a file by a name it may compute
 * ({@link LookupSites}) could reach anything, so the reach is then unknown, and the scenario is
 * measured. Libraries whose lookups are driven by what they are given, and whose input the digest
 * already covers, are trusted to resolve them: Kafka's (class names in settings, which are roots
 * here), the gate's worker (the scenario's names), Jackson (annotations and types of reached
 * classes, and modules by service file), SLF4J (providers by service file), SnakeYAML (the
 * scenario file's tags), HdrHistogram (its Base64 codec, by constant name) and the compression
 * libraries (their own native code, in their own jars), each only for its classes found in a jar: a
 * class in such a package in the team's own build is checked like any other. Each such jar counts
 * whole, every entry by content, its native libraries included (issue 81).
 */
public final class ClientReach {

    /** Where every paired worker starts, and the clients it drives. */
    public static final List<String> ENTRY_POINTS = List.of("dev.kafkaperfgate.internal.worker.WorkerLaunch",
            "org.apache.kafka.clients.producer.KafkaProducer", "org.apache.kafka.clients.consumer.KafkaConsumer");

    /**
     * Packages whose lookups are resolved by what the digest already covers (see above). Joined at
     * run time: the gate's jar relocates its own Jackson, SnakeYAML and HdrHistogram, and the
     * relocation rewrites string constants that name them too, but these name the team's copies.
     */
    static final List<String> RESOLVED_BY_INPUT = List.of(folder("org", "apache", "kafka"), folder("dev", "kafkaperfgate"),
            folder("com", "fasterxml", "jackson"), folder("org", "slf4j"), folder("org", "yaml", "snakeyaml"), folder("org", "HdrHistogram"),
            folder("org", "xerial", "snappy"), folder("com", "github", "luben", "zstd"), folder("net", "jpountz"));

    /**
     * The gate's jar holds the libraries it relocated under this folder. Only those whose lookups the
     * digest covers (Jackson, SnakeYAML, HdrHistogram, as above) are trusted there: JMH, commons-math3,
     * Gson, jopt-simple and Toxiproxy's client can find a file by a computed name, and the gate's jar
     * comes first on every side's class path, so a head's class could call them.
     */
    static final String SHADED = "dev/kafkaperfgate/shaded/";

    static final List<String> SHADED_RESOLVED_BY_INPUT = List.of(SHADED + "jackson/", SHADED + "snakeyaml/", SHADED + "hdrhistogram/");

    /** Whether {@code resource}'s lookups are resolved by what the digest covers, were it found in a library's jar. */
    static boolean resolvedByInput(String resource) {
        if (resource.startsWith(SHADED)) {
            return SHADED_RESOLVED_BY_INPUT.stream().anyMatch(resource::startsWith);
        }
        return RESOLVED_BY_INPUT.stream().anyMatch(resource::startsWith);
    }

    private ClientReach() {
    }

    private static String folder(String... parts) {
        return String.join("/", parts) + "/";
    }

    /**
     * @param sha256  the digest of every reached class and resource; {@code null} when the reach is unknown
     * @param reached how many classes and resources it covers
     * @param unknown why the reach is unknown: the class and the call that could reach anything
     */
    public record Reach(String sha256, int reached, String unknown) {

        public boolean known() {
            return sha256 != null;
        }
    }

    /** The reach of {@code roots} on the side {@code code} reads. */
    public static Reach of(ComponentCode code, Collection<String> roots) throws IOException {
        List<String> all = new java.util.ArrayList<>(roots);
        // A provider of a JDK service (a SelectorProvider, a Charset) is loaded by the JDK, whose classes the reach does
        // not read: every such provider the side's files name is a root.
        code.index().services().forEach((service, providers) -> {
            if (!code.index().resources().contains(service.replace('.', '/') + ".class")) {
                all.addAll(providers);
            }
        });
        TreeMap<String, byte[]> reached = code.reach(all);
        java.util.Set<java.nio.file.Path> trustedJars = new java.util.TreeSet<>();
        for (Map.Entry<String, byte[]> entry : reached.entrySet()) {
            String resource = entry.getKey();
            // Only a library's own classes, found in its jar, are trusted: a class of the team's build in such a package is not.
            if (!resource.endsWith(".class")) {
                continue;
            }
            if (resolvedByInput(resource) && code.fromLibrary(resource)) {
                code.jars().jarOf(resource).ifPresent(trustedJars::add);
                continue;
            }
            Optional<String> site = LookupSites.first(entry.getValue(), resource);
            if (site.isPresent()) {
                String className = resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
                return new Reach(null, reached.size(), className + " calls " + site.get() + ", which may reach any class or file");
            }
        }
        // A trusted library finds its own files by names it computes (snappy-java's native library by the machine's
        // name): every entry of its jar counts, by content, under the jar's file name.
        // Keyed by file name (the sides' copies sit in folders of their own): two of one name would hide each other.
        java.util.Set<java.nio.file.Path> names = new java.util.HashSet<>();
        for (java.nio.file.Path jar : trustedJars) {
            if (!names.add(jar.getFileName())) {
                return new Reach(null, reached.size(), "two trusted jars are named " + jar.getFileName());
            }
        }
        TreeMap<String, byte[]> digested = new TreeMap<>(reached);
        for (java.nio.file.Path jar : trustedJars) {
            Optional<String> shadowed = code.jars().shadowed(jar);
            if (shadowed.isPresent()) {
                return new Reach(null, reached.size(), "a trusted library's file is shadowed: " + shadowed.get());
            }
            digested.put("jar:" + jar.getFileName(), code.jars().wholeJar(jar));
        }
        return new Reach(ComponentCode.digest("", digested).sha256(), reached.size(), null);
    }
}
