package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.figures.WarmupSummary;

/**
 * A scenario's clients kept open for paired mode's warm windows: warmed up once, then measured
 * window after window with no new client or topic. A produce scenario's is one producer; an
 * end-to-end scenario's a producer and the reader on its topic; a consume scenario's one consumer
 * going round its pre-loaded topic.
 *
 * @param <F> a window's figures: a trial's ({@code TrialFigures}, {@code ConsumeTrialFigures})
 */
public interface WarmClient<F> extends AutoCloseable {

    /** The scenario's warm-up, never measured. */
    WarmupSummary warmUp();

    /**
     * One measured window of the scenario's trial duration.
     *
     * @param window the window's number (0 for a settle window): it names the window's records
     */
    F measure(int window);

    @Override
    void close();
}
