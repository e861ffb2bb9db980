package dev.kafkaperfgate.internal.environment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The operating-system users a paired run's sides run their code as: the base's and the head's
 * workers and component JVMs. scripts/gate.sh --base creates one user per side for the run
 * (scripts/sandbox.sh) and names them here; each has a home of its own, holding its build, its
 * Maven repository and its temp folder, and nothing else it may write.
 *
 * <p>Why: the head's code is the pull request's. Run as the deciding JVM's user, it could write
 * the results, the base's rules, the fingerprints and the runner's environment files
 * ({@code $GITHUB_ENV}), or attach to the deciding JVM. As a user of its own it can do none of
 * these. The base runs as another such user, so both sides are measured alike (and neither can
 * signal or trace the other).
 *
 * <p>The command that switches user is Linux {@code setpriv} (util-linux), behind {@code sudo -n}
 * when this JVM is not root; the environment is cleared to {@code PATH}, {@code HOME},
 * {@code TMPDIR} and {@code LANG}.
 */
public final class SideUsers {

    /** A side's user and its home. */
    public record User(String name, Path home) {
        public User {
            if (!name.matches("[a-z_][a-z0-9_-]{0,31}")) {
                throw new IllegalArgumentException("not a user name: '" + name + "'");
            }
            if (!home.isAbsolute()) {
                throw new IllegalArgumentException("a side's home must be an absolute path: " + home);
            }
        }

        /** The side's own temp folder: JMH's lock file and every temp file of its JVMs go there. */
        public Path tmp() {
            return home.resolve("tmp");
        }
    }

    /**
     * How one side's JVMs are started: as its user when it has one, else as this JVM's user.
     * (The side is named by its key, {@code base} or {@code head}: this package sits below the engine's {@code Side}.)
     */
    public static final class Launch {
        private final String side;
        private final User user;
        private final boolean sudo;

        private Launch(String side, User user, boolean sudo) {
            this.side = side;
            this.user = user;
            this.sudo = sudo;
        }

        public Optional<User> user() {
            return Optional.ofNullable(user);
        }

        /** What the side runs as, for the console's first lines. */
        public String describe() {
            return user == null ? "the " + side + "'s code runs as " + ThisJvm.userName() + ", the gate's own user"
                    : "the " + side + "'s code runs as " + user.name();
        }

        /** The words in front of the side's command: switch to its user with a cleared environment; empty without one. */
        public List<String> commandPrefix() {
            if (user == null) {
                return List.of();
            }
            List<String> prefix = new ArrayList<>();
            if (sudo) {
                prefix.addAll(List.of("sudo", "-n"));
            }
            prefix.addAll(List.of("setpriv", "--reuid=" + user.name(), "--regid=" + user.name(), "--clear-groups", "--no-new-privs",
                    "env", "-i", "PATH=" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "HOME=" + user.home(),
                    "TMPDIR=" + user.tmp(), "LANG=C.UTF-8"));
            return prefix;
        }

