package dev.kafkaperfgate.tools;

import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import dev.kafkaperfgate.internal.scenario.ScenarioValidationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code validate [DIR]}: checks scenario files without a broker. Prints each scenario (sweeps
 * expanded) and exits 0, or prints every problem with file, line and field and exits 1.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check scenario files without a broker: every problem with file, line and field, or the list of scenarios.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every scenario is valid", "1:a problem, named with file, line and field", "2:a usage error"})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = "perf-tests/scenarios",
            description = "the folder of scenario files (default: ${DEFAULT-VALUE})")
    Path directory;

    @Override
    public Integer call() {
        if (!Files.isDirectory(directory)) {
            System.err.println("validate: " + directory + " is not a folder of scenario files");
            return 1;
        }
        try {
            ScenarioCatalog catalog = ScenarioCatalog.load(directory);
            for (Scenario scenario : catalog.all()) {
                System.out.println(scenario.file() + ":" + scenario.line() + ": " + scenario.name() + " ("
                        + scenario.workload().key() + ") " + scenario.tags());
            }
            System.out.println(catalog.all().size() + " scenarios in " + directory + " are valid");
            return 0;
        } catch (ScenarioValidationException e) {
            System.err.println(e.getMessage());
            return 1;
        }
    }
}
