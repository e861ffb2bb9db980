package dev.kafkaperfgate.internal.paired.workers;

import dev.kafkaperfgate.internal.environment.SideCpu;
import dev.kafkaperfgate.internal.environment.SideOutput;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.engine.Side;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.environment.ProcessPinning;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.worker.WorkerProtocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One side's worker JVM, seen from the coordinator: started on the side's own classpath behind
 * the gate's own jars, asked one {@link WorkerProtocol} command at a time, every answer awaited
 * for a bounded time. Its
 * stderr is forwarded line by line with the side's name. Closing it asks the worker to stop and
 * kills it when it does not within seconds.
 *
 * <pre>{@code
 * try (WorkerProcess base = WorkerProcess.start(Side.BASE, classpath, jvmFlags, null, System.out)) {
 *     JsonNode reply = base.call(command("hello"), Duration.ofSeconds(60));
 * }
 * }</pre>
 */
public final class WorkerProcess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXITED = "\u0000exited";
    private static final String TOO_LONG = "\u0000too long";
    /** A reply's longest line: the largest (a catalog; a window's figures, costs and definition) are KiB and carry no histogram. */
    static final int REPLY_CAP = 4 << 20;
    /** A line of the worker's stderr is cut here, the rest of it read and dropped. */
    static final int CONSOLE_LINE_CAP = 64 << 10;
    /** Reply lines the gate holds unread at most (each at most {@link #REPLY_CAP}: 16 of them is 64 MiB at worst). */
    static final int REPLY_LINES = 16;

    private final Side side;
    private final Process process;
    private final Writer commands;
    /** Replies not yet read: one a command; more than this many is a worker writing what nobody asked for. */
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>(REPLY_LINES);
    private final List<String> lastLines = new ArrayList<>();
    /** Named the JVM's JIT threads once the worker's first line ({@link #announced}) has been read. */
    private volatile SideCpu cpu;
    private boolean announced;
    /** How the worker was started: every file it hands the gate is read as its user. */
    private final SideUsers.Launch launch;

    private WorkerProcess(Side side, Process process, SideCpu cpu, SideUsers.Launch launch, PrintStream console) {
        this.side = side;
        this.process = process;
        this.cpu = cpu;
        this.launch = launch;
        this.commands = process.outputWriter(StandardCharsets.UTF_8);
        daemon("kpg-" + side.key() + "-replies", () -> {
            try (InputStream in = process.getInputStream()) {
                CappedLines lines = new CappedLines(in, REPLY_CAP);
                for (String line = lines.next(); line != null; line = lines.next()) {
                    if (!replies.offer(line)) {
                        throw new CappedLines.TooLong(REPLY_CAP);   // lines nobody asked for: stopped, as an endless one
                    }
                }
            } catch (CappedLines.TooLong e) {
                // Never read whole (issue 74): the worker is stopped and every later call says why.
                process.destroyForcibly();
                replies.clear();
                replies.offer(TOO_LONG);
                return;
            } catch (IOException e) {
                // The process is gone: EXITED says so.
            }
            replies.offer(EXITED);
        });
        daemon("kpg-" + side.key() + "-console", () -> {
            try (InputStream in = process.getErrorStream()) {
                CappedLines lines = new CappedLines(in, CONSOLE_LINE_CAP);
                for (String line = lines.nextCut(); line != null; line = lines.nextCut()) {
                    // The side's text, never a workflow command of the runner's (issue 58 item 4).
                    console.println("[" + side.key() + "] " + SideOutput.neutral(line));
                    remember(line);
                }
            } catch (IOException e) {
                // The process is gone.
            }
        });
    }

    /**
     * @param classpath the side's test classpath: kafka-clients and the team's classes, behind the gate's own
     *                  jars ({@link GateCode}): a side's copy of a gate class is never the one loaded
     * @param jvmFlags  heap and GC flags
     * @param cpus      the CPUs the worker runs on ({@code perf.client.cpus}), or {@code null} for any
     * @throws WorkerException when the JVM cannot be started
     */
    static WorkerProcess start(Side side, String classpath, JvmFlags jvmFlags, CpuSet cpus, PrintStream console) {
        return start(side, classpath, jvmFlags, cpus, SideUsers.none(), console);
    }

    /**
     * As {@link #start(Side, String, String, CpuSet, PrintStream)}, as the side's own user when
     * {@code users} names one: started in its home, with its temp folder and a cleared environment.
     */
    static WorkerProcess start(Side side, String classpath, JvmFlags jvmFlags, CpuSet cpus, SideUsers users, PrintStream console) {
        // Pinned from its first instruction: every thread it starts inherits the affinity.
        List<String> command = new ArrayList<>(cpus == null ? List.of() : ProcessPinning.commandPrefix(cpus));
        SideUsers.Launch launch = side == Side.HEAD ? users.head() : users.base();
        command.addAll(launch.commandPrefix());
        command.add(ThisJvm.javaExecutable());
        command.addAll(launch.jvmFlags());
        // Every compiler thread is started with the JVM, before the side's code: WorkerLaunch names them all.
        command.add("-XX:-UseDynamicNumberOfCompilerThreads");
        command.addAll(jvmFlags.flags());
        // Kafka's clients log every config at INFO; the worker's own lines are what the console needs.
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        command.add("-Dorg.slf4j.simpleLogger.log.org.apache.kafka=error");
        command.add("-cp");
        command.add(GateCode.first(classpath));
        command.add(WorkerProtocol.MAIN_CLASS);
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            launch.directory().ifPresent(home -> builder.directory(home.toFile()));
            Process process = builder.start();
            SideCpu cpu = launch.user().map(user -> SideCpu.ofUser(process.pid(), user.tmp())).orElseGet(() -> SideCpu.ofTree(process.pid()));
            return new WorkerProcess(side, process, cpu, launch, console);
        } catch (IOException e) {
            throw new WorkerException(null, "could not start the " + side.key() + " worker JVM: " + e.getMessage(), e);
        }
    }

    public Side side() {
        return side;
    }

    /** The CPU time of the side's processes: every process of its user, or this JVM and its descendants without one. */
    public SideCpu cpu() {
        return cpu;
    }

    /** How the worker was started: a file it names is read as its user ({@code GateFiles.readAsSide}). */
    public SideUsers.Launch launch() {
        return launch;
    }

    /** The worker JVM's process id. */
    long pid() {
        return process.pid();
    }

    /**
     * Sends one command and waits for its reply.
     *
     * @throws WorkerException when the worker answers with an error, exits, or does not answer within {@code timeout}
     */
    public JsonNode call(ObjectNode command, Duration timeout) {
        String op = command.path("op").asText();
        if (!announced) {
            announced(timeout);
        }
        try {
            commands.write(command.toString());
            commands.write('\n');
            commands.flush();
        } catch (IOException e) {
            throw new WorkerException(side, side.key() + " worker: cannot send '" + op + "': it has exited" + exitText(), e);
        }
        String line = nextLine("'" + op + "'", timeout);
        JsonNode reply;
        try {
            reply = JSON.readTree(line);
        } catch (IOException e) {
            throw new WorkerException(side, side.key() + " worker answered '" + op + "' with something that is not JSON: "
                    + SideOutput.neutral(line.length() > 500 ? line.substring(0, 500) + "…" : line), e);
        }
        if (!reply.path("ok").asBoolean(false)) {
            throw WorkerException.answered(side, errorText(side, reply));
        }
        return reply;
    }

    /**
     * Reads the worker's first line, {@code WorkerLaunch}'s, written before the side's code loaded:
     * its JVM, which must be the process started or one of its descendants, and its JIT threads.
     */
    private void announced(Duration timeout) {
        String line = nextLine("its start", timeout);
        Optional<Launched> launched = launched(line, process.pid());
        if (launched.isEmpty()) {
            process.destroyForcibly();
            throw new WorkerException(side, side.key() + " worker's first line is not the gate's launcher's (" + WorkerProtocol.MAIN_CLASS
                    + "): " + SideOutput.neutral(line.length() > 200 ? line.substring(0, 200) + "…" : line), null);
        }
        cpu = cpu.withJit(launched.get().pid(), launched.get().jitThreads());
        announced = true;
    }

    /**
     * The worker's next line on stdout, waited for up to {@code timeout}; {@code what} names what it
     * answers in the messages.
     *
     * @throws WorkerException when none comes in time (the worker is killed), the worker exits, or the wait is interrupted
     */
    private String nextLine(String what, Duration timeout) {
        String line;
        try {
            line = replies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerException(side, side.key() + " worker: interrupted waiting for " + what, e);
        }
        if (line == null) {
            process.destroyForcibly();
            throw new WorkerException(side, side.key() + " worker did not answer " + what + " within " + timeout.toSeconds()
                    + " s and was killed" + lastLinesText(), null);
        }
        if (TOO_LONG.equals(line)) {
            replies.offer(TOO_LONG);   // every later call says so too
            throw new WorkerException(side, side.key() + " worker wrote a line of more than " + REPLY_CAP
                    + " bytes, or more than " + REPLY_LINES + " lines nobody asked for, where its reply to " + what
                    + " was due: not read, and the worker was stopped", null);
        }
        if (EXITED.equals(line)) {
            throw new WorkerException(side, side.key() + " worker exited during " + what + exitText() + lastLinesText(), null);
        }
        return line;
    }

    /** What a worker's first line says: its JVM's pid and JIT threads. */
    record Launched(long pid, List<Long> jitThreads) {
    }

    /**
     * What a worker's first line says, when it is {@code WorkerLaunch}'s: JSON with the
     * pid of the process started ({@code root}) or of its child or grandchild (behind {@code sudo}),
     * and an array of thread ids; empty otherwise.
     */
    static Optional<Launched> launched(String line, long root) {
        JsonNode first;
        try {
            first = JSON.readTree(line);
        } catch (IOException e) {
            return Optional.empty();
        }
        long pid = first.path("pid").asLong(-1);
        boolean ours = pid > 0 && (pid == root || ProcessHandle.of(pid).flatMap(ProcessHandle::parent)
                .map(parent -> parent.pid() == root || parent.parent().map(grand -> grand.pid() == root).orElse(false))
                .orElse(false));
        if (!ours || !first.path("jitThreads").isArray()) {
            return Optional.empty();
        }
        List<Long> threads = new ArrayList<>();
        first.path("jitThreads").forEach(thread -> threads.add(thread.asLong()));
        return Optional.of(new Launched(pid, List.copyOf(threads)));
    }

    /** Asks the worker to stop; kills it if it has not within 10 s. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                commands.write("{\"op\":\"close\"}\n");
                commands.flush();
                commands.close();
            } catch (IOException e) {
                // Already gone: nothing to ask.
            }
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private String exitText() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? " (exit code " + process.exitValue() + ")" : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private synchronized void remember(String line) {
        lastLines.add(line);
        if (lastLines.size() > 8) {
            lastLines.remove(0);
        }
    }

    private synchronized String lastLinesText() {
        return lastLines.isEmpty() ? "" : "; its last lines:\n  " + String.join("\n  ", lastLines.stream().map(SideOutput::neutral).toList());
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** A command of {@link dev.kafkaperfgate.internal.worker.WorkerProtocol}'s: {@code {"op": op}}, its fields to be put. */
    public static com.fasterxml.jackson.databind.node.ObjectNode command(String op) {
        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("op", op);
    }

    /** A worker's error reply as a message: the side's text, neutral and at most 500 characters. */
    static String errorText(Side side, JsonNode reply) {
        String error = reply.path("error").asText("no error message");
        return side.key() + ": " + SideOutput.neutral(error.length() > 500 ? error.substring(0, 500) + "…" : error);
    }
}
