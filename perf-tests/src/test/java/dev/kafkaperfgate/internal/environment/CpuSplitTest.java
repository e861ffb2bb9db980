package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuSplitTest {

    @Test
    void readsTheKernelsListForm() {
        assertEquals(List.of(0, 1, 2, 3, 8), CpuSplit.parseList("0-3,8"));
        assertEquals(List.of(1), CpuSplit.parseList("1"));
    }

    @Test
    void splitsInHalvesAndNeedsTwoCpus() {
        CpuSplit split = CpuSplit.halvesOf(List.of(0, 1, 2, 3, 8)).orElseThrow();
        assertEquals("0,1", split.broker().cpus());
        assertEquals("2,3,8", split.clients().cpus());
        assertFalse(CpuSplit.halvesOf(List.of(4)).isPresent());
    }

    @Test
    void thisProcessMayRunSomewhere() {
        // Linux only: the suite runs on Linux, and the list must agree with what the JVM sees.
        List<Integer> cpus = CpuSplit.allowedCpus();
        assertTrue(cpus.size() >= Runtime.getRuntime().availableProcessors(), cpus.toString());
    }
}
