package dev.kafkaperfgate.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tools' one command line, as a user meets it: help on every command, refusals by name, exit codes. */
class KafkaPerfGateToolsTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = KafkaPerfGateTools.commandLine();
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        int exit = line.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void everyCommandHasHelpAndPicocliFindsNothingToWarnAbout() {
        List<List<String>> commands = new java.util.ArrayList<>();
        commands(KafkaPerfGateTools.commandLine(), List.of(), commands);
        assertTrue(commands.contains(List.of("power", "components")) && commands.contains(List.of("power", "dilution")), commands.toString());
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        // picocli's own warnings (a description it cannot format: a bare '%') go to System.err, not to the command's err.
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (List<String> command : commands) {
                String[] args = java.util.stream.Stream.concat(command.stream(), java.util.stream.Stream.of("--help")).toArray(String[]::new);
                Run help = run(args);
                assertEquals(0, help.exit(), command + " --help: " + help.err());
                String name = command.isEmpty() ? "kafka-perf-gate-tools" : command.get(command.size() - 1);
                assertTrue(help.out().startsWith("Usage: ") && help.out().contains(name), command + " --help printed: " + help.out());
            }
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8), "picocli warned while printing help");
    }

    /** Every command under {@code line}, by the names that reach it. */
    private static void commands(CommandLine line, List<String> path, List<List<String>> into) {
        into.add(path);
        line.getSubcommands().forEach((name, sub) -> {
            // An alias reaches the same command again; picocli's own help command has its own usage.
            if (sub.getCommandName().equals(name) && !(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                commands(sub, java.util.stream.Stream.concat(path.stream(), java.util.stream.Stream.of(name)).toList(), into);
            }
        });
    }

    @Test
    void anUnknownOptionIsRefusedByNameWithExitTwo() {
        Run bench = run("bench", "--broker-classpath-file", "b", "--harness-classpath-file", "h", "--no-such-option", "x");
        assertEquals(2, bench.exit());
        assertTrue(bench.err().matches("(?s)Unknown options?: '--no-such-option'.*"), bench.err());
        Run none = run();
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("name a command"), none.err());
        Run badNumber = run("warmup", "--runs", "three", "--broker-classpath-file", "x");
        assertEquals(2, badNumber.exit());
        assertTrue(badNumber.err().contains("--runs"), badNumber.err());
    }

    @Test
    void validateListsThisRepositorysScenariosAndNamesTheFileOfABadOne(@TempDir Path dir) throws IOException {
        assertEquals(0, run("validate", "../perf-tests/scenarios").exit());
        Files.writeString(dir.resolve("broken.yaml"), "name: broken\nworkload: produce\nlinger: 5\n");
        // The command prints to System.err itself; its exit code and the file's name are what a user acts on.
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream original = System.err;
        System.setErr(new java.io.PrintStream(captured, true));
        int exit;
        try {
            exit = run("validate", dir.toString()).exit();
        } finally {
            System.setErr(original);
        }
        assertEquals(1, exit);
        assertTrue(captured.toString().contains("broken.yaml"), captured.toString());
        assertEquals(1, run("validate", dir.resolve("missing").toString()).exit());
    }

    @Test
    void refreshRefusesBadOptionsBeforeReadingAnything() {
        Run window = run("refresh", "--window", "0");
        assertEquals(2, window.exit());
        assertTrue(window.err().contains("--window must be a whole number of 1..9999"), window.err());
        Run both = run("refresh", "--only", "a", "--accept", "b");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("do not combine"), both.err());
    }
}
