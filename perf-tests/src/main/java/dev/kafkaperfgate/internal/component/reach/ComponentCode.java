package dev.kafkaperfgate.internal.component.reach;

import dev.kafkaperfgate.internal.component.classfile.SetUpCode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a component's cost can depend on, as one digest: the bytes of every class and resource it
 * can reach from its roots, as this JVM's class loader finds them, plus its settings. Two sides
 * with the same digest run the same code on the same input, so measuring them against each other
 * can only measure noise; the stage skips such a component.
 *
 * <p>Every name in a class's constant pool that resolves on the classpath counts (class references,
 * descriptors and signatures, and string constants that name a class or a resource, as
 * {@code Class.forName("com.acme.X")} or {@code getResource("schema.avsc")} do). The JDK's own
 * classes are left out: both sides run on the one JDK. A service's providers count once the service
 * is reached ({@link ClasspathIndex}). This is not an upper bound (issue 81): what a class reaches by
 * a name it computes at run time, or from a file outside the classpath, is not seen here. A
 * component's own digest may therefore miss code, and only decides whether it is measured alone;
 * whether the whole client is measured is {@link ClientReach}'s, which makes such a reach unknown
 * ({@link LookupSites}) and digests a trusted library's whole jar. {@code -Dperf.components=always}
 * measures anyway.
 */
public final class ComponentCode {

    /** {@code La/b/C;} in descriptors and signatures. */
    private static final Pattern DESCRIPTOR = Pattern.compile("L([^;<>\\[\\]()\\s.]+)[;<]");
    /** A whole constant that is a class name, internal ({@code a/b/C}) or dotted ({@code a.b.C}), or a resource path. */
    private static final Pattern NAME = Pattern.compile("[\\w$\\-]+(?:[./][\\w$\\-]+)+", Pattern.UNICODE_CHARACTER_CLASS);

    private final ClasspathIndex classpath;
    private final ClassLoader loader;
    /** Per JVM, each file read and each class's names parsed once, however many components reach them. */
    private final Map<String, byte[]> files = new HashMap<>();
    private final Map<String, Set<String>> leadsTo = new HashMap<>();

    /**
     * @param classpath what the loader's classpath holds: a name it lacks is not looked up, and a
     *                  service's providers are reached when the service is
     * @param loader    the loader whose first find of a name is what the side runs
     */
    public ComponentCode(ClasspathIndex classpath, ClassLoader loader) {
        this(classpath, loader, java.util.Set.of());
    }

    /** @param gateCode the gate's own class folders, which {@link #fromLibrary} trusts as it trusts a jar */
    public ComponentCode(ClasspathIndex classpath, ClassLoader loader, java.util.Set<Path> gateCode) {
        this.classpath = classpath;
        this.loader = loader;
        this.jars = new LibraryJars(loader);
        this.gateCode = java.util.Set.copyOf(gateCode);
    }

    private final java.util.Set<Path> gateCode;
    private final LibraryJars jars;

    /**
     * @param roots    the classes whose code runs in the measured call: the component first, then what makes its input
     * @param settings the component's configuration and the records' definition, as text
     * @return the digest and how many classes and resources it covers
     * @throws IOException the component is not on the classpath, or a class or resource on it cannot be
     *                     read (the caller measures then)
     */
    public Digest digest(List<String> roots, String settings) throws IOException {
        TreeMap<String, byte[]> reached = reach(roots);
        String component = roots.get(0).replace('.', '/') + ".class";
        if (!reached.containsKey(component)) {
            // Nothing to compare is not "the same": the fork then fails on the missing class, and says so.
            throw new IOException(roots.get(0) + " is not on this side's classpath");
        }
        return digest(settings, reached);
    }

