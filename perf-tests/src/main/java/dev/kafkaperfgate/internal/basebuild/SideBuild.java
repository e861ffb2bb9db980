package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.environment.GateFiles;
import dev.kafkaperfgate.internal.environment.SideOutput;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.Defaults;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
            // The side's user wrote the file: a regular file of that user's, no link, no FIFO, capped (issue 58 item 2: a link
            // to ~/.docker/config.json once came back on the head's own -cp line).
            String owner = side.user().map(SideUsers.User::name).orElse(ThisJvm.userName());
            String listed = new String(GateFiles.readFromSide(deps, Optional.of(owner), DEPS_CAP, "the " + name + "'s classpath file"),
                    StandardCharsets.UTF_8).trim();
            String classpath = module.resolve("target/test-classes") + ":" + module.resolve("target/classes") + ":" + listed;
            if (side.user().isPresent()) {
                // A side of its own user may name only its own files; without one, it runs as this user and reads what it reads.
                confine(name, classpath, allowedRoots(side.user().get(), checkoutTop));
            }
            try (java.io.OutputStream file = GateFiles.newFile(out)) {
                file.write(classpath.getBytes(StandardCharsets.UTF_8));
            }
            // What is measured is what was digested: from here on the side's JVMs read its home and
            // cannot write it (issue 74: a head that copied the base's classes over its own once it
            // ran was judged "unchanged"). Its build's temp folder, the classpath file's, goes with it.
            Optional<String> frozen = side.freeze(ThisJvm.owner());
            if (frozen.isPresent()) {
                throw new PairedRefusedException("the " + name + "'s build cannot be made read-only for its user: " + frozen.get());
            }
            return classpath;
        } catch (GateFiles.UnsafePathException e) {
            throw new PairedRefusedException(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("the " + name + "'s classpath cannot be written to " + out + ": " + e.getMessage(), e);
        }
    }

    /** A classpath file of a few hundred jars is tens of kilobytes; more is not Maven's. */
    static final long DEPS_CAP = 4L << 20;

    /**
     * Where a side's classpath may point: its checkout (its modules' classes) and its copy of the
     * Maven repository, both read-only to it once its build has ended; never its temp folder, which
     * stays its own (a jar there could change between the gate's digest and its workers' load: issue 74).
     */
    static List<Path> allowedRoots(SideUsers.User user, Path checkoutTop) {
        return List.of(checkoutTop.toAbsolutePath().normalize(), user.home().resolve(".m2").toAbsolutePath().normalize());
    }

    /**
     * Refuses a classpath naming anything outside {@code roots}, by its path or, for an entry that
     * exists, by where its links lead: the gate reads every entry (digests, reach) as its own user.
     *
     * @throws PairedRefusedException naming the side and the entry
     */
    static void confine(String name, String classpath, List<Path> roots) {
        List<Path> realRoots = new ArrayList<>();
        for (Path root : roots) {
            realRoots.add(root);
            try {
                realRoots.add(root.toRealPath());
            } catch (IOException e) {
                // A root that does not exist holds nothing: its own path is enough.
            }
        }
        for (String entry : classpath.split(":")) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath().normalize();
            if (!Path.of(entry).isAbsolute() || !path.toString().equals(entry)) {
                // tmp/x/../../.m2/a.jar names the repository's jar today and, once tmp/x is a link, another tomorrow.
                throw new PairedRefusedException("the " + name + "'s classpath names " + entry + ", which is not an absolute path in its "
                        + "plainest form: refused");
            }
            boolean inside = realRoots.stream().anyMatch(path::startsWith);
            if (inside && Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Path real = path.toRealPath();
                    inside = realRoots.stream().anyMatch(real::startsWith);
                } catch (IOException e) {
                    inside = false;
                }
            }
            if (!inside) {
                throw new PairedRefusedException("the " + name + "'s classpath names " + entry + ", outside its checkout and its "
                        + "Maven repository (" + String.join(", ", roots.stream().map(Path::toString).toList()) + "): refused");
            }
        }
    }

    /** The first line of a build's log that says something, at most 200 characters. */
    static String firstError(Path log) {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            // Maven's "COMPILATION ERROR :" header names nothing.
            return lines.map(line -> line.replaceAll("\u001B\\[[0-9;]*m", "").trim())
                    .filter(line -> (line.contains("ERROR") || line.contains("FAIL")) && !line.endsWith("ERROR :"))
                    .findFirst().map(line -> SideOutput.neutral(line.length() > 200 ? line.substring(0, 200) : line)).orElse("see " + log);
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
