package com.example.orders.perf;

import dev.kafkaperfgate.junit.PerfGateSuite;

/**
 * The orders service's perf gate: the scenarios in perf/, judged against baselines/. Named
 * {@code *Test} so that Surefire runs it without configuration; skipped by a plain
 * {@code mvn test}, it runs with {@code mvn -B verify -Dperf.suite=pr}.
 */
class OrdersPerfTest extends PerfGateSuite {
}
