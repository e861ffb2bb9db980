package dev.kafkaperfgate;

import dev.kafkaperfgate.junit.PerfGateSuite;

/**
 * This repository's perf suite: every scenario file under perf-tests/scenarios, selected by
 * {@code -Dperf.suite=pr|nightly|all} and {@code -Dperf.scenarios=<name patterns>}, as an adopter's
 * suite is (the library's {@link PerfGateSuite}). Run with {@code scripts/gate.sh} or
 * {@code mvn verify -Pgate -Dperf.suite=pr}.
 */
class ScenarioPerfSuite extends PerfGateSuite {
}
