package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.reach.ClasspathDigest;
import dev.kafkaperfgate.internal.component.reach.ComponentCode;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The jars a duel loads once, in a loader every copy shares ({@link ComponentDuel}): those both
 * sides hold byte for byte, as production loads a library once. Only what differs is defined per
 * copy. Measured (docs/power.md, dilution; 20 ms batches): a Jackson serializer's CPU-only change
 * read +19.6% shared against +17.7% with a library per copy, an Avro one +28.8% against +23.0%,
 * and the copies warmed up in 2-3 s instead of 4-9 s.
 *
 * <p>A jar is shared only when the JVM would link it the same way as on a flat classpath:
 * <ul>
 *   <li>its content digest is the same on both sides ({@link ClasspathDigest#ofJar});</li>
 *   <li>it holds none of the gate's classes ({@code dev/kafkaperfgate/}): the harness is per copy;</li>
 *   <li>none of its classes is also defined by an entry that is not shared (parent-first loading
 *       would pick the shared one where the flat classpath might not);</li>
 *   <li>no class of it names, in its constant pool, a class defined only by an entry that is not
 *       shared: a parent loader cannot see its children's classes. Demoting one jar can demote
 *       others, so this runs until nothing changes.</li>
 * </ul>
 * What a shared library loads by a name computed at run time goes through the thread's context
 * loader (Kafka, Jackson, Avro do), which is the copy's.
 *
 * <p>The price: both sides share the library's profile (type profiles, inlining decisions), so a
 * change that works by making a shared call site megamorphic is read through both sides.
 *
 * @param jars       the shared jars, in the base's classpath order (the base's paths; the same bytes as the head's)
 * @param baseCopies the base's classpath without them
 * @param headCopies the head's classpath without them
 */
record SharedJars(List<String> jars, String baseCopies, String headCopies) {

    private static final String GATE_PACKAGE = "dev/kafkaperfgate/";

    /** Nothing shared: each copy holds its side's whole classpath. */
    static SharedJars none(String baseClasspath, String headClasspath) {
        return new SharedJars(List.of(), baseClasspath, headClasspath);
    }

    /**
     * The jars both classpaths hold alike, and each side's classpath without them.
     *
     * @param harness the gate's own entries each copy starts with (its jar, JMH, HdrHistogram): a
     *                side's jar defining any of their classes is not shared, so each copy links the gate's
     */
    static SharedJars of(String baseClasspath, String headClasspath, List<String> harness) {
        List<String> base = entries(baseClasspath);
        List<String> head = entries(headClasspath);
        Map<String, String> headByDigest = new HashMap<>();
        for (String entry : head) {
            String digest = ClasspathDigest.ofJar(Path.of(entry));
            if (digest != null) {
                headByDigest.putIfAbsent(digest, entry);
            }
        }
        Map<String, String> candidates = new LinkedHashMap<>();   // base path -> head path
        for (String entry : base) {
            String digest = ClasspathDigest.ofJar(Path.of(entry));
            if (digest != null && headByDigest.containsKey(digest)) {
                candidates.put(entry, headByDigest.get(digest));
            }
        }
        try {
            Map<String, Set<String>> classes = new HashMap<>();
            for (String entry : candidates.keySet()) {
                classes.put(entry, classes(Path.of(entry)));
            }
            candidates.keySet().removeIf(entry -> classes.get(entry).stream().anyMatch(name -> name.startsWith(GATE_PACKAGE)));
            Set<String> perCopy = new HashSet<>();
            for (String entry : harness) {
                perCopy.addAll(classes(Path.of(entry)));
            }
            for (String entry : base) {
                if (!candidates.containsKey(entry)) {
                    perCopy.addAll(classes(Path.of(entry)));
                }
            }
            for (String entry : head) {
                if (!candidates.containsValue(entry)) {
                    perCopy.addAll(classes(Path.of(entry)));
                }
            }
            Map<String, Set<String>> references = new HashMap<>();
            boolean demoted = true;
            while (demoted) {
                demoted = false;
                for (String entry : new ArrayList<>(candidates.keySet())) {
                    Set<String> defined = classes.get(entry);
                    Set<String> named = references.computeIfAbsent(entry, jar -> referenced(Path.of(jar)));
                    if (!Collections.disjoint(defined, perCopy) || !Collections.disjoint(named, perCopy)) {
                        candidates.remove(entry);
                        perCopy.addAll(defined);
                        demoted = true;
                    }
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // A jar that cannot be read is not shared: each copy keeps its whole classpath.
            return none(baseClasspath, headClasspath);
        }
        return new SharedJars(List.copyOf(candidates.keySet()), without(base, Set.copyOf(candidates.keySet())),
                without(head, Set.copyOf(candidates.values())));
    }

    /** The shared jars as a classpath. */
    String classpath() {
        return String.join(File.pathSeparator, jars);
    }

    private static List<String> entries(String classpath) {
        return Stream.of(classpath.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).toList();
    }

    private static String without(List<String> entries, Set<String> shared) {
        return String.join(File.pathSeparator, entries.stream().filter(entry -> !shared.contains(entry)).toList());
    }

    /** The class files an entry defines, as resource names ({@code com/acme/Order.class}). */
    private static Set<String> classes(Path entry) throws IOException {
        Set<String> names = new HashSet<>();
        if (Files.isDirectory(entry)) {
            try (Stream<Path> files = Files.walk(entry)) {
                files.filter(file -> file.toString().endsWith(".class"))
                        .forEach(file -> names.add(entry.relativize(file).toString().replace(File.separatorChar, '/')));
            }
        } else if (ClasspathDigest.ofJar(entry) != null) {
            try (ZipFile zip = new ZipFile(entry.toFile())) {
                zip.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class")).forEach(names::add);
            }
        }
        return names;
    }

    /** Every class a jar's class files name, as resource names, read from their constant pools. */
    private static Set<String> referenced(Path jar) {
        Set<String> names = new HashSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!entry.getName().endsWith(".class") || entry.getName().endsWith("module-info.class")) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    for (String name : ComponentCode.names(in.readAllBytes(), entry.getName())) {
                        names.add((name.contains("/") ? name : name.replace('.', '/')) + ".class");
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return names;
    }
}
