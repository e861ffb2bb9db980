package dev.kafkaperfgate.internal.workload.fault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The DROP rules Trogdor's {@code NetworkPartitionFault} puts into a node's own network namespace
 * ({@code -A INPUT -s <peer> -p tcp -m comment --comment broker-2 -j DROP}), read and removed with
 * {@code nsenter} and {@code iptables}: how the gate sees for itself that a partition happened, and
 * its last resort to heal one. Only a namespace the gate's container holds is ever touched, never
 * this machine's own.
 */
final class NamespaceFirewall {

    private static final long COMMAND_SECONDS = 5;

    private NamespaceFirewall() {
    }

    /** The partition's DROP rules in the namespace of {@code pid}, as {@code iptables -S} prints them; empty when none or unreadable. */
    static List<String> dropRules(long pid) {
        List<String> rules = new ArrayList<>();
        for (String line : run(pid, "iptables", "-S", "INPUT").split("\n")) {
            if (line.startsWith("-A INPUT ") && line.contains(" -j DROP") && line.contains("--comment broker-")) {
                rules.add(line.strip());
            }
        }
        return rules;
    }

    /** Deletes every such rule; never throws. */
    static void removeDropRules(long pid) {
        for (String rule : dropRules(pid)) {
            List<String> command = new ArrayList<>(List.of("iptables", "-D"));
            command.addAll(List.of(rule.substring("-A ".length()).split(" ")));
            run(pid, command.toArray(String[]::new));
        }
    }

    /** Runs {@code command} inside the namespace; its output, or empty when it could not run. */
    private static String run(long pid, String... command) {
        List<String> line = new ArrayList<>(List.of("nsenter", "--target", Long.toString(pid), "--net", "--"));
        line.addAll(List.of(command));
        try {
            Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
            // Bounded: iptables' few lines fit the pipe's buffer, so waiting first cannot block it.
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "";
            }
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.exitValue() == 0 ? out : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
