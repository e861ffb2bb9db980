package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.internal.basebuild.PairedRefusedException;
import dev.kafkaperfgate.internal.environment.GateFiles;
import dev.kafkaperfgate.internal.environment.ThisJvm;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a run writes its results, logs and the report's inputs: a folder made fresh for the run
 * in the gate user's temp folder, which only that user can enter, outside any checkout (issue 58).
 * A pull request can commit {@code target/perf-results} as a link or fill it; the run never writes
 * or reads there. At the end the folder is published to the one the user asked for: a folder
 * created then, into which each file is copied new, following no link. What was there before is
 * kept beside it as {@code <name>.previous} (the one before that is deleted, its links unfollowed).
 */
final class ResultsFolder {

    private final Path destination;
    private final Path work;

    private ResultsFolder(Path destination, Path work) {
        this.destination = destination;
        this.work = work;
    }

    /**
     * Checks the destination's path and makes the run's own folder.
     *
     * @throws PairedRefusedException when a part of the destination's path is a link, or the destination is not a folder
     */
    static ResultsFolder open(Path destination) {
        Path absolute = destination.toAbsolutePath().normalize();
        try {
            GateFiles.folder(absolute.getParent());
            if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) {
                throw new PairedRefusedException("the results folder " + absolute + " is a link or a file, not a folder: the gate "
                        + "does not write through it");
            }
            Path work = Files.createTempDirectory(ThisJvm.tmpDir(), "kpg-results-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return new ResultsFolder(absolute, work);
        } catch (GateFiles.UnsafePathException e) {
            throw new PairedRefusedException("the results folder " + absolute + " is not the gate's: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the results folder " + absolute + ": " + e.getMessage(), e);
        }
    }

    /** The run's own folder, where every part of the gate writes. */
    Path work() {
        return work;
    }

    /** Where the results end up. */
    Path destination() {
        return destination;
    }

    /** Publishes the run's folder when it holds anything, and removes it otherwise. */
    Optional<Path> publishIfAny(PrintStream console) {
        try (Stream<Path> entries = Files.list(work)) {
            if (entries.findAny().isEmpty()) {
                GateFiles.deleteTree(work);
                return Optional.empty();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run's folder " + work + ": " + e.getMessage(), e);
        }
        return Optional.of(publish(console));
    }

    /**
     * Copies the run's folder to the destination and removes it.
     *
     * @throws PairedRefusedException when the destination's path was made unsafe during the run; the run's folder is kept and named
     */
    Path publish(PrintStream console) {
        try {
            Path previous = destination.resolveSibling(destination.getFileName() + ".previous");
            GateFiles.folder(destination.getParent());
            if (Files.isDirectory(destination, LinkOption.NOFOLLOW_LINKS)) {
                GateFiles.deleteTree(previous);
                Files.move(destination, previous, LinkOption.NOFOLLOW_LINKS);
            } else if (Files.exists(destination, LinkOption.NOFOLLOW_LINKS)) {
                throw new PairedRefusedException("the results stay in " + work + ": " + destination
                        + " became a link or a file during the run");
            }
            List<String> leftOut = GateFiles.copyTree(work, destination);
            if (!leftOut.isEmpty()) {
                console.println("[kafka-perf-gate] not copied to the results, being neither files nor folders: " + leftOut);
            }
            GateFiles.deleteTree(work);
            return destination;
        } catch (GateFiles.UnsafePathException e) {
            throw new PairedRefusedException("the results stay in " + work + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("the results stay in " + work + ", not copied to " + destination + ": " + e.getMessage(), e);
        }
    }
}
