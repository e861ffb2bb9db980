package dev.kafkaperfgate.internal.component.reach;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The library jars a side's loader reads (issue 81): which jar a resource comes from, a jar's whole
 * digest (its native libraries and the files its classes find by computed names included), and a
 * file of it that the loader finds elsewhere first. {@link ClientReach} trusts a library's lookups
 * only through these.
 */
public final class LibraryJars {

    private final ClassLoader loader;
    private final Map<Path, byte[]> digests = new HashMap<>();

    LibraryJars(ClassLoader loader) {
        this.loader = loader;
    }

    /** The jar the loader finds {@code resource} in, or empty when it finds it elsewhere or not at all. */
    public java.util.Optional<Path> jarOf(String resource) {
        URL url = loader.getResource(resource);
        if (url == null || !url.getProtocol().equals("jar")) {
            return java.util.Optional.empty();
        }
        String file = url.getFile();
        int bang = file.indexOf("!/");
        try {
            return java.util.Optional.of(Path.of(new java.net.URI(bang < 0 ? file : file.substring(0, bang))));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * A digest of every entry of {@code jar}, by name and bytes, its native libraries and the files its classes find by
     * names they compute included; its manifest and Maven's build files left out (a rebuild restamps them, and no class
     * runs from them). Read once per jar.
     */
    public byte[] wholeJar(Path jar) throws IOException {
        byte[] known = digests.get(jar);
        if (known != null) {
            return known;
        }
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            TreeMap<String, java.util.jar.JarEntry> entries = new TreeMap<>();
            java.util.Collections.list(file.entries()).forEach(entry -> entries.put(entry.getName(), entry));
            for (var entry : entries.entrySet()) {
                String name = entry.getKey();
                if (entry.getValue().isDirectory() || name.equals("META-INF/MANIFEST.MF") || name.startsWith("META-INF/maven/")) {
                    continue;
                }
                digest.update(name.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                try (InputStream in = file.getInputStream(entry.getValue())) {
                    digest.update(in.readAllBytes());
                }
                digest.update((byte) 0);
            }
        }
        byte[] sum = digest.digest();
        digests.put(jar, sum);
        return sum;
    }

    /**
     * The first entry of {@code jar} that could run (a class, a native library, a file in a class's package) which the
     * loader finds elsewhere first, or empty: a file of the team's build placed at a trusted library's name (its native
     * library in the team's resources, say) would run instead of the library's own, unseen by the jar's digest.
     */
    public java.util.Optional<String> shadowed(Path jar) throws IOException {
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            for (java.util.jar.JarEntry entry : java.util.Collections.list(file.entries())) {
                // A multi-release jar's class is found by its plain name: that is the name the loader resolves.
                String name = VERSIONED.matcher(entry.getName()).replaceFirst("");
                if (entry.isDirectory() || name.startsWith("META-INF/") || name.endsWith("module-info.class")
                        || !name.contains("/") && !name.endsWith(".class") && !NATIVE.matcher(name).find()) {
                    continue;   // a manifest, a module descriptor, a licence or notice at the root: no code the loader finds by name
                }
                java.util.Optional<Path> found = jarOf(name);
                if (found.isEmpty() || !found.get().equals(jar)) {
                    return java.util.Optional.of(name + " is found first in " + (found.isPresent() ? found.get() : String.valueOf(loader.getResource(name))));
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** A multi-release jar's version folder. */
    private static final Pattern VERSIONED = Pattern.compile("^META-INF/versions/\\d+/");

    /** A native library's name, whatever the platform. */
    private static final Pattern NATIVE = Pattern.compile("\\.(so|dll|dylib|jnilib)(\\.|$)");
}
