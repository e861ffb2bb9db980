package dev.kafkaperfgate.internal.component.reach;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * SHA-256 over the contents of a classpath, in order: each jar's bytes, each folder's files (by
 * relative path and bytes). Where entries live does not count, so a base built in a worktree and
 * a head built in place digest alike when nothing in them differs.
 */
public final class ClasspathDigest {

    private ClasspathDigest() {
    }

    public static String of(String classpath) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry);
            try {
                if (Files.isDirectory(path)) {
                    List<Path> files;
                    try (Stream<Path> walk = Files.walk(path)) {
                        files = walk.filter(Files::isRegularFile).sorted().toList();
                    }
                    for (Path file : files) {
                        digest.update(path.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                        update(digest, file);
                    }
                } else if (Files.isRegularFile(path)) {
                    update(digest, path);
                } else {
                    // A missing entry: the side's build did not make it. Count its name, so that two sides differ.
                    digest.update(entry.getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read classpath entry " + entry + ": " + e.getMessage(), e);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void update(MessageDigest digest, Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
        }
    }
}
