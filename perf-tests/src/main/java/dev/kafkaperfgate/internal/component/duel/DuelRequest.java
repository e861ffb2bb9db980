package dev.kafkaperfgate.internal.component.duel;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * What one duel's JVM ({@link ComponentDuel}) is asked to measure, written by the gate
 * ({@code DuelFork}) and by the dilution probe. The file is a properties file; its keys are
 * spelled here only, and a request that lacks one, or holds a figure that is not one, is refused
 * where it is read.
 *
 * @param sides     the sides whose copies the duel opens: {@code base} and {@code head}, or one of them (the probe's isolated forks)
 * @param settings  copies, warm-up, measuring time, batch length; the duel names a stuck call after half its timeout
 * @param seed      the seed of the batches' shuffled order
 * @param subject   the component and where its scenario is
 * @param code      what the copies load
 * @param answer    where the duel writes its answer
 * @param profile   where a profiling duel writes its JFR recording; {@code null}: nothing is recorded
 */
public record DuelRequest(List<String> sides, DuelSettings settings, long seed, Subject subject, Code code, Path answer,
                          Path profile) {

    /** Both sides, in a duel. */
    public static final List<String> BOTH = List.of("base", "head");

    public DuelRequest {
        sides = List.copyOf(sides);
        if (sides.isEmpty() || !BOTH.containsAll(sides)) {
            throw new IllegalArgumentException("a duel's sides are base, head or both: " + sides);
        }
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(answer, "answer");
    }

    /**
     * The component the copies call, as its scenario uses it.
     *
     * @param experimentFile the scenario file the component's experiment is read from
     * @param scenario       the scenario's name
     * @param role           the component's role ({@code value.serializer}, {@code partitioner.class}, ...)
     * @param className      the component's class
     */
    public record Subject(Path experimentFile, String scenario, String role, String className) {
        public Subject {
            Objects.requireNonNull(experimentFile, "experimentFile");
            Objects.requireNonNull(scenario, "scenario");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(className, "className");
        }
    }

    /**
     * What the copies load.
     *
     * @param shared          what both sides hold byte for byte, loaded once in a loader every copy shares ("" for none)
     * @param baseClasspath   each base copy's own classpath, the harness first
     * @param headClasspath   each head copy's own classpath, the harness first
     * @param baseSubjectFile the base's own scenario file for the component's settings; {@code null}: the experiment's
     * @param headSubjectFile the head's, as {@code baseSubjectFile}
     */
    public record Code(String shared, String baseClasspath, String headClasspath, Path baseSubjectFile, Path headSubjectFile) {
        public Code {
            Objects.requireNonNull(shared, "shared");
            Objects.requireNonNull(baseClasspath, "baseClasspath");
            Objects.requireNonNull(headClasspath, "headClasspath");
        }

        /** A side's own classpath. */
        public String classpath(String side) {
            return side.equals("base") ? baseClasspath : headClasspath;
        }

        /** A side's subject file as the request carries it: "" for the experiment's. */
        String subjectFile(String side) {
            Path file = side.equals("base") ? baseSubjectFile : headSubjectFile;
            return file == null ? "" : file.toString();
        }
    }

    /** How long a call into one side's code may take before the duel names that side: half the fork's bound. */
    public Duration stuck() {
        return settings.timeout().dividedBy(2);
    }

    /** Writes the request as a properties file. */
    public void store(OutputStream out, String comment) throws IOException {
        Properties file = new Properties();
        file.setProperty("sides", String.join(",", sides));
        file.setProperty("copies", Integer.toString(settings.copies()));
        file.setProperty("warmupMinMs", Long.toString(settings.warmupMin().toMillis()));
        file.setProperty("warmupMaxMs", Long.toString(settings.warmupMax().toMillis()));
        file.setProperty("measureMs", Long.toString(settings.measure().toMillis()));
        file.setProperty("batchUs", Long.toString(settings.batch().toNanos() / 1000));
        file.setProperty("timeoutMs", Long.toString(settings.timeout().toMillis()));
        file.setProperty("seed", Long.toString(seed));
        file.setProperty("experimentFile", subject.experimentFile().toString());
        file.setProperty("scenario", subject.scenario());
        file.setProperty("role", subject.role());
        file.setProperty("className", subject.className());
        file.setProperty("shared.classpath", code.shared());
        for (String side : BOTH) {
            file.setProperty(side + ".classpath", code.classpath(side));
            file.setProperty(side + ".subjectFile", code.subjectFile(side));
        }
        file.setProperty("answer", answer.toString());
        file.setProperty("profile", profile == null ? "" : profile.toString());
        file.store(out, comment);
    }

    /**
     * Reads a request {@link #store} wrote.
     *
     * @throws IllegalArgumentException when a key is missing or a figure is not one
     */
    public static DuelRequest load(InputStream in) throws IOException {
        Properties file = new Properties();
        file.load(in);
        DuelSettings settings = new DuelSettings(Integer.parseInt(required(file, "copies")), millis(file, "warmupMinMs"),
                millis(file, "warmupMaxMs"), millis(file, "measureMs"), Duration.ofNanos(Long.parseLong(required(file, "batchUs")) * 1000),
                millis(file, "timeoutMs"));
        Subject subject = new Subject(Path.of(required(file, "experimentFile")), required(file, "scenario"), required(file, "role"),
                required(file, "className"));
        Code code = new Code(required(file, "shared.classpath"), required(file, "base.classpath"), required(file, "head.classpath"),
                pathOrNull(required(file, "base.subjectFile")), pathOrNull(required(file, "head.subjectFile")));
        return new DuelRequest(List.of(required(file, "sides").split(",")), settings, Long.parseLong(required(file, "seed")), subject,
                code, Path.of(required(file, "answer")), pathOrNull(required(file, "profile")));
    }

    private static String required(Properties file, String key) {
        String value = file.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("a duel's request lacks " + key);
        }
        return value;
    }

    private static Duration millis(Properties file, String key) {
        return Duration.ofMillis(Long.parseLong(required(file, key)));
    }

    private static Path pathOrNull(String value) {
        return value.isEmpty() ? null : Path.of(value);
    }
}
