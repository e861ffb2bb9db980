package dev.kafkaperfgate.internal.component;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a JMH result gives the judge, and when two builds count as the same. */
class ComponentFiguresTest {

    private static final String RESULT = """
            [{"benchmark": "dev.kafkaperfgate.internal.component.ComponentBenchmark.measure", "mode": "avgt",
              "primaryMetric": {"score": 518.79, "scoreUnit": "ns/op"},
              "secondaryMetrics": {"gc.alloc.rate": {"score": 1728.2}, "gc.alloc.rate.norm": {"score": %s, "scoreUnit": "B/op"}}}]
            """;

    private final SideJvm head = new SideJvm(Side.HEAD, "", Path.of("target"));
    private final ComponentRef serializer = new ComponentRef("value.serializer", "com.acme.OrderSerializer");

    @Test
    void aForkGivesNanosecondsAndBytesPerCall() throws Exception {
        Map<Metric, Double> figures = ComponentTrial.figures(new ObjectMapper().readTree(RESULT.formatted("942.47")), head, serializer);
        assertEquals(518.79, figures.get(Metric.COMPONENT_NS_PER_OP), 1e-9);
        assertEquals(942.47, figures.get(Metric.COMPONENT_BYTES_PER_OP), 1e-9);
    }

    /** An allocation-free call measures a few thousandths of a byte, and that residue is no ratio to judge. */
    @Test
    void allocationBelowOneBytePerCallCountsAsOne() throws Exception {
        Map<Metric, Double> figures = ComponentTrial.figures(new ObjectMapper().readTree(RESULT.formatted("0.004")), head, serializer);
        assertEquals(1.0, figures.get(Metric.COMPONENT_BYTES_PER_OP), 1e-9);
    }

    @Test
    void aRunWithoutTheGcProfilersFigureIsAnErrorNamingTheSide() throws Exception {
        String withoutAllocation = RESULT.formatted("0").replace("gc.alloc.rate.norm", "gc.count");
        ComponentStageException e = assertThrows(ComponentStageException.class,
                () -> ComponentTrial.figures(new ObjectMapper().readTree(withoutAllocation), head, serializer));
        assertEquals("the head's JMH run of value.serializer com.acme.OrderSerializer gave no ns/op or B/op figures", e.getMessage());
    }

    @Test
    void twoBuildsDigestAlikeWhereverTheyLiveAndDifferByOneByte(@TempDir Path dir) throws Exception {
        Path base = Files.createDirectories(dir.resolve("worktree/target/classes/com/acme"));
        Path head = Files.createDirectories(dir.resolve("checkout/target/classes/com/acme"));
        Files.write(base.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Files.write(head.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Path jar = Files.write(dir.resolve("jackson-databind.jar"), new byte[] {9});
        String baseClasspath = dir.resolve("worktree/target/classes") + File.pathSeparator + jar;
        String headClasspath = dir.resolve("checkout/target/classes") + File.pathSeparator + jar;
        assertEquals(ClasspathDigest.of(baseClasspath), ClasspathDigest.of(headClasspath));

        Files.write(head.resolve("OrderSerializer.class"), new byte[] {1, 2, 4});
        assertNotEquals(ClasspathDigest.of(baseClasspath), ClasspathDigest.of(headClasspath), "a changed class");
        Files.write(head.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Path bumped = Files.write(dir.resolve("jackson-databind-2.21.3.jar"), new byte[] {10});
        assertNotEquals(ClasspathDigest.of(baseClasspath), ClasspathDigest.of(dir.resolve("checkout/target/classes") + File.pathSeparator
                + bumped), "a library bump changes a jar: the component is measured");
        assertTrue(ClasspathDigest.of(baseClasspath).matches("[0-9a-f]{64}"));
    }
}