        /**
         * Ends every process of the side's user with SIGKILL and waits until none is left (at most
         * 2 s). The user is the run's own, so nothing else is touched. Without a user nothing is
         * ended: the side's processes are this JVM's children, stopped by whoever started them.
         *
         * @return whether no process of the user is left
         */
        public boolean endProcesses() {
            if (user == null) {
                return true;
            }
            runQuietly(privileged("pkill", "-KILL", "-u", user.name()));
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (System.nanoTime() < deadline) {
                if (!running()) {
                    return true;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return false;
        }

        /**
         * After the side's build, before any of its JVMs starts: its home and everything in it (its
         * tree {@code src/}, its Maven repository {@code .m2/}, its build's temp folder as
         * {@code build-tmp/}, whatever else the build made) become {@code owner}'s, readable by all
         * and writable by no one else; a new, empty {@code tmp/} is the side's only folder
         * ({@code freeze.sh} beside this class says what refuses it). What the gate digests is then
         * what the side's JVMs load: code of the side that runs later (a static initialiser that
         * copies the base's classes over its own, issue 74) cannot change it. Every process of the
         * user must have ended (a descriptor open for writing would outlive the change of owner).
         * Links are changed, never followed; a file there that is not the side's own (a hard link
         * to another user's file) refuses the freeze. Without a user nothing is done.
         *
         * @param owner {@code uid:gid} of the gate's user
         * @return empty when frozen (or without a user), else why not
         */
        public Optional<String> freeze(String owner) {
            if (user == null) {
                return Optional.empty();
            }
            if (running()) {
                return Optional.of("processes of " + user.name() + " still run");
            }
            java.io.File said = null;
            try (java.io.InputStream in = SideUsers.class.getResourceAsStream("freeze.sh")) {
                if (in == null) {
                    return Optional.of("the gate's freeze.sh is missing from its jar");
                }
                String script = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                said = java.nio.file.Files.createTempFile("kpg-freeze-", ".txt").toFile();
                // Its one line goes to a file of the gate's: a pipe's reader would wait for the script, not for the clock.
                // timeout ends the script's whole group as root, before this JVM's bound: sudo alone would leave its children.
                Process process = new ProcessBuilder(privileged("timeout", "-s", "KILL", "110", "sh", "-c", script, "freeze.sh",
                        user.home().toString(), user.name(), owner))
                        .redirectErrorStream(true).redirectOutput(said).start();
                if (!process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return Optional.of("the change of owner of " + user.home() + " took over 120 s");
                }
                String why = java.nio.file.Files.readString(said.toPath()).strip();
                return process.exitValue() == 0 ? Optional.empty()
                        : Optional.of(why.isEmpty() ? "the change of owner of " + user.home() + " failed (exit " + process.exitValue() + ")"
                        : SideOutput.neutral(why.lines().findFirst().orElse(why)));
            } catch (IOException e) {
                return Optional.of("the change of owner of " + user.home() + " could not run: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("interrupted while freezing " + user.home());
            } finally {
                if (said != null) {
                    said.delete();
                }
            }
        }

        /** The user the side's processes run as: its own, or this JVM's without one. */
        public String userName() {
            return user == null ? ThisJvm.userName() : user.name();
        }

        /** The side's temp folder, where its JVMs write: its own, or this JVM's without a user of its own. */
        public Path tmp() {
            return user == null ? ThisJvm.tmpDir() : user.tmp();
        }

        /**
         * At most {@code limit} bytes of {@code file}, read by {@code head -c} running as the side's
         * user and piped here, within {@code timeout}. Whatever the side does to the path meanwhile (a
         * link in any part of it, a FIFO renamed over it), nothing its user could not read is read,
         * and a FIFO blocks only that process, which {@code timeout} ends as the side's user (behind
         * sudo this JVM cannot signal it) and this JVM ends too when even that did not come.
         *
         * @throws IOException naming the file when it cannot be read in time, as that user
         */
        public byte[] readAsSide(Path file, int limit, java.time.Duration timeout) throws IOException {
            List<String> command = new ArrayList<>(commandPrefix());
            command.addAll(List.of("timeout", "-s", "KILL", Long.toString(Math.max(1, timeout.toSeconds())),
                    "head", "-c", Integer.toString(limit), "--", file.toString()));
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            directory().ifPresent(home -> builder.directory(home.toFile()));
            Process process = builder.start();
            java.util.concurrent.FutureTask<byte[]> read = new java.util.concurrent.FutureTask<>(
                    () -> process.getInputStream().readNBytes(limit));
            Thread reader = new Thread(read, "kpg-" + side + "-read");
            reader.setDaemon(true);
            reader.start();
            String shown = SideOutput.neutral(file.toString());
            try {
                byte[] bytes = read.get(timeout.plusSeconds(2).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
                if (!process.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)) {
                    throw new java.util.concurrent.TimeoutException();
                }
                if (process.exitValue() != 0) {
                    throw new IOException(shown + (process.exitValue() == 137 ? " was not read within " + timeout.toSeconds()
                            + " s (a FIFO?)" : " cannot be read as " + userName() + " (exit " + process.exitValue() + ")"));
                }
                return bytes;
            } catch (java.util.concurrent.TimeoutException e) {
                stop(process);
                throw new IOException(shown + " was not read within " + timeout.toSeconds() + " s (a FIFO?): its reader was ended");
            } catch (java.util.concurrent.ExecutionException e) {
                stop(process);
                throw new IOException(shown + " cannot be read as " + userName() + ": " + e.getCause().getMessage(), e.getCause());
            } catch (InterruptedException e) {
                stop(process);
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while reading " + shown);
            }
        }

        /** Ends a reading process: directly, and through every process of the side's user when it has one. */
        private void stop(Process process) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            endProcesses();
        }

        /**
         * Whether a process of the user still runs. One that was killed and is not reaped yet (a
         * zombie) runs nothing, and counts as ended: an orphan waits for PID 1 to reap it, which
         * took 1.7 s on this machine's init, and such a zombie made a run through sudo (GitHub's
         * runners' way) refuse itself after the head's build. {@code ps} lists every user's
         * processes without privileges; a listing that does not come is read as running.
         */
        private boolean running() {
            try {
                Process ps = new ProcessBuilder("ps", "-u", user.name(), "-o", "stat=")
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                // A line per process: far below a pipe's buffer, so the listing waits for no reader.
                if (!ps.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    ps.destroyForcibly();
                    return true;
                }
                String states = new String(ps.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                return states.lines().map(String::strip).anyMatch(state -> !state.isEmpty() && !state.startsWith("Z"));
            } catch (java.io.IOException e) {
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }

        private List<String> privileged(String... command) {
            List<String> words = new ArrayList<>();
            if (sudo) {
                words.addAll(List.of("sudo", "-n"));
            }
            words.addAll(List.of(command));
            return words;
        }

        /** A short command's exit code (output discarded), or -1 when it could not run or took over 5 s. */
        private static int runQuietly(List<String> command) {
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return -1;
                }
                return process.exitValue();
            } catch (java.io.IOException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }

        /** The JVM flags the side's JVMs add: its own temp folder; empty without a user. */
        public List<String> jvmFlags() {
            // Its home is read-only to it once built: what a JVM keeps under user.home (an unpacked broker) goes to its temp folder.
            return user == null ? List.of() : List.of("-Djava.io.tmpdir=" + user.tmp(), "-Duser.home=" + user.tmp());
        }

        /** The folder the side's processes start in: its temp folder, its own (its home is read-only to it once built), so that no relative path reaches the gate's files. */
        public Optional<Path> directory() {
            return user().map(User::tmp);
        }
    }

    private static final SideUsers NONE = new SideUsers(null, null, null, false);

    private final Launch base;
    private final Launch head;
    private final Path exchange;

    private SideUsers(User base, User head, Path exchange, boolean sudo) {
        this.base = new Launch("base", base, sudo);
        this.head = new Launch("head", head, sudo);
        this.exchange = exchange;
    }

    /** Every side runs as this JVM's own user (stored mode, tests, a machine that gives no other user). */
    public static SideUsers none() {
        return NONE;
    }

    /**
     * Both sides' users, from their {@code name:home} specs (scripts/sandbox.sh writes them), or
     * {@link #none()} when none is given.
     *
     * @param exchange the gate's folder, readable by both users, where it leaves the requests their
     *                 JVMs read (the results folder may sit where they cannot read)
     * @param sudo     whether the switch needs {@code sudo -n}: this JVM is not root
     * @throws IllegalArgumentException when one is given without the others, a spec is malformed, or both name one user
     */
    public static SideUsers of(String baseSpec, String headSpec, String exchange, boolean sudo) {
        if (baseSpec == null && headSpec == null && exchange == null) {
            return NONE;
        }
        if (baseSpec == null || headSpec == null || exchange == null) {
            throw new IllegalArgumentException("the base's and the head's users and the exchange folder go together: one was given without the others");
        }
        if (!Path.of(exchange).isAbsolute()) {
            throw new IllegalArgumentException("the exchange folder must be an absolute path: " + exchange);
        }
        User base = parse(baseSpec);
        User head = parse(headSpec);
        if (base.name().equals(head.name())) {
            throw new IllegalArgumentException("the base and the head must run as two users, not both as " + base.name());
        }
        return new SideUsers(base, head, Path.of(exchange), sudo);
    }

    /** Whether this JVM runs as root: the user switch then needs no sudo. */
    public static boolean runningAsRoot() {
        return "root".equals(ThisJvm.userName());
    }

    private static User parse(String spec) {
        int colon = spec.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("a side's user is name:home, not '" + spec + "'");
        }
        return new User(spec.substring(0, colon), Path.of(spec.substring(colon + 1)));
    }

    /** Whether the sides run as users of their own. */
    public boolean separate() {
        return exchange != null;
    }

    public Launch base() {
        return base;
    }

    public Launch head() {
        return head;
    }

    /** Where the gate leaves the files the sides' JVMs read; empty when the sides run as this JVM's user. */
    public Optional<Path> exchange() {
        return Optional.ofNullable(exchange);
    }
}
