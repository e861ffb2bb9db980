package dev.kafkaperfgate.internal.baseline;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.GateSettings;

import dev.kafkaperfgate.internal.settings.GateProperties;

import java.util.Locale;

/**
 * The name of the environment a baseline belongs to: {@code baselines/<profile>/}. Set it with
 * {@code -Dperf.profile} (e.g. {@code gha-ubuntu-latest} in a workflow); by default it is derived
 * from the machine, e.g. {@code linux-amd64-2c}, so that a laptop never compares itself with a
 * CI runner's baselines.
 */
public final class Profile {

    private Profile() {
    }

    public static String resolve(GateSettings settings) {
        String name = settings.profile() == null ? derived() : settings.profile();
        if (!name.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException(GateProperties.PROFILE + "=" + name
                    + ": a profile is a folder name of lower-case letters, digits, '.', '_' and '-'");
        }
        return name;
    }

    static String derived() {
        String os = ThisJvm.osName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
        String arch = ThisJvm.osArch().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "");
        return os + "-" + arch + "-" + Runtime.getRuntime().availableProcessors() + "c";
    }
}
