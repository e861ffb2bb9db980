package dev.kafkaperfgate.internal.figures;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How a run's figures are written: rounded, and never rounded to a zero no baseline may hold. */
class RunFiguresTest {

    @Test
    void figuresKeepOneDecimalAndSmallOnesThreeSignificantDigits() {
        assertEquals(12.3, RunFigures.round(12.345));
        assertEquals(1.0, RunFigures.round(1.04));
        // A fast broker's produce time: one decimal made it 0, and the baseline of the run was refused.
        assertEquals(0.0312, RunFigures.round(0.031249));
        assertEquals(0.5, RunFigures.round(0.5));
        assertEquals(0.0, RunFigures.round(0.0));
    }
}
