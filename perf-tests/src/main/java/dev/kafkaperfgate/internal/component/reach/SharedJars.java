package dev.kafkaperfgate.internal.component.reach;


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
 * The jars a duel loads once, in a loader every copy shares ({@code ComponentDuel}): those both
 * sides hold byte for byte, as production loads a library once. Only what differs is defined per
 * copy. Measured (docs/log/power-2026-11.md, dilution; 20 ms batches): a Jackson serializer's CPU-only change
 * read +19.6% shared against +17.7% with a library per copy, an Avro one +28.8% against +23.0%,
 * and the copies warmed up in 2-3 s instead of 4-9 s.
 *
 * <p>A jar is shared only when the JVM would link it the same way as on a flat classpath:
 * <ul>
 *   <li>both sides hold it alike: the same bytes, or the same entries by name and content
 *       ({@link ClasspathDigest#ofJar});</li>
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
public record SharedJars(List<String> jars, String baseCopies, String headCopies) {

    private static final String GATE_PACKAGE = "dev/kafkaperfgate/";

    /**
     * What the gate reads of both classpaths, as its own user (issue 74): entries of a classpath,
     * entries of one jar, bytes of all files together, bytes of one class unpacked. Past one, or at
     * a link or a file that is not regular, nothing is shared: each copy keeps its whole classpath.
     */
    record Caps(int classpathEntries, int jarEntries, long totalBytes, int classBytes) {
    }

    static final Caps CAPS = new Caps(20_000, 200_000, 8L << 30, 16 << 20);

    /** Nothing shared: each copy holds its side's whole classpath. */
    public static SharedJars none(String baseClasspath, String headClasspath) {
        return new SharedJars(List.of(), baseClasspath, headClasspath);
    }

    /**
     * The jars both classpaths hold alike, and each side's classpath without them.
     *
     * @param harness the gate's own entries each copy starts with (its jar, JMH, HdrHistogram): a
     *                side's jar defining any of their classes is not shared, so each copy links the gate's
     */
    public static SharedJars of(String baseClasspath, String headClasspath, List<String> harness) {
        return of(baseClasspath, headClasspath, harness, CAPS);
    }

    static SharedJars of(String baseClasspath, String headClasspath, List<String> harness, Caps caps) {
        List<String> base = entries(baseClasspath);
        List<String> head = entries(headClasspath);
        Map<String, String> candidates;   // base path -> head path
        try {
            inspect(head, caps, inspect(base, caps, 0));
            candidates = alike(base, head);
            Map<String, Set<String>> classes = new HashMap<>();
            for (String entry : candidates.keySet()) {
                classes.put(entry, classes(Path.of(entry), caps));
            }
            candidates.keySet().removeIf(entry -> classes.get(entry).stream().anyMatch(name -> name.startsWith(GATE_PACKAGE)));
            Set<String> perCopy = new HashSet<>();
            for (String entry : harness) {
                perCopy.addAll(classes(Path.of(entry), caps));
            }
            for (String entry : base) {
                if (!candidates.containsKey(entry)) {
                    perCopy.addAll(classes(Path.of(entry), caps));
                }
            }
            for (String entry : head) {
                if (!candidates.containsValue(entry)) {
                    perCopy.addAll(classes(Path.of(entry), caps));
                }
            }
            boolean demoted = true;
            while (demoted) {
                demoted = false;
                Set<String> needles = packages(perCopy);
                for (String entry : new ArrayList<>(candidates.keySet())) {
                    Set<String> defined = classes.get(entry);
                    Set<String> named = referenced(Path.of(entry), needles, caps);
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

    /**
     * Refuses (an IOException: nothing is shared) a classpath of too many entries, an entry that is a
     * link or neither a file nor a folder (a FIFO), or files past the caps together; follows no link.
     *
     * @return the bytes counted so far
     */
    private static long inspect(List<String> entries, Caps caps, long counted) throws IOException {
        if (entries.size() > caps.classpathEntries()) {
            throw new IOException("a classpath of " + entries.size() + " entries, more than " + caps.classpathEntries());
        }
        for (String entry : entries) {
            java.nio.file.attribute.BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(Path.of(entry), java.nio.file.attribute.BasicFileAttributes.class,
                        java.nio.file.LinkOption.NOFOLLOW_LINKS);
            } catch (java.nio.file.NoSuchFileException e) {
                continue;   // shares nothing
            }
            if (attributes.isSymbolicLink() || !attributes.isRegularFile() && !attributes.isDirectory()) {
                throw new IOException(entry + " is a link or neither a file nor a folder: not read");
            }
            counted += attributes.isRegularFile() ? attributes.size() : 0;
            if (counted > caps.totalBytes()) {
                throw new IOException("the classpaths hold more than " + caps.totalBytes() + " bytes");
            }
        }
        return counted;
    }

    /** A file opened without following a link in its last part. */
    private static InputStream open(Path file) throws IOException {
        return java.nio.channels.Channels.newInputStream(Files.newByteChannel(file, java.nio.file.StandardOpenOption.READ,
                java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    /** A jar, refused past {@code caps}' entries. */
    private static ZipFile zip(Path jar, Caps caps) throws IOException {
        ZipFile zip = new ZipFile(jar.toFile());
        int size = zip.size();
        if (size > caps.jarEntries()) {
            zip.close();
            throw new IOException(jar + " holds " + size + " entries, more than " + caps.jarEntries());
        }
        return zip;
    }

    /**
     * The base's jars the head holds alike, each with the head's path: the same file bytes (the
     * sides' copies of one repository: cheap to tell), or else, for a jar the head has under the
     * same file name, the same entries by name and content ({@link ClasspathDigest#ofJar}: a
     * sibling module's jar built twice differs only in its build times).
     */
    private static Map<String, String> alike(List<String> base, List<String> head) throws IOException {
        Map<String, String> headByBytes = new HashMap<>();
        Map<String, String> headByName = new HashMap<>();
        for (String entry : head) {
            Path path = Path.of(entry);
            if (isJar(path)) {
                headByBytes.putIfAbsent(fileDigest(path), entry);
                headByName.putIfAbsent(path.getFileName().toString(), entry);
            }
        }
        Map<String, String> alike = new LinkedHashMap<>();
        for (String entry : base) {
            Path path = Path.of(entry);
            if (!isJar(path)) {
                continue;
            }
            String same = headByBytes.get(fileDigest(path));
            String named = headByName.get(path.getFileName().toString());
            if (same == null && named != null) {
                String content = ClasspathDigest.ofJar(path);
                same = content != null && content.equals(ClasspathDigest.ofJar(Path.of(named))) ? named : null;
            }
            if (same != null) {
                alike.put(entry, same);
            }
        }
        return alike;
    }

    /**
     * What this JVM has read of a jar, by its path, size and modification time: the stage runs once a
     * gate run, but a JVM that runs several (the gate's tests, the power tool) reads each library once.
     */
    private static final Map<String, Object> READ = new java.util.concurrent.ConcurrentHashMap<>();

    private static String key(Path file, Object what) throws IOException {
        return file.toAbsolutePath() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis() + "|" + what;
    }

    /** A zip file (a jar), by its first bytes. */
    private static boolean isJar(Path file) throws IOException {
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (InputStream in = open(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        }
    }

    private static String fileDigest(Path file) throws IOException {
        String key = key(file, "sha256");
        Object known = READ.get(key);
        if (known != null) {
            return (String) known;
        }
        String digest = readDigest(file);
        READ.put(key, digest);
        return digest;
    }

    private static String readDigest(Path file) throws IOException {
        try (InputStream in = open(file)) {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            int read;
            long total = 0;
            while ((read = in.read(buffer)) > 0) {
                total += read;
                if (total > ClasspathDigest.MAX_FILE_BYTES) {
                    throw new IOException(file + " grew past " + ClasspathDigest.MAX_FILE_BYTES + " bytes while it was read");
                }
                digest.update(buffer, 0, read);
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The packages of {@code classes} ({@code com/acme/}), or a class's own name for one in no package. */
    private static Set<String> packages(Set<String> classes) {
        Set<String> needles = new HashSet<>();
        for (String name : classes) {
            int slash = name.lastIndexOf('/');
            needles.add(slash > 0 ? name.substring(0, slash + 1) : name.substring(0, name.length() - ".class".length()));
        }
        return needles;
    }

    /** The shared jars as a classpath. */
    public String classpath() {
        return String.join(File.pathSeparator, jars);
    }

    private static List<String> entries(String classpath) {
        return Stream.of(classpath.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).toList();
    }

    private static String without(List<String> entries, Set<String> shared) {
        return String.join(File.pathSeparator, entries.stream().filter(entry -> !shared.contains(entry)).toList());
    }

    /** The class files an entry defines, as resource names ({@code com/acme/Order.class}). */
    private static Set<String> classes(Path entry, Caps caps) throws IOException {
        Set<String> names = new HashSet<>();
        if (Files.isDirectory(entry, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> files = Files.walk(entry)) {
                List<Path> all = files.limit(ClasspathDigest.MAX_FOLDER_FILES + 1L).toList();
                if (all.size() > ClasspathDigest.MAX_FOLDER_FILES) {
                    throw new IOException(entry + " holds more than " + ClasspathDigest.MAX_FOLDER_FILES + " files");
                }
                all.stream().filter(file -> file.toString().endsWith(".class"))
                        .forEach(file -> names.add(entry.relativize(file).toString().replace(File.separatorChar, '/')));
            }
        } else if (isJar(entry)) {
            try (ZipFile zip = zip(entry, caps)) {
                zip.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class")).forEach(names::add);
            }
        }
        return names;
    }

    /**
     * The classes of {@code packages} a jar's class files name, as resource names: every Utf8
     * constant of every class file, read as an internal name, a dotted name ({@code Class.forName})
     * or a descriptor's {@code L...;} parts, kept when its package is one of {@code packages}. One
     * pass and a hash lookup per name: a library of thousands of classes is read in a fraction of a
     * second.
     */
    @SuppressWarnings("unchecked")
    private static Set<String> referenced(Path jar, Set<String> packages, Caps caps) {
        try {
            String key = key(jar, new java.util.TreeSet<>(packages));
            Object known = READ.get(key);
            if (known == null) {
                known = read(jar, packages, caps);
                READ.put(key, known);
            }
            return (Set<String>) known;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Set<String> read(Path jar, Set<String> packages, Caps caps) {
        Set<String> names = new HashSet<>();
        try (ZipFile zip = zip(jar, caps)) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!entry.getName().endsWith(".class") || entry.getName().endsWith("module-info.class")) {
                    continue;
                }
                byte[] bytes;
                try (InputStream unpacked = zip.getInputStream(entry)) {
                    bytes = unpacked.readNBytes(caps.classBytes() + 1);
                }
                if (bytes.length > caps.classBytes()) {
                    throw new IOException(jar + "!" + entry.getName() + " unpacks to more than " + caps.classBytes() + " bytes");
                }
                try (java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes))) {
                    for (String constant : ComponentCode.utf8Constants(in, entry.getName())) {
                        addNamed(constant, packages, names);
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return names;
    }

    /** The class names in one constant whose package is one of {@code packages}, added as resource names. */
    private static void addNamed(String constant, Set<String> packages, Set<String> names) {
        int start = 0;
        while (true) {
            int l = constant.indexOf('L', start);
            int end = l < 0 ? -1 : constant.indexOf(';', l);
            if (end < 0) {
                break;
            }
            keep(constant.substring(l + 1, end), packages, names);
            start = end + 1;
        }
        keep(constant.replace('.', '/').replaceFirst("^\\[+", ""), packages, names);
    }

    private static void keep(String name, Set<String> packages, Set<String> names) {
        int slash = name.lastIndexOf('/');
        if (packages.contains(slash > 0 ? name.substring(0, slash + 1) : name)) {
            names.add(name + ".class");
        }
    }
}
