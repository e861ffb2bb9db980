package dev.kafkaperfgate.internal.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of a paired run's trials: blocks of four, ABBA then BAAB, alternating. Inside a
 * block a linear drift cancels; across blocks each side goes first equally often, so neither
 * gains from following the other (a warmer page cache, a just-finished GC).
 *
 * <pre>{@code
 * TrialOrder.of(2);   // [BASE, HEAD, HEAD, BASE, HEAD, BASE, BASE, HEAD]: "ABBABAAB"
 * }</pre>
 */
public final class TrialOrder {

    private TrialOrder() {
    }

    /** @param blocks 1 or more */
    public static List<Side> of(int blocks) {
        if (blocks < 1) {
            throw new IllegalArgumentException("a paired run needs at least one block, got " + blocks);
        }
        List<Side> order = new ArrayList<>();
        for (int block = 0; block < blocks; block++) {
            Side first = block % 2 == 0 ? Side.BASE : Side.HEAD;
            Side second = first == Side.BASE ? Side.HEAD : Side.BASE;
            order.addAll(List.of(first, second, second, first));
        }
        return order;
    }

    /** "ABBABAAB". */
    public static String text(List<Side> order) {
        StringBuilder text = new StringBuilder();
        order.forEach(side -> text.append(side.letter()));
        return text.toString();
    }
}
