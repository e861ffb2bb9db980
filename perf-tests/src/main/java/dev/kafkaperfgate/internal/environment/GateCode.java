package dev.kafkaperfgate.internal.environment;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.zip.ZipFile;

/**
 * Where the gate's own code was loaded from, and the classpath a side's JVM gets: those jars
 * first, then the side's. A side's classes are the subject; the gate that measures them comes from
 * the JVM that decides. Java takes the first class of a name it finds, so a head that adds its own
 * {@code dev/kafkaperfgate/...} class, or a copy of the histogram the gate records into, cannot
 * stand in for the gate's: the gate's copy is met first. In {@code scripts/gate.sh --base} the
 * deciding JVM runs on the gate's own build, never on the head's classpath.
 */
public final class GateCode {

    /** A class every version of the gate has, at its public entry point. */
    private static final String GATE_MARK = "dev/kafkaperfgate/PerfGate.class";

    private GateCode() {
    }

    /**
     * The side's classpath behind the gate's own jars: this library and the histogram it records
     * latency into, plus {@code extra}, each where this JVM loaded it from.
     *
     * @throws IllegalStateException when a class's origin cannot be told (it came from no file)
     */
    public static String first(String sideClasspath, Class<?>... extra) {
        Set<String> jars = new LinkedHashSet<>();
        jars.add(location(GateCode.class));
        jars.add(location(org.HdrHistogram.Histogram.class));
        Arrays.stream(extra).map(GateCode::location).forEach(jars::add);
        return String.join(File.pathSeparator, jars) + File.pathSeparator + sideClasspath;
    }

    /** The jar or class folder {@code type} was loaded from. */
    public static String location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from");
        }
        try {
            return Path.of(source.getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from: " + e.getMessage(), e);
        }
    }

    /**
     * Whether a classpath holds the gate library at all: a base that predates the gate has none,
     * which its files show. Any other trouble with a base worker is a failure, never read as this.
     */
    public static boolean isIn(String classpath) {
        return Arrays.stream(classpath.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).map(Path::of)
                .anyMatch(GateCode::holdsMark);
    }

    private static boolean holdsMark(Path entry) {
        if (Files.isDirectory(entry)) {
            return Files.isRegularFile(entry.resolve(GATE_MARK));
        }
        if (!Files.isRegularFile(entry)) {
            return false;
        }
        try (ZipFile jar = new ZipFile(entry.toFile())) {
            return jar.getEntry(GATE_MARK) != null;
        } catch (IOException e) {
            // Not a jar (a stray file on the path): it holds no gate.
            return false;
        }
    }
}