    /**
     * A digest of the set-up code ({@link dev.kafkaperfgate.internal.component.classfile.SetUpCode}) of every class {@code roots} reach outside the JDK: two sides
     * with the same digest make, configure and keep their copies alike.
     *
     * @throws IOException a reached class cannot be read as a class file (the caller then counts the set-up as changed)
     */
    public String setUp(List<String> roots) throws IOException {
        TreeMap<String, byte[]> reached = reach(roots);
        TreeMap<String, byte[]> texts = new TreeMap<>();
        Deque<String> calls = new ArrayDeque<>();
        for (var entry : reached.entrySet()) {
            if (entry.getKey().endsWith(".class")) {
                SetUpCode.SetUp setUp = setUpOf(entry.getKey(), entry.getValue());
                texts.put(entry.getKey(), setUp.text().getBytes(StandardCharsets.UTF_8));
                calls.addAll(setUp.external());
            }
        }
        // What set-up calls in other reached classes counts too, and what that calls in turn (the JDK's own excepted).
        Set<String> followed = new HashSet<>();
        while (!calls.isEmpty()) {
            String call = calls.poll();
            int dot = call.lastIndexOf('.', Math.max(0, call.indexOf('(')));
            if (dot <= 0 || !followed.add(call)) {
                continue;
            }
            String owner = call.substring(0, dot) + ".class";
            String method = call.substring(dot + 1);
            byte[] bytes = reached.get(owner);
            SetUpCode.SetUp setUp = bytes == null ? null : setUpOf(owner, bytes);
            String text = setUp == null ? null : setUp.methods().get(method);
            if (text != null) {
                texts.put("call " + call, text.getBytes(StandardCharsets.UTF_8));
                calls.addAll(setUp.outgoing().getOrDefault(method, Set.of()));
            }
        }
        return digest("", texts).sha256();
    }

    private SetUpCode.SetUp setUpOf(String resource, byte[] bytes) throws IOException {
        SetUpCode.SetUp known = setUps.get(resource);
        if (known == null) {
            known = SetUpCode.read(bytes);
            setUps.put(resource, known);
        }
        return known;
    }

    /** What the side's classpath holds, and its services' providers. */
    public ClasspathIndex index() {
        return classpath;
    }

    /**
     * Whether the loader finds {@code resource} in a jar (a library) or in the gate's own classes,
     * not in a folder of the team's build.
     */
    public boolean fromLibrary(String resource) {
        URL url = loader.getResource(resource);
        if (url == null) {
            return false;
        }
        if (url.getProtocol().equals("jar")) {
            return true;
        }
        try {
            Path file = Path.of(url.toURI());
            return url.getProtocol().equals("file") && gateCode.stream().anyMatch(file::startsWith);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return false;
        }
    }

    /** The library jars this loader reads: where a resource is found, a jar's whole digest, what shadows it. */
    public LibraryJars jars() {
        return jars;
    }

    private final Map<String, SetUpCode.SetUp> setUps = new HashMap<>();

    /** Every class and resource reachable from {@code roots}, by resource name, with its bytes as the loader finds it. */
    public TreeMap<String, byte[]> reach(Collection<String> roots) throws IOException {
        TreeMap<String, byte[]> reached = new TreeMap<>();
        // Every name looked up once: java/lang/Object is in every class's pool, and a miss costs a walk of the classpath.
        Set<String> seen = new HashSet<>();
        Deque<String> pending = new ArrayDeque<>();
        roots.stream().map(root -> root.replace('.', '/') + ".class").filter(seen::add).forEach(pending::add);
        while (!pending.isEmpty()) {
            String resource = pending.poll();
            byte[] bytes = classpath.resources().contains(resource) ? bytes(resource) : null;
            if (bytes == null) {
                continue;
            }
            reached.put(resource, bytes);
            if (resource.endsWith(".class")) {
                for (String candidate : next(resource, bytes)) {
                    if (seen.add(candidate)) {
                        pending.add(candidate);
                    }
                }
            }
        }
        return reached;
    }

