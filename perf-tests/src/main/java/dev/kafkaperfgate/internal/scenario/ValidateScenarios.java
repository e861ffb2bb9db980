package dev.kafkaperfgate.internal.scenario;

import java.nio.file.Path;

/**
 * Checks scenario files without a broker: {@code scripts/validate-scenarios.sh [DIR]}.
 * Prints each scenario (sweeps expanded) and exits 0, or prints every problem and exits 1.
 */
public final class ValidateScenarios {

    private ValidateScenarios() {
    }

    public static void main(String[] args) {
        Path directory = Path.of(args.length > 0 ? args[0] : "perf-tests/scenarios");
        try {
            ScenarioCatalog catalog = ScenarioCatalog.load(directory);
            for (Scenario scenario : catalog.all()) {
                System.out.println(scenario.file() + ":" + scenario.line() + ": " + scenario.name() + " (" + scenario.workload().key() + ") "
                        + scenario.tags());
            }
            System.out.println(catalog.all().size() + " scenarios in " + directory + " are valid");
        } catch (ScenarioValidationException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }
}
