package dev.kafkaperfgate.broker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The broker runtime's jars, as the broker-runtime module resolved them from Maven Central. */
final class BrokerClasspath {

    private static final String HOW_TO_FIX = "run Maven from the repository root (mvn verify), which resolves the "
            + "broker-runtime module first, or: mvn -pl broker-runtime generate-resources";

    private BrokerClasspath() {
    }

    static String read(Path classpathFile) {
        if (classpathFile == null) {
            throw new BrokerUnavailableException("process broker: -Dperf.broker.classpath.file is not set; " + HOW_TO_FIX);
        }
        if (!Files.isRegularFile(classpathFile)) {
            throw new BrokerUnavailableException("process broker: classpath file " + classpathFile + " does not exist; " + HOW_TO_FIX);
        }
        String classpath;
        try {
            classpath = Files.readString(classpathFile, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new BrokerUnavailableException("process broker: cannot read " + classpathFile + ": " + e.getMessage(), e);
        }
        List<String> missing = Arrays.stream(classpath.split(java.io.File.pathSeparator))
                .filter(jar -> !Files.isRegularFile(Path.of(jar)))
                .toList();
        if (classpath.isEmpty() || !missing.isEmpty()) {
            throw new BrokerUnavailableException("process broker: " + classpathFile + " lists jars that are not on disk "
                    + missing.stream().limit(3).toList() + "; " + HOW_TO_FIX);
        }
        return classpath;
    }
}
