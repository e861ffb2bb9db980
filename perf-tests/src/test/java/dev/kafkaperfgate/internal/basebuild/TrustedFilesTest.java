package dev.kafkaperfgate.internal.basebuild;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The fingerprint of the files the base and the gate run on: every kind of change shows, nothing else does. */
@Tag("unit")
class TrustedFilesTest {

    @Test
    void aChangedJarAnAddedClassAndAnEntryThatAppearedAreEachNamed(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("gate.jar"), "gate");
        Path classes = Files.createDirectories(dir.resolve("classes/com/acme"));
        Files.writeString(classes.resolve("Order.class"), "order");
        Path later = dir.resolve("later.jar");
        TrustedFiles before = TrustedFiles.of(List.of(jar + ":" + dir.resolve("classes"), later.toString()));
        assertEquals(3, before.size());
        assertEquals(Optional.empty(), before.firstChangeIn(before.again()), "nothing changed");

        Files.writeString(jar, "gate, rewritten");
        assertEquals(Optional.of(jar), before.firstChangeIn(before.again()));
        Files.writeString(jar, "gate");

        Path planted = Files.writeString(classes.resolve("Planted.class"), "planted");
        assertEquals(Optional.of(planted), before.firstChangeIn(before.again()), "a folder that gained a class");
        Files.delete(planted);

        Files.writeString(later, "appeared");
        assertEquals(Optional.of(later), before.firstChangeIn(before.again()), "a missing entry is part of the fingerprint");
        Files.delete(later);

        Files.delete(classes.resolve("Order.class"));
        assertEquals(Optional.of(classes.resolve("Order.class")), before.firstChangeIn(before.again()), "a class that went away");
    }
}
