package dev.kafkaperfgate.internal.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Process command lines for tests that look for a broker by what it runs. */
public final class CommandLines {

    private CommandLines() {
    }

    /**
     * From /proc: {@code ProcessHandle.info().commandLine()} came back empty for a command line as
     * long as the broker's (its classpath is tens of kilobytes), so a check built on it could never fail.
     */
    public static String of(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    /** Whether the process is a Kafka broker (the process broker's JVM). */
    public static boolean isBroker(ProcessHandle process) {
        return of(process).contains(" kafka.Kafka ");
    }
}
