package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The process broker's jars. By default they come packed in the {@code kafka-perf-gate-broker}
 * artifact (a jar of jars that an adopter's build fetches with the library); the first run
 * unpacks them into a cache of the user's own ({@code ~/.cache/kafka-perf-gate}, mode 0700: a
 * guessable folder under the shared /tmp could be filled by anyone first), and later runs reuse a
 * cached jar only when its bytes are the packed one's. Within this
 * repository's build the packed jars are plain files already. {@code -Dperf.broker.classpath.file}
 * names a classpath file instead (the broker-runtime module writes one).
 */
public final class BrokerClasspath {

    private static final String PACKED = "kafka-perf-gate-broker/";
    private static final String HOW_TO_FIX = "the kafka-perf-gate-broker artifact must be on the test classpath "
            + "(it comes with the kafka-perf-gate dependency; in this repository: mvn -B verify from the root)";

    private BrokerClasspath() {
    }

    /** @param classpathFile a file listing the jars, or {@code null} for the packed jars */
    public static String read(Path classpathFile) {
        return classpathFile == null ? unpacked() : fromFile(classpathFile);
    }

    private static String fromFile(Path classpathFile) {
        if (!Files.isRegularFile(classpathFile)) {
            throw new BrokerUnavailableException("process broker: classpath file " + classpathFile + " does not exist; "
                    + "run mvn -pl broker-runtime generate-resources, or leave -Dperf.broker.classpath.file unset");
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
                    + missing.stream().limit(3).toList() + "; run mvn -pl broker-runtime generate-resources");
        }
        return classpath;
    }

    /** The packed jars as files: where they already are files, else copied once into the cache. */
    private static String unpacked() {
        ClassLoader loader = BrokerClasspath.class.getClassLoader();
        String listing;
        try (InputStream in = loader.getResourceAsStream(PACKED + "classpath.txt")) {
            if (in == null) {
                throw new BrokerUnavailableException("process broker: no " + PACKED + "classpath.txt on the classpath; " + HOW_TO_FIX);
            }
            listing = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new BrokerUnavailableException("process broker: cannot read the packed broker's listing: " + e, e);
        }
        Path cache = privateCache().resolve("broker-" + Integer.toHexString(listing.hashCode()));
        List<String> jars = new ArrayList<>();
        for (String entry : listing.split(",")) {
            String name = entry.trim();
            URL url = loader.getResource(PACKED + name);
            if (url == null) {
                throw new BrokerUnavailableException("process broker: " + PACKED + name + " is listed but missing; " + HOW_TO_FIX);
            }
            jars.add(asFile(url, cache.resolve(Path.of(name).getFileName().toString())).toString());
        }
        return String.join(java.io.File.pathSeparator, jars);
    }

    /** The user's own cache folder, created 0700 (its parents as the user's umask leaves them). */
    private static Path privateCache() {
        Path cache = ThisJvm.userHome().resolve(".cache").resolve("kafka-perf-gate");
        try {
            Files.createDirectories(cache);
            Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        } catch (IOException | UnsupportedOperationException e) {
            throw new BrokerUnavailableException("process broker: cannot make the private cache " + cache + ": " + e, e);
        }
        return cache;
    }

    /** Whether a cached jar holds the packed one's bytes (SHA-256 of both): a changed one is unpacked again. */
    private static boolean sameBytes(URL url, Path cached) throws IOException {
        try (InputStream packed = url.openStream(); InputStream file = Files.newInputStream(cached)) {
            return java.util.Arrays.equals(sha256(packed), sha256(file));
        }
    }

    private static byte[] sha256(InputStream in) throws IOException {
        java.security.MessageDigest digest;
        try {
            digest = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] buffer = new byte[65536];
        for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
            digest.update(buffer, 0, read);
        }
        return digest.digest();
    }

    private static Path asFile(URL url, Path cached) {
        try {
            if (url.getProtocol().equals("file")) {
                return Path.of(url.toURI());
            }
            if (Files.isRegularFile(cached) && sameBytes(url, cached)) {
                return cached;
            }
            Files.createDirectories(cached.getParent());
            // Copied under a temporary name and renamed: a concurrent run never sees half a jar.
            Path temp = Files.createTempFile(cached.getParent(), ".unpack-", ".tmp");
            try (InputStream in = url.openStream()) {
                Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            }
            return Files.move(temp, cached, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | URISyntaxException e) {
            throw new BrokerUnavailableException("process broker: cannot unpack " + url + " into " + cached.getParent() + ": " + e, e);
        }
    }
}
