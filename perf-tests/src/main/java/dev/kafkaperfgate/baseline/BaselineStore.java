package dev.kafkaperfgate.baseline;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The baselines of one profile for the scenarios a run selected, read and checked before any
 * broker starts: a damaged file stops the run with every problem listed, before minutes are
 * spent measuring something that could not be judged.
 *
 * <pre>{@code
 * BaselineStore store = BaselineStore.load(Path.of("../baselines"), "linux-amd64-2c", List.of("producer-1k-acks1-20k"));
 * store.get("producer-1k-acks1-20k");   // empty when the scenario has no baseline yet (verdict NEW)
 * }</pre>
 */
public final class BaselineStore {

    private final Path profileDir;
    private final String profile;
    private final Map<String, Baseline> baselines;

    private BaselineStore(Path profileDir, String profile, Map<String, Baseline> baselines) {
        this.profileDir = profileDir;
        this.profile = profile;
        this.baselines = baselines;
    }

    /** @throws BaselineException listing every problem of every damaged file */
    public static BaselineStore load(Path baselinesDir, String profile, Collection<String> scenarios) {
        Path profileDir = baselinesDir.resolve(profile);
        Map<String, Baseline> baselines = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (String scenario : scenarios) {
            Path file = profileDir.resolve(scenario + ".json");
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
        return new BaselineStore(profileDir, profile, baselines);
    }

    public Optional<Baseline> get(String scenario) {
        return Optional.ofNullable(baselines.get(scenario));
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
