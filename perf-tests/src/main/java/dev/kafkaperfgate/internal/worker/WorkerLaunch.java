package dev.kafkaperfgate.internal.worker;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A worker JVM's main class: its first line on stdout, written before any class of the side's
 * classpath is loaded, names the JVM's JIT compiler threads ({@code {"pid":…,"jitThreads":[…]}}),
 * then {@link PairedWorker} serves the protocol.
 *
 * <p>Why: while one side measures, the other must idle, and the gate refuses a side that works
 * then; but an honest idle JVM still finishes its compiles (measured: its C2 thread, 0.1-0.8 s after
 * an unsettled window, 12-18% of a CPU over a short scenario's windows). Those threads are told
 * apart by their thread ids, which the side's code cannot take: a name can be forged (a thread may
 * rename itself), an id handed out while the JVM started, before the team's first class loads, cannot.
 * This class therefore uses nothing but {@code java.base}; the worker starts with
 * {@code -XX:-UseDynamicNumberOfCompilerThreads}, so that no compiler thread is started later.
 */
public final class WorkerLaunch {

    /** {@code /proc/<tid>/comm} of HotSpot's compiler threads ("C2 CompilerThread0", cut to 15 bytes). */
    static final List<String> COMPILER_NAMES = List.of("C1 CompilerThre", "C2 CompilerThre");

    private WorkerLaunch() {
    }

    public static void main(String[] args) throws IOException {
        FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        stdout.write(announcement(ProcessHandle.current().pid(), compilerThreads(Path.of("/proc/self/task")))
                .getBytes(StandardCharsets.US_ASCII));
        stdout.flush();
        PairedWorker.main(args);
    }

    /** The first line: {@code {"pid":123,"jitThreads":[130,131]}} and a newline. */
    static String announcement(long pid, List<Long> threads) {
        StringBuilder line = new StringBuilder("{\"pid\":").append(pid).append(",\"jitThreads\":[");
        for (int i = 0; i < threads.size(); i++) {
            line.append(i == 0 ? "" : ",").append(threads.get(i));
        }
        return line.append("]}\n").toString();
    }

    /** The ids of the threads under {@code tasks} named as a compiler thread; none where it cannot be read. */
    static List<Long> compilerThreads(Path tasks) {
        List<Long> threads = new ArrayList<>();
        try (Stream<Path> all = Files.list(tasks)) {
            for (Path task : all.sorted().toList()) {
                try {
                    if (COMPILER_NAMES.contains(Files.readString(task.resolve("comm")).strip())) {
                        threads.add(Long.parseLong(task.getFileName().toString()));
                    }
                } catch (IOException | NumberFormatException e) {
                    // Gone, or not a thread: not a compiler.
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return threads;
    }
}
