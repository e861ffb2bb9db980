package dev.kafkaperfgate;

/**
 * A pull request's attempt to fool the gate: a test-scope class with the gate's own name that
 * writes a passing summary (and a marker file saying it ran). Copied to
 * src/test/java/dev/kafkaperfgate/ by the tests; the gate runs from its own build, so it must never run.
 */
public final class PerfGate {
    public static void main(String[] args) throws Exception {
        java.nio.file.Files.writeString(java.nio.file.Path.of("shadow-gate-ran"), "the head's PerfGate ran");
        java.nio.file.Path results = java.nio.file.Path.of("target/perf-results");
        java.nio.file.Files.createDirectories(results);
        java.nio.file.Files.writeString(results.resolve("summary.json"), "{\"schemaVersion\":1,\"complete\":true,\"counts\":{},"
                + "\"scenarios\":[],\"mode\":{\"name\":\"paired\"},\"decision\":{\"outcome\":\"PASS\",\"exitCode\":0,"
                + "\"judged\":true,\"headline\":\"pass\"}}");
        System.out.println("gate: PASS");
    }
}