    /** What class file {@code resource} may lead to: its service's providers, and every candidate of every name in its pool. */
    private Set<String> next(String resource, byte[] bytes) throws IOException {
        Set<String> known = leadsTo.get(resource);
        if (known != null) {
            return known;
        }
        Set<String> out = new TreeSet<>();
        String className = resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
        classpath.services().getOrDefault(className, List.of()).forEach(provider -> out.add(provider.replace('.', '/') + ".class"));
        for (String name : names(bytes, resource)) {
            out.addAll(candidates(name, resource));
        }
        out.retainAll(classpath.resources());   // what the classpath lacks leads nowhere, and need not be kept
        leadsTo.put(resource, out);
        return out;
    }

    private byte[] bytes(String resource) throws IOException {
        if (!files.containsKey(resource)) {
            files.put(resource, read(resource));
        }
        return files.get(resource);
    }

    static Digest digest(String settings, TreeMap<String, byte[]> reached) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        digest.update(settings.getBytes(StandardCharsets.UTF_8));
        for (var entry : reached.entrySet()) {
            digest.update((byte) 0);
            digest.update(entry.getKey().getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(entry.getValue());
        }
        return new Digest(HexFormat.of().formatHex(digest.digest()), reached.size());
    }

    /** @param sha256 over the settings and every reached class and resource, by name and bytes; {@code reached} how many */
    public record Digest(String sha256, int reached) {
    }

    /**
     * The resources a constant of class file {@code from} may name: a class (internal or dotted), or
     * a resource by its absolute path or by a path relative to {@code from}'s package, as
     * {@code Class.getResource} reads it.
     */
    private static Set<String> candidates(String name, String from) {
        Set<String> out = new TreeSet<>();
        String path = name.startsWith("/") ? name.substring(1) : name;
        out.add(path);
        out.add((path.contains("/") ? path : path.replace('.', '/')) + ".class");
        int slash = from.lastIndexOf('/');
        if (!name.startsWith("/") && slash > 0) {
            out.add(from.substring(0, slash + 1) + path);
        }
        return out;
    }

    /** The bytes of {@code resource} as this loader finds it first; {@code null} when absent, a folder, or the JDK's own. */
    private byte[] read(String resource) throws IOException {
        URL url = loader.getResource(resource);
        if (url == null || url.getProtocol().equals("jrt")) {
            return null;
        }
        try {
            if (url.getProtocol().equals("file") && Files.isDirectory(Path.of(url.toURI()))) {
                return null;   // a package's folder: its classes count one by one, as they are reached
            }
            try (InputStream in = url.openStream()) {
                return in.readAllBytes();
            }
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            throw new IOException("cannot read " + resource + " from " + url + ": " + e.getMessage(), e);
        }
    }

    /** Every name a class file's constant pool holds: its Utf8 entries, split into the names they contain. */
    public static Set<String> names(byte[] classFile, String resource) throws IOException {
        Set<String> names = new TreeSet<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            for (String constant : utf8Constants(in, resource)) {
                addNames(constant, names);
            }
        }
        return names;
    }

    /** A class file's Utf8 constants, read from its start; the rest of its constant pool is skipped. */
    public static List<String> utf8Constants(DataInputStream in, String resource) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException(resource + " is not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        List<String> constants = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> constants.add(in.readUTF());
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++;   // a long or a double takes two entries
                }
                case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                default -> throw new IOException(resource + ": unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        return constants;
    }

    private static void addNames(String constant, Set<String> names) {
        Matcher descriptor = DESCRIPTOR.matcher(constant);
        while (descriptor.find()) {
            names.add(descriptor.group(1));
        }
        String trimmed = constant.replaceFirst("^\\[+", "");
        if (NAME.matcher(trimmed.startsWith("/") ? trimmed.substring(1) : trimmed).matches()
                || trimmed.length() <= 512 && !trimmed.isEmpty() && trimmed.chars().noneMatch(Character::isWhitespace)) {
            // Any constant may name a class: one of the default package, or with characters the patterns do not take.
            // What the classpath lacks is dropped at once, so the cost is a lookup per constant.
            names.add(trimmed);
        }
    }
}
