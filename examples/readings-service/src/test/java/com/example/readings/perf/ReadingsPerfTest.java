package com.example.readings.perf;

import dev.kafkaperfgate.junit.PerfGateSuite;

/** The readings service's perf gate: the scenarios in perf/, run with {@code mvn -B verify -Dperf.suite=pr}. */
class ReadingsPerfTest extends PerfGateSuite {
}
