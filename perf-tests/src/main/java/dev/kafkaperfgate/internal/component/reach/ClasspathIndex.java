package dev.kafkaperfgate.internal.component.reach;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a classpath holds, read once for {@link ComponentCode}: the name of every file in its jars
 * and folders (so that a name found nowhere costs no class-loader lookup), and per service the
 * provider classes its {@code META-INF/services} files name (code a {@code ServiceLoader} can load
 * without any class naming it).
 *
 * @param resources every file's name, relative to its jar or folder
 * @param services  per service class name, its providers, sorted
 */
public record ClasspathIndex(Set<String> resources, Map<String, List<String>> services) {

    private static final String SERVICES = "META-INF/services/";
    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/\\d+/(.+)");

    /** The index of {@code classpath} (entries split by the path separator), services read through {@code loader}. */
    public static ClasspathIndex of(String classpath, ClassLoader loader) throws IOException {
        Set<String> resources = new HashSet<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Path.of(entry.isEmpty() ? "." : entry);
            if (entry.isEmpty() || !Files.exists(path)) {
                continue;
            }
            if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.walk(path)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        if (Files.isSymbolicLink(file)) {
                            // A class loader follows it; the walk does not: what it leads to would be missed.
                            throw new IOException(file + " is a link, which the index does not follow");
                        }
                        if (Files.isRegularFile(file)) {
                            resources.add(path.relativize(file).toString().replace(File.separatorChar, '/'));
                        }
                    }
                }
            } else {
                try (JarFile jar = new JarFile(path.toFile())) {
                    String more = jar.getManifest() == null ? null : jar.getManifest().getMainAttributes().getValue("Class-Path");
                    // JDK 17's loader reads Class-Path against the jar's canonical path, and follows a jar index.
                    String named = more == null ? null : classPathEntryFound(path, more);
                    if (named == null && more != null) {
                        named = classPathEntryFound(path.toRealPath(), more);
                    }
                    if (jar.getEntry("META-INF/INDEX.LIST") != null) {
                        throw new IOException(path + " holds a jar index (META-INF/INDEX.LIST), which the index does not follow");
                    }
                    if (named != null) {
                        // The JVM's loader reads the jars a manifest names; the index does not.
                        throw new IOException(path + " names " + named + " in its manifest's Class-Path, which the index does not follow");
                    }
                    for (JarEntry jarEntry : Collections.list(jar.entries())) {
                        if (!jarEntry.isDirectory()) {
                            resources.add(jarEntry.getName());
                            // A multi-release jar's class may exist only under its Java version's folder;
                            // the loader finds it by its plain name.
                            Matcher versioned = VERSIONED.matcher(jarEntry.getName());
                            if (versioned.matches()) {
                                resources.add(versioned.group(1));
                            }
                        }
                    }
                }
            }
        }
        Map<String, List<String>> services = new TreeMap<>();
        for (String service : new TreeSet<>(resources)) {
            if (!service.startsWith(SERVICES) || service.length() == SERVICES.length()) {
                continue;
            }
            TreeSet<String> providers = new TreeSet<>();
            Enumeration<URL> files = loader.getResources(service);
            while (files.hasMoreElements()) {
                try (InputStream in = files.nextElement().openStream()) {
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                            .map(line -> line.replaceFirst("#.*", "").trim())
                            .filter(line -> !line.isEmpty())
                            .forEach(providers::add);
                }
            }
            services.put(service.substring(SERVICES.length()), new ArrayList<>(providers));
        }
        return new ClasspathIndex(resources, services);
    }

    /**
     * The first entry of a manifest's {@code Class-Path} that the JVM's loader could open, or {@code null}: each
     * entry is read as the loader reads it (issue 81), a URL relative to the jar's own, so {@code %65vil.jar} is
     * {@code evil.jar} and {@code file:/elsewhere/x.jar} counts. A URL of any other protocol counts too: whether a
     * loader follows it is not this index's to guess. An entry that is no URL at all the loader skips, and so does this.
     */
    static String classPathEntryFound(Path jar, String classPath) {
        URL base;
        try {
            base = jar.toAbsolutePath().toUri().toURL();
        } catch (java.net.MalformedURLException e) {
            return jar.toString();
        }
        // The loader splits on the characters StringTokenizer splits on by default.
        for (String entry : classPath.split("[ \\t\\n\\r\\f]+")) {
            if (entry.isEmpty()) {
                continue;
            }
            URL url;
            try {
                url = new URL(base, entry);
            } catch (java.net.MalformedURLException e) {
                continue;
            }
            if (!url.getProtocol().equals("file")) {
                return url.toString();
            }
            try {
                Path found = Path.of(url.toURI());
                if (Files.exists(found)) {
                    return found.toString();
                }
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                return url.toString();   // a file URL the index cannot read as a path: the loader might
            }
        }
        return null;
    }
}
