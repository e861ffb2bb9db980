package dev.kafkaperfgate.internal.component.reach;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * SHA-256 over what a classpath holds, by content: in classpath order, each entry's classes and
 * resources by name and bytes, whether it is a jar or a folder. Where entries live does not count,
 * and neither do a jar's own bytes: they carry each entry's build time, so the same sources built
 * twice (the base in its worktree, the head in place) would differ as jars and digest alike here.
 * Maven's build records (the manifest, {@code META-INF/maven/}) are left out for the same reason;
 * nothing a client runs reads them. A file that is not a zip counts by its bytes.
 *
 * <pre>{@code
 * boolean unchanged = ClasspathDigest.of(baseClasspath).equals(ClasspathDigest.of(headClasspath));
 * }</pre>
 */
public final class ClasspathDigest {

    /**
     * The most a classpath's file (a jar, a class) may hold, and a folder's files: a side's build
     * could leave a huge file or a folder of millions on its classpath, which the gate reads as its
     * own user (issue 58 item 6). Beyond them the digest fails, and the side is not judged.
     */
    public static final long MAX_FILE_BYTES = 512L << 20;
    static final int MAX_FOLDER_FILES = 200_000;

    private ClasspathDigest() {
    }

    /** @throws UncheckedIOException when an entry cannot be read */
    public static String of(String classpath) {
        MessageDigest digest = sha256();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry);
            try {
                TreeMap<String, byte[]> contents = Files.isDirectory(path) ? folder(path)
                        : Files.isRegularFile(path) ? jar(path) : null;
                digest.update((byte) '\n');
                if (contents == null) {
                    // A missing entry: the side's build did not make it. Count its name, so that two sides differ.
                    digest.update(entry.getBytes(StandardCharsets.UTF_8));
                    continue;
                }
                contents.forEach((name, bytes) -> {
                    digest.update(name.getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) 0);
                    digest.update(bytes);
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read classpath entry " + entry + ": " + e.getMessage(), e);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /**
     * One jar's digest by content (its entries' names and bytes, build records left out), or
     * {@code null} for anything that is not a readable zip.
     */
    public static String ofJar(Path file) {
        try {
            if (!Files.isRegularFile(file) || !isZip(file)) {
                return null;
            }
            MessageDigest digest = sha256();
            jar(file).forEach((name, bytes) -> {
                digest.update(name.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(bytes);
            });
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            return null;
        }
    }

    /** A build record rather than code or a resource a client reads. */
    static boolean buildRecord(String name) {
        return name.equals("META-INF/MANIFEST.MF") || name.startsWith("META-INF/maven/");
    }

    /**
     * Each file's SHA-256, by its path under {@code root}. A build's output folder holds its own
     * files only: a link in it, or a file of another user than the folder's (a hard link to a file
     * of the gate's user), is refused, for the gate reads it as its own user.
     */
    private static TreeMap<String, byte[]> folder(Path root) throws IOException {
        TreeMap<String, byte[]> contents = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.limit(MAX_FOLDER_FILES + 1L).filter(path -> !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)).toList();
        }
        if (files.size() > MAX_FOLDER_FILES) {
            throw new IOException(root + " holds more than " + MAX_FOLDER_FILES + " files: not a classpath folder the gate reads");
        }
        java.nio.file.attribute.UserPrincipal owner = Files.getOwner(root);
        for (Path file : files) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(file + " is a link or a special file, not a file of a build: a classpath folder holds files only");
            }
            if (!Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).equals(owner)) {
                throw new IOException(file + " belongs to " + Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName() + ", not to "
                        + owner.getName() + ", whose build made " + root);
            }
            requireSize(file);
            String name = root.relativize(file).toString().replace(File.separatorChar, '/');
            if (!buildRecord(name)) {
                contents.put(name, sha256().digest(Files.readAllBytes(file)));
            }
        }
        return contents;
    }

    /** Each entry's SHA-256, by its name in the jar. */
    private static TreeMap<String, byte[]> jar(Path file) throws IOException {
        requireSize(file);
        TreeMap<String, byte[]> contents = new TreeMap<>();
        if (!isZip(file)) {
            contents.put("", sha256().digest(Files.readAllBytes(file)));
            return contents;
        }
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry entry : java.util.Collections.list(zip.entries())) {
                if (!entry.isDirectory() && !buildRecord(entry.getName())) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        contents.put(entry.getName(), streamed(in, file + "!" + entry.getName()));
                    }
                }
            }
        }
        return contents;
    }

    /** The SHA-256 of a jar entry, read in pieces and no further than {@link #MAX_FILE_BYTES}: a zip bomb ends here. */
    private static byte[] streamed(InputStream in, String what) throws IOException {
        MessageDigest digest = sha256();
        byte[] buffer = new byte[1 << 16];
        long total = 0;
        int read;
        while ((read = in.read(buffer)) > 0) {
            total += read;
            if (total > MAX_FILE_BYTES) {
                throw new IOException(what + " unpacks to more than the " + MAX_FILE_BYTES + " bytes a classpath file may have");
            }
            digest.update(buffer, 0, read);
        }
        return digest.digest();
    }

    private static void requireSize(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw new IOException(file + " has " + size + " bytes, more than the " + MAX_FILE_BYTES + " a classpath file may have");
        }
    }

    private static boolean isZip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
