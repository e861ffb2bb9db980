package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The command that runs a summary's run again on a developer's machine: the same commit, base,
 * selection, profile and injection. Written into summary.json ({@code reproduce}) so the comment
 * prints it as it is. A value a shell could read as more than one word is left out, not quoted:
 * the line is meant to be pasted.
 */
final class ReproduceCommand {

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,40}");
    private static final Pattern SAFE_ARGUMENT = Pattern.compile("[A-Za-z0-9._,-]{1,2000}");
    /** A module path as a command line may carry it: relative, no "..", no shell characters. */
    private static final Pattern MODULE = Pattern.compile("(?!.*\\.\\.)[A-Za-z0-9._-][A-Za-z0-9._/-]{0,199}");

    private ReproduceCommand() {
    }

    /** The command for the summary {@code root} as written so far (selection, environment, mode). */
    static String of(JsonNode root) {
        List<String> args = new ArrayList<>();
        if (root.path("suite").isTextual()) {
            args.add("-Dperf.suite=" + root.path("suite").asText());
        } else {
            List<String> names = new ArrayList<>();
            root.path("scenarios").forEach(scenario -> names.add(scenario.path("scenario").asText()));
            if (!names.isEmpty()) {
                args.add("-Dperf.scenarios=" + String.join(",", names));
            }
        }
        args.add("-Dperf.profile=" + root.path("profile").asText());
        JsonNode injection = root.path("injection");
        if (injection.isObject()) {
            args.add("-Dperf.inject.burn.ns=" + injection.path("burnNs").asText());
            args.add("-Dperf.inject.burn.every=" + injection.path("every").asText());
            if (injection.path("allocBytes").asLong() > 0) {
                args.add("-Dperf.inject.alloc.bytes=" + injection.path("allocBytes").asText());
            }
        }
        StringBuilder line = new StringBuilder();
        String commit = root.path("commit").asText("");
        if (COMMIT.matcher(commit).matches()) {
            line.append("git checkout ").append(commit).append('\n');
        }
        String module = root.path("module").asText("");
        line.append(MODULE.matcher(module).matches() && root.path("module").isTextual()
                ? "<kafka-perf-gate checkout>/scripts/gate.sh --module " + module + " " : "scripts/gate.sh ");
        JsonNode mode = root.path("mode");
        if ("paired".equals(mode.path("name").asText()) && COMMIT.matcher(mode.path("base").asText("")).matches()) {
            line.append("--base ").append(mode.path("base").asText()).append(' ');
        }
        line.append(String.join(" ", args.stream()
                .filter(arg -> SAFE_ARGUMENT.matcher(arg.substring(arg.indexOf('=') + 1)).matches()).toList()));
        return line.toString();
    }
}
