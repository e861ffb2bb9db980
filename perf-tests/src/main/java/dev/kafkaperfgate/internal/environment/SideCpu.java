package dev.kafkaperfgate.internal.environment;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The CPU time one side's processes have used so far, from {@code /proc}: read before and after
 * the other side's window, the difference is what the side did while it should have been idle.
 *
 * <p>Why: both sides share the machine (the workers share a CPU), so a side that works while the
 * other measures slows the other's figures, and a head could time its work by the base's windows
 * (any process can read another's {@code /proc/<pid>/stat}). With a user of its own, every process
 * of that user is the side's, whatever it forked or left behind; without one (a developer's
 * machine, where both sides run as the gate's user) the side is its worker JVM and that JVM's
 * descendants, and a process that leaves that tree is not seen.
 *
 * <p>Counted: user and system time of each process, and of its children that it has waited for
 * ({@code utime stime cutime cstime}, ticks of 10 ms). A process that starts and ends between two
 * reads, and is never waited for, escapes.
 */
public final class SideCpu {

    private static final Path PROC = Path.of("/proc");
    /** Linux's USER_HZ on every architecture the gate runs on. */
    private static final long MILLIS_PER_TICK = 10;

    private final long rootPid;
    private final OptionalInt uid;
    /** The side's JVM, and its JIT compiler threads, as it named them before its side's code ran; none until then. */
    private final long jvmPid;
    private final List<Long> jitThreads;

    private SideCpu(long rootPid, OptionalInt uid, long jvmPid, List<Long> jitThreads) {
        this.rootPid = rootPid;
        this.uid = uid;
        this.jvmPid = jvmPid;
        this.jitThreads = List.copyOf(jitThreads);
    }

    private SideCpu(long rootPid, OptionalInt uid) {
        this(rootPid, uid, -1, List.of());
    }

    /**
     * The same side, whose JVM {@code jvmPid} runs its JIT compilers in the threads
     * {@code jitThreads} ({@code WorkerLaunch}'s first line): their CPU is told apart by
     * {@link #jitMillis()}.
     */
    public SideCpu withJit(long jvmPid, List<Long> jitThreads) {
        return new SideCpu(rootPid, uid, jvmPid, jitThreads);
    }

    /**
     * The CPU time so far of the side's JIT compiler threads (user and system), milliseconds, part
     * of {@link #millis()}; 0 where none were named, empty where a named one cannot be read (a
     * compiler thread lives as long as its JVM).
     */
    public OptionalLong jitMillis() {
        long ticks = 0;
        for (long thread : jitThreads) {
            try {
                String stat = Files.readString(PROC.resolve(Long.toString(jvmPid)).resolve("task").resolve(Long.toString(thread)).resolve("stat"));
                String[] fields = fields(stat);
                ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            } catch (IOException | RuntimeException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.of(ticks * MILLIS_PER_TICK);
    }

    /**
     * Every process of the user who owns {@code folder}: the side's temp folder, which stays its own
     * (its home is the gate's once its build has ended: {@link SideUsers.Launch#freeze}).
     */
    public static SideCpu ofUser(long rootPid, Path folder) {
        try {
            return new SideCpu(rootPid, OptionalInt.of((Integer) Files.getAttribute(folder, "unix:uid", LinkOption.NOFOLLOW_LINKS)));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return ofTree(rootPid);
        }
    }

    /** The process {@code rootPid} and its descendants. */
    public static SideCpu ofTree(long rootPid) {
        return new SideCpu(rootPid, OptionalInt.empty());
    }

    /** Whether every process of the side's user is counted (it has one), not only a process tree. */
    public boolean perUser() {
        return uid.isPresent();
    }

    /**
     * CPU time so far, milliseconds; empty where {@code /proc} shows none of the side's processes
     * (not Linux, a {@code /proc} that hides other users' processes, a side with none left).
     */
    public OptionalLong millis() {
        try {
            long[] ticksAndSeen = uid.isPresent() ? userTicks(uid.getAsInt()) : treeTicks();
            return ticksAndSeen[1] == 0 ? OptionalLong.empty() : OptionalLong.of(ticksAndSeen[0] * MILLIS_PER_TICK);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    private long[] userTicks(int user) throws IOException {
        long[] ticksAndSeen = new long[2];
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, entry -> entry.getFileName().toString().matches("\\d+"))) {
            for (Path process : processes) {
                try {
                    if ((Integer) Files.getAttribute(process, "unix:uid", LinkOption.NOFOLLOW_LINKS) == user) {
                        ticksAndSeen[0] += ticks(Files.readString(process.resolve("stat")));
                        ticksAndSeen[1]++;
                    }
                } catch (IOException | RuntimeException e) {
                    // Gone between the listing and the read: its time went with it.
                }
            }
        }
        return ticksAndSeen;
    }

    private long[] treeTicks() {
        long[] ticksAndSeen = new long[2];
        Stream.concat(ProcessHandle.of(rootPid).stream(), ProcessHandle.of(rootPid).stream().flatMap(ProcessHandle::descendants))
                .forEach(process -> {
                    try {
                        ticksAndSeen[0] += ticks(Files.readString(PROC.resolve(Long.toString(process.pid())).resolve("stat")));
                        ticksAndSeen[1]++;
                    } catch (IOException | RuntimeException e) {
                        // Gone, or no /proc: not seen.
                    }
                });
        return ticksAndSeen;
    }

    /**
     * {@code utime + stime + cutime + cstime} of one {@code /proc/<pid>/stat} line, in ticks. The
     * command name (field 2) is in parentheses and may hold spaces and parentheses itself: the
     * fields are counted from the last ')'.
     */
    static long ticks(String stat) {
        String[] fields = fields(stat);
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    }

    /** The fields after the command name: state (field 3) is [0], so utime (field 14) is [11], stime [12], cutime [13], cstime [14]. */
    private static String[] fields(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }
}
