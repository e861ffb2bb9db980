package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whose failure a component JVM's failure is: a type, not a message prefix. */
class ForkJvmTest {

    @Test
    void aSidesJvmThatFailsNamesThatSideAsTheCulprit(@TempDir Path logs) {
        // A main class that does not exist: the JVM starts, fails, exits 1.
        ComponentStageException head = assertThrows(ComponentStageException.class, () -> new ForkJvm("head", "", List.of(), logs)
                .run("component list", Duration.ofSeconds(60), "no.such.Main", List.of()));
        assertEquals(Optional.of(Side.HEAD), head.culprit(), head.getMessage());
        assertTrue(head.getMessage().startsWith("the head's component list failed (exit 1)"), head.getMessage());

        ComponentStageException base = assertThrows(ComponentStageException.class, () -> new ForkJvm("base", "", List.of(), logs)
                .run("component list", Duration.ofSeconds(60), "no.such.Main", List.of()));
        assertEquals(Optional.of(Side.BASE), base.culprit());

        ComponentStageException duel = assertThrows(ComponentStageException.class, () -> new ForkJvm("duel", "", List.of(), logs)
                .run("duel", Duration.ofSeconds(60), "no.such.Main", List.of()));
        assertEquals(Optional.empty(), duel.culprit(), "the duel holds both sides: no one side is to blame");
    }
}
