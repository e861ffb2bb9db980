package dev.kafkaperfgate.internal.environment;

import java.nio.file.Path;

/**
 * What this JVM knows of itself and its machine ({@code java.home}, {@code os.arch}, ...): the one
 * place under {@code internal} that reads a system property. The gate's own settings are never
 * read here; they come parsed, from {@code internal.settings.GateSettings}.
 */
public final class ThisJvm {

    private ThisJvm() {
    }

    /** The {@code java} launcher of this JVM: child JVMs run on the same Java. */
    public static String javaExecutable() {
        return javaBin().resolve("java").toString();
    }

    /** This JVM's {@code bin} folder (jcmd, jstack). */
    public static Path javaBin() {
        return Path.of(System.getProperty("java.home"), "bin");
    }

    public static String classPath() {
        return System.getProperty("java.class.path", "");
    }

    public static Path tmpDir() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    public static Path userHome() {
        return Path.of(System.getProperty("user.home"));
    }

    public static String userName() {
        return System.getProperty("user.name");
    }

    /** This JVM's user and group as {@code uid:gid}, as chown takes them (Unix only). */
    public static String owner() {
        com.sun.security.auth.module.UnixSystem unix = new com.sun.security.auth.module.UnixSystem();
        return unix.getUid() + ":" + unix.getGid();
    }

    public static String osName() {
        return System.getProperty("os.name");
    }

    public static String osArch() {
        return System.getProperty("os.arch");
    }

    public static String osVersion() {
        return System.getProperty("os.version");
    }

    public static String javaVersion() {
        return System.getProperty("java.version");
    }

    public static String vmName() {
        return System.getProperty("java.vm.name");
    }

    /** Vendor, VM and runtime version, e.g. {@code Debian OpenJDK 64-Bit Server VM 17.0.13+11-Debian-2}. */
    public static String vmDescription() {
        return System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version");
    }

    /**
     * Whether a property of another library (Testcontainers') is set: read, never one of the gate's.
     */
    public static boolean hasProperty(String name) {
        if (name.startsWith("perf.")) {
            throw new IllegalArgumentException(name + " is a gate setting: read it from GateSettings");
        }
        return System.getProperty(name) != null;
    }
}
