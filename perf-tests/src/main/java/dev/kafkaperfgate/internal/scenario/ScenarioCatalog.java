package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every scenario file of a directory ({@code *.yaml}, {@code *.yml}), validated together: names
 * must be unique across files, and one problem anywhere means no scenario runs.
 *
 * <pre>{@code
 * ScenarioCatalog catalog = ScenarioCatalog.load(Path.of("perf-tests/scenarios"));
 * List<Scenario> pr = catalog.select("pr", null);
 * }</pre>
 */
public final class ScenarioCatalog {

    private final List<Scenario> scenarios;

    private ScenarioCatalog(List<Scenario> scenarios) {
        this.scenarios = List.copyOf(scenarios);
    }

    /** @throws ScenarioValidationException listing every problem of every file */
    public static ScenarioCatalog load(Path directory) {
        List<ValidationError> errors = new ArrayList<>();
        List<Path> files = files(directory, errors);
        List<Scenario> scenarios = new ArrayList<>();
        for (Path file : files) {
            scenarios.addAll(ScenarioFileParser.parse(file, errors));
        }
        Map<String, Scenario> byName = new HashMap<>();
        for (Scenario scenario : scenarios) {
            Scenario first = byName.putIfAbsent(scenario.name(), scenario);
            if (first != null) {
                errors.add(new ValidationError(scenario.file(), scenario.line(), "name", "duplicate scenario name '"
                        + scenario.name() + "', first defined at " + first.file() + ":" + first.line()));
            }
        }
        if (!errors.isEmpty()) {
            throw new ScenarioValidationException(errors);
        }
        return new ScenarioCatalog(scenarios);
    }

    public List<Scenario> all() {
        return scenarios;
    }

    /**
     * The scenarios tagged {@code suite} (all when null or blank) whose name matches one of the
     * comma-separated glob patterns in {@code names} ({@code *} for any text; all when null or blank).
     *
     * @throws IllegalArgumentException when the selection is empty: a gate that runs nothing must not pass
     */
    public List<Scenario> select(String suite, String names) {
        List<Pattern> patterns = names == null || names.isBlank() ? List.of() : Arrays.stream(names.split(","))
                .map(String::trim).filter(glob -> !glob.isEmpty()).map(ScenarioCatalog::glob).toList();
        List<Scenario> selected = scenarios.stream()
                .filter(scenario -> suite == null || suite.isBlank() || scenario.tags().contains(suite.trim()))
                .filter(scenario -> patterns.isEmpty() || patterns.stream().anyMatch(p -> p.matcher(scenario.name()).matches()))
                // Single-broker scenarios first, then each cluster size together: each size is started once.
                .sorted(Comparator.comparingInt(scenario -> scenario.produce().brokers()))
                .toList();
        if (selected.isEmpty()) {
            throw new InvalidSettingException("no scenario matches suite '" + suite + "' and names '" + names + "'; "
                    + "suites: " + scenarios.stream().flatMap(scenario -> scenario.tags().stream()).distinct().sorted().toList()
                    + ", scenarios: "
                    + scenarios.stream().map(Scenario::name).collect(Collectors.joining(", ")));
        }
        return selected;
    }

    private static Pattern glob(String glob) {
        return Pattern.compile(Arrays.stream(glob.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    private static List<Path> files(Path directory, List<ValidationError> errors) {
        if (!Files.isDirectory(directory)) {
            errors.add(new ValidationError(directory, 1, "(directory)", "the scenario directory does not exist"));
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            List<Path> files = entries.filter(path -> path.toString().endsWith(".yaml") || path.toString().endsWith(".yml"))
                    .sorted().toList();
            if (files.isEmpty()) {
                errors.add(new ValidationError(directory, 1, "(directory)", "holds no scenario file (*.yaml)"));
            }
            return files;
        } catch (IOException e) {
            errors.add(new ValidationError(directory, 1, "(directory)", "cannot be listed: " + e.getMessage()));
            return List.of();
        }
    }
}
