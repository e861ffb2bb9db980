package dev.kafkaperfgate.internal.baseline;

import dev.kafkaperfgate.internal.history.HistoryException;
import dev.kafkaperfgate.internal.history.NightlyHistory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The baselines of one profile and machine class ({@code baselines/<profile>/<class>/}) for the
 * scenarios a run selected, read and checked before any broker starts: a damaged file stops the
 * run with every problem listed, before minutes are spent measuring something that could not be
 * judged. Each scenario's nightly history ({@link NightlyHistory}) is read with it, as strictly.
 *
 * <pre>{@code
 * BaselineStore store = BaselineStore.load(Path.of("baselines"), "linux-amd64-2c", List.of("producer-1k-acks1-20k"));
 * store.machineClass();                  // this machine's, e.g. "amd-epyc"
 * store.get("producer-1k-acks1-20k");   // empty when the scenario has no baseline yet (verdict NEW)
 * }</pre>
 */
public final class BaselineStore {

    private final Path profileDir;
    private final String profile;
    private final String machineClass;
    private final Map<String, Baseline> baselines;
    private final Map<String, List<NightlyHistory.Night>> nights;

    private BaselineStore(Path profileDir, String profile, String machineClass, Map<String, Baseline> baselines,
                          Map<String, List<NightlyHistory.Night>> nights) {
        this.profileDir = profileDir;
        this.profile = profile;
        this.machineClass = machineClass;
        this.baselines = baselines;
        this.nights = nights;
    }

    /** This machine's class's baselines. @throws BaselineException listing every problem of every damaged file */
    public static BaselineStore load(Path baselinesDir, String profile, Collection<String> scenarios) {
        return load(baselinesDir, profile, MachineClass.current(), scenarios);
    }

    /** @throws BaselineException listing every problem of every damaged file */
    public static BaselineStore load(Path baselinesDir, String profile, String machineClass, Collection<String> scenarios) {
        Path profileDir = baselinesDir.resolve(profile);
        Path classDir = profileDir.resolve(machineClass);
        Map<String, Baseline> baselines = new LinkedHashMap<>();
        Map<String, List<NightlyHistory.Night>> nights = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>(unclassified(profileDir));
        for (String scenario : scenarios) {
            try {
                nights.put(scenario, NightlyHistory.read(NightlyHistory.file(classDir, scenario)));
            } catch (HistoryException e) {
                problems.add(e.getMessage());
            }
            Path file = classDir.resolve(scenario + ".json");
            if (Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file)) {
                // A dangling symlink or a directory reads as "no baseline" and would pass as NEW.
                problems.add(file + ": exists but is not a regular file (" + (Files.isSymbolicLink(file)
                        ? "a symbolic link to " + target(file) : "a directory or special file")
                        + "); a baseline must be a file, or absent");
                continue;
            }
            if (Files.isRegularFile(file)) {
                try {
                    baselines.put(scenario, BaselineReader.read(file, profile, scenario));
                } catch (BaselineException e) {
                    problems.addAll(e.problems());
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new BaselineException(problems);
        }
        return new BaselineStore(profileDir, profile, machineClass, baselines, nights);
    }

    private static String target(Path link) {
        try {
            Path target = Files.readSymbolicLink(link);
            return target + (Files.exists(link) ? ", a directory or special file" : ", which does not exist");
        } catch (IOException e) {
            return "an unreadable target";
        }
    }

    /**
     * Baseline files straight in the profile folder, from before machine classes: refused with
     * where they belong, rather than silently ignored (a run would then pass as NEW).
     */
    private static List<String> unclassified(Path profileDir) {
        if (!Files.isDirectory(profileDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(profileDir)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".json"))
                    .map(file -> file + ": baselines are kept per machine class: move it into " + profileDir
                            + "/<class>/, the class of the CPU model in its fingerprint (e.g. "
                            + MachineClass.of("Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz") + ")")
                    .sorted().toList();
        } catch (IOException e) {
            return List.of(profileDir + ": cannot be listed: " + e);
        }
    }

    /** The other machine classes this profile holds baselines for, for the console. */
    public List<String> otherClasses() {
        if (!Files.isDirectory(profileDir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(profileDir)) {
            return entries.filter(Files::isDirectory).map(dir -> dir.getFileName().toString())
                    .filter(name -> !name.equals(machineClass)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    public String machineClass() {
        return machineClass;
    }

    /** Where this class's files are. */
    public Path classDir() {
        return profileDir.resolve(machineClass);
    }

    public Optional<Baseline> get(String scenario) {
        return Optional.ofNullable(baselines.get(scenario));
    }

    /** The scenario's nightly history beside its baseline, oldest first; empty when it has none. */
    public List<NightlyHistory.Night> nights(String scenario) {
        return nights.getOrDefault(scenario, List.of());
    }

    public Collection<Baseline> all() {
        return baselines.values();
    }

    public Path profileDir() {
        return profileDir;
    }

    public String profile() {
        return profile;
    }
}
