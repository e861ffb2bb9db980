package dev.kafkaperfgate.internal.workload.consume;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class OffsetLedgerTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);

    @Test
    void everyOffsetOnceInOrderCompletesTheLedger() {
        OffsetLedger ledger = new OffsetLedger(Map.of(P0, 0L, P1, 5L), Map.of(P0, 2L, P1, 6L));
        assertEquals(3, ledger.remaining());
        assertNull(ledger.accept(P1, 5));
        assertNull(ledger.accept(P0, 0));
        assertEquals("t-0 at 1 of 2", ledger.position());
        assertFalse(ledger.isComplete());
        assertNull(ledger.accept(P0, 1));
        assertTrue(ledger.isComplete());
    }

    @Test
    void aRepeatedOffsetIsADuplicate() {
        OffsetLedger ledger = new OffsetLedger(Map.of(P0, 0L), Map.of(P0, 3L));
        ledger.accept(P0, 0);
        assertEquals("offset 0 of t-0 was read twice", ledger.accept(P0, 0));
    }

    @Test
    void aSkippedOffsetIsALostRecord() {
        OffsetLedger ledger = new OffsetLedger(Map.of(P0, 0L), Map.of(P0, 9L));
        assertEquals("offsets 0 to 3 of t-0 were skipped", ledger.accept(P0, 4));
    }

    @Test
    void recordsOutsideTheRangeAreRejected() {
        OffsetLedger ledger = new OffsetLedger(Map.of(P0, 0L), Map.of(P0, 1L));
        assertEquals("read a record of t-1, which is not part of the topic's range", ledger.accept(P1, 0));
        ledger.accept(P0, 0);
        assertEquals("offset 1 of t-0 is past the pre-loaded end 1", ledger.accept(P0, 1));
    }
}
