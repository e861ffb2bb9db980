package dev.kafkaperfgate.tools;

import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import dev.kafkaperfgate.internal.scenario.ScenarioValidationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code validate [--classpath PATH] [DIR]}: checks scenario files without a broker. Prints each
 * scenario (sweeps expanded) and exits 0, or prints every problem with file, line and field and
 * exits 1. With the team's test classpath, the classes its scenarios name are checked as the
 * suite would load them ({@code scripts/validate-scenarios.sh --module DIR} builds and passes it).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check scenario files without a broker: every problem with file, line and field, or the list of scenarios.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every scenario is valid", "1:a problem, named with file, line and field", "2:a usage error"})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = "perf-tests/scenarios",
            description = "the folder of scenario files (default: ${DEFAULT-VALUE})")
    Path directory;

    @Option(names = "--classpath", paramLabel = "PATH",
            description = "the team's test classpath (folders and jars, separated by ':'): the classes its scenarios name "
                    + "(serializers, a record source, ...) are checked against it, as the suite would load them")
    String classpath;

    @Override
    public Integer call() {
        if (!Files.isDirectory(directory)) {
            System.err.println("validate: " + directory + " is not a folder of scenario files");
            return 1;
        }
        ClassLoader original = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader teamClasses = teamClasses()) {
            if (teamClasses != null) {
                // Kafka and the gate load a scenario's classes from the context class loader, as a Surefire fork does.
                Thread.currentThread().setContextClassLoader(teamClasses);
            }
            return validate();
        } catch (IOException e) {
            System.err.println("validate: --classpath: " + e.getMessage());
            return 1;
        } finally {
            Thread.currentThread().setContextClassLoader(original);
        }
    }

    /** The team's classes over the tools' own (parent first, so Kafka's interfaces are the ones the gate checks against). */
    private URLClassLoader teamClasses() throws IOException {
        if (classpath == null || classpath.isBlank()) {
            return null;
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                throw new IOException(entry + " does not exist");
            }
            urls.add(path.toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ValidateCommand.class.getClassLoader());
    }

    private Integer validate() {
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
