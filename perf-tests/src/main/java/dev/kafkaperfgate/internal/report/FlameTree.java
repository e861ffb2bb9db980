package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A differential flame graph's data: base's and head's collapsed stacks merged into one tree, each
 * frame with its share of each side's samples. The page draws it as an icicle, widths by the head's
 * share and colour by the change (base → head). Frames under {@link #MIN_SHARE} of both sides are
 * left out, so a page holds a few hundred boxes, not every stack.
 */
final class FlameTree {

    /** A frame's smallest share, of either side, to be drawn. */
    static final double MIN_SHARE = 0.002;
    /** A collapsed file's largest size read. */
    static final long MAX_BYTES = 32L << 20;
    private static final int MAX_DEPTH = 128;

    private final String name;
    private final Map<String, FlameTree> children = new LinkedHashMap<>();
    private long base;
    private long head;

    private FlameTree(String name) {
        this.name = name;
    }

    /**
     * The tree of the two collapsed files, or {@code null} when either is missing, too large or not
     * a regular file (the gate wrote both in its own folder; anything else is not drawn).
     */
    static ObjectNode of(Path baseFile, Path headFile) throws IOException {
        if (!readable(baseFile) || !readable(headFile)) {
            return null;
        }
        FlameTree root = new FlameTree("all");
        long baseTotal = root.add(Files.readAllLines(baseFile, StandardCharsets.UTF_8), true);
        long headTotal = root.add(Files.readAllLines(headFile, StandardCharsets.UTF_8), false);
        if (baseTotal == 0 || headTotal == 0) {
            return null;
        }
        return root.toJson(baseTotal, headTotal);
    }

    private static boolean readable(Path file) throws IOException {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) <= MAX_BYTES;
    }

    /** Adds {@code root;a;b count} lines to one side; returns the side's samples. */
    private long add(List<String> lines, boolean isBase) {
        long total = 0;
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long count;
            try {
                count = Long.parseLong(line.substring(space + 1));
            } catch (NumberFormatException e) {
                continue;
            }
            total += count;
            FlameTree node = this;
            node.count(isBase, count);
            String[] frames = line.substring(0, space).split(";", MAX_DEPTH + 1);
            for (int depth = 0; depth < Math.min(frames.length, MAX_DEPTH); depth++) {
                node = node.children.computeIfAbsent(frames[depth], FlameTree::new);
                node.count(isBase, count);
            }
        }
        return total;
    }

    private void count(boolean isBase, long count) {
        if (isBase) {
            base += count;
        } else {
            head += count;
        }
    }

    /** {@code {n, b, h, c}}: the name, the base's and head's shares (0..1), the children drawn. */
    private ObjectNode toJson(long baseTotal, long headTotal) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("n", name)
                .put("b", round(base / (double) baseTotal)).put("h", round(head / (double) headTotal));
        ArrayNode drawn = JsonNodeFactory.instance.arrayNode();
        for (FlameTree child : children.values()) {
            if (child.base / (double) baseTotal >= MIN_SHARE || child.head / (double) headTotal >= MIN_SHARE) {
                drawn.add(child.toJson(baseTotal, headTotal));
            }
        }
        if (!drawn.isEmpty()) {
            node.set("c", drawn);
        }
        return node;
    }

    private static double round(double share) {
        return Math.round(share * 10000) / 10000.0;
    }
}
