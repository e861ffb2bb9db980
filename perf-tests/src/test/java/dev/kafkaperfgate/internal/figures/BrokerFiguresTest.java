package dev.kafkaperfgate.internal.figures;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BrokerFiguresTest {

    @Test
    void theBrokersCpuIsPerRecordItReceivedAndItsProduceTimeTheMean() {
        Map<Metric, Double> figures = BrokerFigures.of(Map.of("messages-in", 20_000.0, "process-cpu-ms", 150.0,
                "produce-TotalTimeMs-mean", 0.8, "brokers-not-read", 0.0));
        assertEquals(7_500.0, figures.get(Metric.BROKER_CPU_PER_RECORD), 1e-9, "150 ms over 20,000 records");
        assertEquals(0.8, figures.get(Metric.BROKER_PRODUCE_TIME), 1e-9);
    }

    @Test
    void aTrialTheBrokerCannotStandForWholeHasNoFigure() {
        // A node not read at both ends: the sum would be short by that node's share, so nothing is given.
        assertEquals(Map.of(), BrokerFigures.of(Map.of("messages-in", 20_000.0, "process-cpu-ms", 150.0,
                "produce-TotalTimeMs-mean", 0.8, "brokers-not-read", 1.0)));
        // No records in (a consumer's trial), no produce request, no JMX at all.
        assertEquals(Map.of(), BrokerFigures.of(Map.of("messages-in", 0.0, "process-cpu-ms", 150.0)));
        assertEquals(Map.of(), BrokerFigures.of(Map.of()));
    }
}
