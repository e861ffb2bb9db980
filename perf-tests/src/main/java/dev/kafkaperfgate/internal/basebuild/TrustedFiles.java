package dev.kafkaperfgate.internal.basebuild;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The SHA-256 of every file the base and the gate run on: each entry of their classpaths (a
 * folder: every file in it), taken before the head's build runs. The head's build and its code
 * run as a user of their own and should reach none of these files; this is the check that they
 * did not (in the base's worktree, in the local Maven repository), made again after the head's
 * build and after the run. A file that changed makes the run NOT JUDGED.
 */
final class TrustedFiles {

    /** What a classpath entry that does not exist hashes to: its absence is part of the fingerprint. */
    private static final String MISSING = "missing";

    private final List<String> classpaths;
    private final Map<Path, String> digests;

    private TrustedFiles(List<String> classpaths, Map<Path, String> digests) {
        this.classpaths = List.copyOf(classpaths);
        this.digests = digests;
    }

    /** The digests of every entry of {@code classpaths} (each a {@code :}-separated list of jars and class folders). */
    static TrustedFiles of(List<String> classpaths) {
        Map<Path, String> digests = new LinkedHashMap<>();
        for (String classpath : classpaths) {
            for (String entry : classpath.split(":")) {
                if (!entry.isBlank()) {
                    add(Path.of(entry.trim()), digests);
                }
            }
        }
        return new TrustedFiles(classpaths, digests);
    }

    /** The same classpaths hashed again, now: a folder that gained a file shows it. */
    TrustedFiles again() {
        return of(classpaths);
    }

    /** The first file whose content, presence or absence differs between these digests and {@code later}'s. */
    Optional<Path> firstChangeIn(TrustedFiles later) {
        for (Map.Entry<Path, String> entry : digests.entrySet()) {
            if (!entry.getValue().equals(later.digests.get(entry.getKey()))) {
                return Optional.of(entry.getKey());
            }
        }
        return later.digests.keySet().stream().filter(file -> !digests.containsKey(file)).findFirst();
    }

    /** How many files these digests cover. */
    int size() {
        return digests.size();
    }

    private static void add(Path entry, Map<Path, String> digests) {
        if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> files = Files.walk(entry)) {
                files.filter(file -> !Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)).sorted()
                        .forEach(file -> digests.put(file, digest(file)));
            } catch (IOException | UncheckedIOException e) {
                digests.put(entry, "unreadable");
            }
        } else if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
            digests.put(entry, digest(entry));
        } else {
            digests.put(entry, MISSING);
        }
    }

    /**
     * A file's digest; a link's is where it points, never what it leads to, and a FIFO, socket or
     * device is named, never opened: a side could change what a link leads to, or hang the read.
     */
    private static String digest(Path file) {
        try {
            if (Files.isSymbolicLink(file)) {
                return "link " + Files.readSymbolicLink(file);
            }
        } catch (IOException e) {
            return "unreadable";
        }
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? sha256(file) : "special";
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            return "unreadable";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
