package dev.kafkaperfgate.internal.environment;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the gate's own user writes its files and reads the files a side wrote, where a pull request
 * may have placed a link, a FIFO or a huge file first (issue 58: a committed link at
 * {@code target/perf-results/components} made the gate write its logs into a folder outside the
 * checkout, and a link to a file would have let the head's output overwrite a script the next
 * step runs).
 * <ul>
 *   <li>A folder the gate writes into is refused when any part of its path is a link: its real path
 *       must be its own path.</li>
 *   <li>A file the gate writes is new: a link or file already there is removed (the link itself,
 *       never what it points to) and the file is created with {@code CREATE_NEW}, which follows no
 *       link.</li>
 *   <li>A file a side wrote is read only when it is a regular file (not a link, not a FIFO, which
 *       would block the read), owned by that side's user, and no larger than a cap, so the read
 *       ends.</li>
 * </ul>
 */
public final class GateFiles {

    private GateFiles() {
    }

    /** A path the gate must not follow or read: a link, a FIFO, another user's file, a file too large. */
    public static final class UnsafePathException extends IOException {
        UnsafePathException(String message) {
            super(message);
        }
    }

    /**
     * Creates {@code dir} (and its parents) and returns it, refusing a path any part of which is a
     * link, below the working directory, the temp folder or the home when it lies under one of them.
     * Each part is checked before the next is created below it, so a refused path leaves nothing
     * behind where its link pointed.
     *
     * @throws UnsafePathException when a part of its path is a symbolic link or not a folder
     */
    public static Path folder(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath().normalize();
        // Where the working directory, the temp folder or the home lives is the machine's, not the checkout's: a link
        // above one of them (macOS's /var, a home on another disk) is theirs; below it, every part must be a folder.
        Path current = absolute.getRoot();
        for (Path anchor : new Path[] {Path.of(""), ThisJvm.tmpDir(), ThisJvm.userHome()}) {
            Path base = anchor.toAbsolutePath().normalize();
            if (absolute.startsWith(base) && Files.isDirectory(base)) {
                current = base;
                break;
            }
        }
        for (Path part : current.relativize(absolute)) {
            if (part.toString().isEmpty()) {
                continue;
            }
            current = current.resolve(part);
            if (!Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(current);
                } catch (FileAlreadyExistsException raced) {
                    // made meanwhile: judged below like any part that was there
                }
            }
            if (Files.isSymbolicLink(current)) {
                throw new UnsafePathException(absolute + " leads elsewhere: " + current + " is a link, which the gate does not write through");
            }
            if (!Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                throw new UnsafePathException(absolute + ": " + current + " is not a folder");
            }
        }
        return absolute;
    }

    /**
     * Copies the regular files and folders of {@code from}, a folder only the gate wrote, into
     * {@code to}, which is created here and must not exist (a link there counts as existing). Every
     * file is created new; anything else in {@code from} (a link) is left out and named.
     *
     * @return what was left out, relative to {@code from}
     */
    public static List<String> copyTree(Path from, Path to) throws IOException {
        folder(to.toAbsolutePath().getParent());
        Files.createDirectory(to);
        List<String> leftOut = new ArrayList<>();
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                if (!dir.equals(from)) {
                    Files.createDirectory(to.resolve(from.relativize(dir).toString()));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile()) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), LinkOption.NOFOLLOW_LINKS);
                } else {
                    leftOut.add(from.relativize(file).toString());
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return leftOut;
    }

    /** Deletes {@code dir} and what it holds, following no link: a link is removed, never what it points to. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path folder, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(folder);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * A new file for writing in a folder {@link #folder} accepted: whatever was at {@code file} (a
     * link, an old log) is removed first, and the file is created without following links.
     */
    public static OutputStream newFile(Path file) throws IOException {
        Path parent = folder(file.toAbsolutePath().getParent());
        Path target = parent.resolve(file.getFileName());
        Files.deleteIfExists(target);
        try {
            return Channels.newOutputStream(Files.newByteChannel(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS));
        } catch (FileAlreadyExistsException e) {
            throw new UnsafePathException(target + " appeared while the gate created it: another process writes in the gate's folder");
        }
    }

    /** How long reading a side's file may take: a few MiB take milliseconds; a FIFO never ends. */
    public static final java.time.Duration SIDE_READ_TIMEOUT = java.time.Duration.ofSeconds(30);

    /**
     * The bytes of a file a side wrote or named while its processes may still run, at most
     * {@code maxBytes}: read by a process of the side's own user ({@link SideUsers.Launch#readAsSide}),
     * so that nothing that user could not read is read (a folder on the path swapped for a link to
     * the runner's files) and the read ends in its time (a FIFO swapped in after any check). The
     * file must lie in {@code under}, the side's own folder. The checks of {@link #readFromSide}
     * come first, for a clear message; they guard nothing by themselves (issue 74).
     *
     * @throws UnsafePathException naming {@code whose} when a check or the read fails
     */
    public static byte[] readAsSide(SideUsers.Launch side, Path file, Path under, long maxBytes, String whose) throws IOException {
        return readAsSide(side, file, under, maxBytes, whose, SIDE_READ_TIMEOUT);
    }

    static byte[] readAsSide(SideUsers.Launch side, Path file, Path under, long maxBytes, String whose, java.time.Duration timeout)
            throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Path folder = under.toAbsolutePath().normalize();
        if (absolute.equals(folder) || !absolute.startsWith(folder)) {
            throw new UnsafePathException(whose + " " + SideOutput.neutral(file.toString()) + " is not in " + folder
                    + ", the side's own folder: not read");
        }
        readFromSide(absolute, Optional.of(side.userName()), maxBytes, whose, false);
        byte[] bytes;
        try {
            bytes = side.readAsSide(absolute, Math.toIntExact(maxBytes + 1), timeout);
        } catch (UnsafePathException e) {
            throw e;
        } catch (IOException e) {
            throw new UnsafePathException(whose + " " + e.getMessage() + ": not read");
        }
        if (bytes.length > maxBytes) {
            throw new UnsafePathException(whose + " " + SideOutput.neutral(file.toString()) + " has more than the " + maxBytes
                    + " bytes it may have: not read");
        }
        return bytes;
    }

    /**
     * The bytes of a file a side wrote, read only when it is a regular file (no link, no FIFO), owned
     * by {@code owner} (when given), and at most {@code maxBytes} long.
     *
     * @param whose the side, for the message: "the head's duel answer"
     * @throws UnsafePathException naming {@code whose} when a check fails
     */
    public static byte[] readFromSide(Path file, Optional<String> owner, long maxBytes, String whose) throws IOException {
        return readFromSide(file, owner, maxBytes, whose, true);
    }

    /** The checks, and the read when {@code read}: only for a side whose processes have all ended (a build's, a run's). */
    private static byte[] readFromSide(Path file, Optional<String> owner, long maxBytes, String whose, boolean read) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            throw new UnsafePathException(whose + " " + file + " is not a regular file (" + (attributes.isSymbolicLink() ? "a link"
                    : attributes.isOther() ? "a FIFO or device" : "a folder") + "): not read");
        }
        if (owner.isPresent()) {
            UserPrincipal actual = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS).owner();
            if (!actual.getName().equals(owner.get())) {
                throw new UnsafePathException(whose + " " + file + " belongs to " + actual.getName() + ", not " + owner.get() + ": not read");
            }
        }
        if (attributes.size() > maxBytes) {
            throw new UnsafePathException(whose + " " + file + " has " + attributes.size() + " bytes, more than the " + maxBytes
                    + " it may have: not read");
        }
        if (!read) {
            return new byte[0];
        }
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
            byte[] bytes = in.readNBytes((int) maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new UnsafePathException(whose + " " + file + " grew past " + maxBytes + " bytes while it was read: not read");
            }
            return bytes;
        }
    }
}
