package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.settings.Defaults;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One side's Maven build, run as that side's user: the module built from its reactor (with the
 * modules it needs) and its test classpath written down. The build may run any plugin it likes;
 * every process of its user is ended before the classpath it wrote is read. Maven reads
 * {@code .mvn/} from the checkout's own top folder only ({@code MAVEN_BASEDIR}): without it, mvn
 * searches every parent folder for one, a planted one included.
 */
final class SideBuild {

    /** A side that does not build (or not in time); the message names the first error of its log. */
    static final class FailedException extends RuntimeException {
        private final Path log;

        FailedException(String message, Path log) {
            super(message);
            this.log = log;
        }

        /** The build's log. */
        Path log() {
            return log;
        }
    }

    private SideBuild() {
    }

    /**
     * Copies a tree into the side's home as {@code src/}, unpacked by the side's user (so the copy
     * is its own and nothing else is), without build output ({@code target/}) or git's folder.
     *
     * @return the copy's top folder
     */
    static Path copyTree(Path from, SideUsers.Launch side) {
        SideUsers.User user = side.user().orElseThrow(() -> new IllegalStateException("a copy is made for a side's own user only"));
        Path dest = user.home().resolve("src");
        List<String> unpack = new ArrayList<>(side.commandPrefix());
        unpack.addAll(List.of("sh", "-c", "mkdir -p \"$0\" && tar -C \"$0\" -xf -", dest.toString()));
        if (!Commands.piped(from, List.of("tar", "-C", from.toString(), "--exclude=./.git", "--exclude=target", "-cf", "-", "."),
                unpack, Defaults.BASE_BUILD_TIMEOUT)) {
            throw new UncheckedIOException(new IOException("could not copy " + from + " into " + dest + " as " + user.name()));
        }
        return dest;
    }

    /**
     * Builds the module at {@code placement} in {@code checkoutTop} as {@code side}'s user and
     * writes its test classpath (test classes, classes, then the test-scope dependencies) to
     * {@code out}.
     *
     * @return the classpath
     * @throws FailedException when the build fails or outlives {@link Defaults#BASE_BUILD_TIMEOUT}
     */
    static String classpath(String name, SideUsers.Launch side, Path checkoutTop, ModulePlacement placement, Path out, Path log,
                            PrintStream console) {
        Path reactor = placement.reactorIn(checkoutTop);
        String rel = placement.module().toString();
        console.println("[kafka-perf-gate] building the " + name + " (" + reactor + (rel.isEmpty() ? "" : " " + rel) + ")");
        // Written by the side's build where its user may write; read once that user's processes have ended.
        Path deps = side.user().map(user -> user.tmp().resolve("classpath.deps")).orElse(Path.of(out + ".deps"));
        List<String> command = new ArrayList<>(side.commandPrefix());
        command.add("env");
        command.add("MAVEN_BASEDIR=" + checkoutTop);
        side.user().ifPresent(user -> command.add("MAVEN_OPTS=-Djava.io.tmpdir=" + user.tmp()));
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank() && side.user().isPresent()) {
            command.add("JAVA_HOME=" + javaHome);
        }
        command.addAll(List.of("mvn", "-B", "-q", "-f", reactor.resolve("pom.xml").toString()));
        if (!rel.isEmpty()) {
            command.addAll(List.of("-pl", rel, "-am"));
        }
        command.addAll(List.of("-DskipTests", "package", "dependency:build-classpath", "-Dmdep.outputFile=" + deps,
                "-Dmdep.includeScope=test"));
        int exit = Commands.logged(side.directory().orElse(reactor), command, log, Defaults.BASE_BUILD_TIMEOUT, Map.of());
        if (!side.endProcesses()) {
            throw new IllegalStateException("processes of the " + name + "'s user outlived SIGKILL after its build");
        }
        if (exit != 0 || !Files.isRegularFile(deps)) {
            throw new FailedException("the " + name + " does not build" + (exit == Commands.TIMED_OUT
                    ? " within " + Defaults.BASE_BUILD_TIMEOUT.toMinutes() + " minutes" : ": " + firstError(log)), log);
        }
        Path module = placement.moduleIn(checkoutTop);
        try {
            String classpath = module.resolve("target/test-classes") + ":" + module.resolve("target/classes") + ":"
                    + Files.readString(deps, StandardCharsets.UTF_8).trim();
            Files.writeString(out, classpath, StandardCharsets.UTF_8);
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException("the " + name + "'s classpath cannot be written to " + out + ": " + e.getMessage(), e);
        }
    }

    /** The first line of a build's log that says something, at most 200 characters. */
    static String firstError(Path log) {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            // Maven's "COMPILATION ERROR :" header names nothing.
            return lines.map(line -> line.replaceAll("\u001B\\[[0-9;]*m", "").trim())
                    .filter(line -> (line.contains("ERROR") || line.contains("FAIL")) && !line.endsWith("ERROR :"))
                    .findFirst().map(line -> line.length() > 200 ? line.substring(0, 200) : line).orElse("see " + log);
        } catch (IOException | UncheckedIOException e) {
            return "see " + log;
        }
    }

    /** The last {@code count} lines of a build's log, for the console when the head does not build. */
    static List<String> lastLines(Path log, int count) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.subList(Math.max(0, lines.size() - count), lines.size());
        } catch (IOException | UncheckedIOException e) {
            return List.of("(the build's log " + log + " cannot be read)");
        }
    }
}
