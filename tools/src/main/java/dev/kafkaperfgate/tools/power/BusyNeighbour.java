package dev.kafkaperfgate.tools.power;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A noisy neighbour for power runs: a shell busy loop that keeps one core busy, stopped by its own
 * pid (also when the tool is interrupted), never by name.
 */
final class BusyNeighbour {

    private BusyNeighbour() {
    }

    static Process start(String tool) {
        try {
            Process process = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
            Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
            System.out.println("[" + tool + "] noisy neighbour: busy loop pid " + process.pid());
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the busy loop", e);
        }
    }
}
