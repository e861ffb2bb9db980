package dev.kafkaperfgate.internal.baseline;

import java.util.Locale;

/**
 * The class of machine a run measured on, within a profile: its CPU model, as a folder name.
 * Hosted runner pools hand out several CPU models under one label (GitHub's ubuntu-latest: EPYC
 * 7763, EPYC 9V74, Xeon 8370C), and byte-identical code reads 2-3× faster on one than another.
 * Each class keeps a history of its own, {@code baselines/<profile>/<class>/<scenario>.json}, so
 * a pool of three models builds three histories instead of comparing across them.
 *
 * <pre>{@code
 * MachineClass.of("Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz")   // "intel-xeon-platinum-8370c-cpu-2-80ghz"
 * MachineClass.of("AMD EPYC")                                        // "amd-epyc"
 * }</pre>
 */
public final class MachineClass {

    /** What a class name may hold: the refresh script checks names against the same alphabet. */
    public static final String ALPHABET = "[a-z0-9][a-z0-9-]{0,79}";

    private MachineClass() {
    }

    /** The class of a CPU model: lower-case letters and digits, runs of anything else one '-', (R) and (TM) dropped. */
    public static String of(String cpuModel) {
        String slug = cpuModel.toLowerCase(Locale.ROOT).replaceAll("\\((r|tm)\\)", " ")
                .replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (slug.length() > 80) {
            slug = slug.substring(0, 80).replaceAll("-+$", "");
        }
        return slug.isEmpty() ? "unknown-cpu" : slug;
    }

    /** This machine's class. */
    public static String current() {
        return of(Fingerprint.currentCpuModel());
    }
}
