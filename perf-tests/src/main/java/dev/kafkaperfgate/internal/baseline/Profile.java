package dev.kafkaperfgate.internal.baseline;

import dev.kafkaperfgate.GateProperties;

import java.util.Locale;
import java.util.Map;

/**
 * The name of the environment a baseline belongs to: {@code baselines/<profile>/}. Set it with
 * {@code -Dperf.profile} (e.g. {@code gha-ubuntu-latest} in a workflow); by default it is derived
 * from the machine, e.g. {@code linux-amd64-2c}, so that a laptop never compares itself with a
 * CI runner's baselines.
 */
public final class Profile {

    private Profile() {
    }

    public static String resolve(Map<?, ?> properties) {
        String name = GateProperties.get(properties, GateProperties.PROFILE, derived());
        if (!name.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException(GateProperties.PROFILE + "=" + name
                    + ": a profile is a folder name of lower-case letters, digits, '.', '_' and '-'");
        }
        return name;
    }

    static String derived() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "");
        return os + "-" + arch + "-" + Runtime.getRuntime().availableProcessors() + "c";
    }
}
