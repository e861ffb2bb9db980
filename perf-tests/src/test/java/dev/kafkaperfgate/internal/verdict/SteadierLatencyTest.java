package dev.kafkaperfgate.internal.verdict;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class SteadierLatencyTest {

    private static final int BLOCKS = 24;

    /**
     * Simulated windows of one run: per window a common load term both latencies share, the
     * response time's own stalls (heavy-tailed: one window in eight stalls 3-20x) and the service
     * time's small noise (or, {@code alike}, stalls of its own as the response time has: then
     * either can be the steadier); the head's service and response times are {@code serviceRatio}
     * and {@code responseRatio} times the base's.
     */
    private static List<List<PairedT.Block>> run(Random random, double serviceRatio, double responseRatio) {
        return run(random, serviceRatio, responseRatio, false);
    }

    private static List<List<PairedT.Block>> run(Random random, double serviceRatio, double responseRatio, boolean alike) {
        List<PairedT.Block> response = new ArrayList<>();
        List<PairedT.Block> service = new ArrayList<>();
        for (int block = 0; block < BLOCKS; block++) {
            double[] r = new double[4];
            double[] s = new double[4];
            for (int window = 0; window < 4; window++) {
                boolean head = window == 1 || window == 2;
                double load = Math.exp(0.05 * random.nextGaussian());
                double stall = random.nextInt(8) == 0 ? 3 + 17 * random.nextDouble() : Math.exp(0.3 * random.nextGaussian());
                double own = alike ? (random.nextInt(8) == 0 ? 3 + 17 * random.nextDouble() : Math.exp(0.3 * random.nextGaussian()))
                        : Math.exp(0.08 * random.nextGaussian());
                s[window] = 2000 * load * own * (head ? serviceRatio : 1);
                r[window] = 2500 * load * stall * (head ? responseRatio : 1);
            }
            response.add(new PairedT.Block(r[0], r[3], r[1], r[2]));
            service.add(new PairedT.Block(s[0], s[3], s[1], s[2]));
        }
        return List.of(response, service);
    }

    @Test
    void theSteadierServiceTimeIsTakenAndSaysSo() {
        List<List<PairedT.Block>> run = run(new Random(1), 1, 1);
        SteadierLatency.Choice choice = SteadierLatency.choose(run.get(0), run.get(1));
        assertTrue(choice.service());
        assertSame(run.get(1), choice.blocks());
        assertTrue(choice.note().startsWith("judged on the service time: steadier window to window than the response time ("), choice.note());
    }

    @Test
    void theResponseTimeStaysWhenItIsTheSteadierOrTheServiceTimeIsMissing() {
        List<List<PairedT.Block>> run = run(new Random(2), 1, 1);
        SteadierLatency.Choice swapped = SteadierLatency.choose(run.get(1), run.get(0));
        assertFalse(swapped.service());
        assertSame(run.get(1), swapped.blocks());
        assertEquals("", swapped.note());
        assertFalse(SteadierLatency.choose(run.get(0), null).service(), "a trial reply without the service time's p99");
        assertFalse(SteadierLatency.choose(run.get(0), run.get(1).subList(0, 3)).service(), "blocks that do not pair up");
    }

    @Test
    void aChangeOfTheHeadDoesNotMoveTheChoice() {
        // The within-side spread ignores a shift of one side: the same windows with the head's service time 1.5x are as steady.
        List<List<PairedT.Block>> same = run(new Random(3), 1, 1);
        List<List<PairedT.Block>> slower = run(new Random(3), 1.5, 1);
        assertEquals(SteadierLatency.spread(same.get(1)), SteadierLatency.spread(slower.get(1)), 1e-12);
    }

    @Test
    void aDriftTheBlocksCancelDoesNotCountAsNoise() {
        // Windows rising 10% each, one after the other, in an ABBA and a BAAB block: d cancels that drift, and so does the spread.
        List<PairedT.Block> steady = List.of(new PairedT.Block(1000, 1000, 1000, 1000, true),
                new PairedT.Block(1000, 1000, 1000, 1000, false));
        List<PairedT.Block> drifting = List.of(new PairedT.Block(1000, 1000 * Math.pow(1.1, 3), 1000 * 1.1, 1000 * Math.pow(1.1, 2), true),
                new PairedT.Block(1000 * 1.1, 1000 * Math.pow(1.1, 2), 1000, 1000 * Math.pow(1.1, 3), false));
        assertEquals(0, SteadierLatency.spread(steady), 1e-12);
        assertEquals(0, SteadierLatency.spread(drifting), 1e-12);
        // One window five times the rest is noise, whichever side ran it.
        assertTrue(SteadierLatency.spread(List.of(new PairedT.Block(5000, 1000, 1000, 1000, false))) > 0.5);
    }

    @Test
    void takingTheSteadierLatencyKeepsTheSignedRankTestsAlpha() {
        // 4,000 simulated A/A runs in which either latency can be the steadier: the p99 judged on whichever is
        // flags no more often than α allows (a choice that looked at the signs would raise it).
        double alpha = 0.05;
        Random random = new Random(4);
        int runs = 4000;
        int flagged = 0;
        int tookService = 0;
        for (int i = 0; i < runs; i++) {
            List<List<PairedT.Block>> run = run(random, 1, 1, true);
            SteadierLatency.Choice choice = SteadierLatency.choose(run.get(0), run.get(1));
            tookService += choice.service() ? 1 : 0;
            if (SignedRank.compare(choice.blocks(), alpha, 0.8).low() > 1) {
                flagged++;
            }
        }
        double bound = alpha + 3 * Math.sqrt(alpha * (1 - alpha) / runs);
        assertTrue(flagged / (double) runs <= bound, flagged + " of " + runs + " A/A runs flagged, bound " + bound);
        assertTrue(tookService > runs * 0.3 && tookService < runs * 0.7, "either is the steadier: service taken in " + tookService + " of " + runs);
    }

    @Test
    void theSteadierLatencyFindsARiseTheStalledOneHides() {
        // +25% on both latencies: judged on the response time alone the stalls hide it; the steadier service time shows it.
        Random random = new Random(5);
        int runs = 200;
        int byResponse = 0;
        int bySteadier = 0;
        for (int i = 0; i < runs; i++) {
            List<List<PairedT.Block>> run = run(random, 1.25, 1.25);
            byResponse += SignedRank.compare(run.get(0), 0.0295, 0.8).low() > 1 ? 1 : 0;
            bySteadier += SignedRank.compare(SteadierLatency.choose(run.get(0), run.get(1)).blocks(), 0.0295, 0.8).low() > 1 ? 1 : 0;
        }
        assertTrue(bySteadier >= runs * 0.95, "detected in " + bySteadier + " of " + runs);
        assertTrue(bySteadier > byResponse, bySteadier + " against the response time's " + byResponse);
    }
}
