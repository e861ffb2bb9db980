package dev.kafkaperfgate.internal.workload.consume;

import org.apache.kafka.common.TopicPartition;

import java.util.Map;
import java.util.TreeMap;

/**
 * Checks that a read sees every offset of every partition's range exactly once, in order. The
 * pre-load is neither transactional nor compacted, so its offsets are contiguous: a repeated
 * offset is a duplicate, a skipped one a lost record.
 *
 * <pre>{@code
 * OffsetLedger ledger = new OffsetLedger(Map.of(p0, 0L), Map.of(p0, 1000L));
 * ledger.accept(p0, 0);  // null: fine
 * ledger.accept(p0, 0);  // "...read twice..."
 * ledger.isComplete();
 * }</pre>
 */
final class OffsetLedger {

    private final Map<TopicPartition, Long> next = new TreeMap<>(OffsetLedger::compare);
    private final Map<TopicPartition, Long> end;
    private long remaining;

    /**
     * @param begin each partition's first offset to read
     * @param end   each partition's end offset (one past the last record)
     */
    OffsetLedger(Map<TopicPartition, Long> begin, Map<TopicPartition, Long> end) {
        if (!begin.keySet().equals(end.keySet())) {
            throw new IllegalArgumentException("begin and end offsets name different partitions: " + begin.keySet() + ", " + end.keySet());
        }
        this.next.putAll(begin);
        this.end = Map.copyOf(end);
        begin.forEach((partition, offset) -> remaining += end.get(partition) - offset);
    }

    /** Records reading {@code offset}; returns what is wrong with it, or {@code null}. */
    String accept(TopicPartition partition, long offset) {
        Long expected = next.get(partition);
        if (expected == null) {
            return "read a record of " + partition + ", which is not part of the topic's range";
        }
        if (offset < expected) {
            return "offset " + offset + " of " + partition + " was read twice";
        }
        if (offset > expected) {
            return "offsets " + expected + " to " + (offset - 1) + " of " + partition + " were skipped";
        }
        if (offset >= end.get(partition)) {
            return "offset " + offset + " of " + partition + " is past the pre-loaded end " + end.get(partition);
        }
        next.put(partition, offset + 1);
        remaining--;
        return null;
    }

    boolean isComplete() {
        return remaining == 0;
    }

    long remaining() {
        return remaining;
    }

    /** Where each unfinished partition stands: {@code topic-0 at 120 of 500}. */
    String position() {
        StringBuilder text = new StringBuilder();
        next.forEach((partition, offset) -> {
            if (offset < end.get(partition)) {
                text.append(text.isEmpty() ? "" : ", ").append(partition).append(" at ").append(offset)
                        .append(" of ").append(end.get(partition));
            }
        });
        return text.toString();
    }

    private static int compare(TopicPartition a, TopicPartition b) {
        int byTopic = a.topic().compareTo(b.topic());
        return byTopic != 0 ? byTopic : Integer.compare(a.partition(), b.partition());
    }
}
