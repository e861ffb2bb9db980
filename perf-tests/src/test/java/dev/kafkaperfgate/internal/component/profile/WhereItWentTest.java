package dev.kafkaperfgate.internal.component.profile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 59: the frames and sites whose share changed most lead, a frame the base never ran is new, shares not counts. */
@Tag("unit")
class WhereItWentTest {

    private static final List<String> WRITE = List.of("jackson.Generator.writeString", "acme.OrderSerializer.serialize", "harness.Loop.run");
    private static final List<String> SCAN = List.of("acme.OrderSerializer.scan", "acme.OrderSerializer.serialize", "harness.Loop.run");
    private static final List<String> SERIALIZE = List.of("acme.OrderSerializer.serialize", "harness.Loop.run");

    @Test
    void theFrameTheHeadAddedLeadsAndIsNewWhileSharesNotCountsAreCompared() {
        SideProfile base = new SideProfile();
        SideProfile head = new SideProfile();
        // The base: 900 samples writing, 100 in serialize itself. The head ran twice as long: the same
        // split of its old work, and a scan that takes a quarter of its samples.
        repeat(900, () -> base.cpu(WRITE));
        repeat(100, () -> base.cpu(SERIALIZE));
        repeat(1350, () -> head.cpu(WRITE));
        repeat(150, () -> head.cpu(SERIALIZE));
        repeat(500, () -> head.cpu(SCAN));
        repeat(300, () -> base.allocation("byte[]", WRITE));
        repeat(300, () -> head.allocation("byte[]", WRITE));
        repeat(300, () -> head.allocation("byte[]", SCAN));

        WhereItWent went = WhereItWent.of(base, head);

        WhereItWent.Row first = went.cpu().get(0);
        assertEquals("acme.OrderSerializer.scan", first.name());
        assertTrue(first.isNew());
        assertEquals(0.25, first.head(), 1e-9);
        assertEquals(0.25, first.totalHead(), 1e-9);
        WhereItWent.Row write = went.cpu().stream().filter(row -> row.name().equals("jackson.Generator.writeString")).findFirst().orElseThrow();
        assertEquals(0.9, write.base(), 1e-9);
        assertEquals(0.675, write.head(), 1e-9, "a smaller share of the head's samples, though more of them");
        assertFalse(write.isNew());
        assertTrue(went.cpu().stream().noneMatch(row -> row.name().equals("harness.Loop.run")), "a frame on every stack of both sides did not change");

        WhereItWent.Row site = went.allocation().get(0);
        assertEquals("byte[] in acme.OrderSerializer.scan ← acme.OrderSerializer.serialize", site.name());
        assertEquals(0.5, Math.abs(site.head() - site.base()), 1e-9);
        assertTrue(went.cpu().size() <= WhereItWent.ROWS);
        assertTrue(went.lines().get(1).contains("acme.OrderSerializer.scan (new)"), went.lines().get(1));
        assertEquals("harness.Loop.run;acme.OrderSerializer.serialize;acme.OrderSerializer.scan", head.cpuStacks().keySet().stream()
                .filter(stack -> stack.endsWith("scan")).findFirst().orElseThrow(), "collapsed stacks run from the root to the top");
    }

    /**
     * A whole client: the head sent twice the records in its windows at the same cost per record,
     * so twice the samples, split alike: per record, nothing gained. Counted per sample, every frame
     * would read +100%.
     */
    @Test
    void aWholeClientIsComparedPerRecordSoMoreRecordsAreNoGain() {
        SideProfile base = new SideProfile();
        SideProfile head = new SideProfile();
        repeat(900, () -> base.cpu(WRITE));
        repeat(100, () -> base.cpu(SERIALIZE));
        repeat(1800, () -> head.cpu(WRITE));
        repeat(200, () -> head.cpu(SERIALIZE));
        WhereItWent perRecord = WhereItWent.of(base, head, 10_000, 20_000);
        perRecord.cpu().forEach(row -> assertEquals(0, row.gained(), 1e-9, row.name()));
        assertEquals(1.0, WhereItWent.of(base, head).cpu().stream().mapToDouble(WhereItWent.Row::gained).max().orElse(0) / 0.9, 1e-9,
                "as many calls assumed: the write frame's 90% of the base doubled");
    }

    /** An ObjectMapper per record: the head costs 50 times the base per call, so the base has few samples and every base frame's share falls. */
    @Test
    void whatTheHeadGainedLeadsEvenWhenItDwarfsTheBase() {
        SideProfile base = new SideProfile();
        SideProfile head = new SideProfile();
        repeat(20, () -> base.cpu(WRITE));
        repeat(14, () -> base.cpu(SERIALIZE));
        List<String> mapper = List.of("jackson.ObjectMapper.<init>", "acme.OrderSerializer.serialize", "harness.Loop.run");
        List<String> introspect = List.of("jackson.AnnotationMap.get", "jackson.ObjectMapper.writeValueAsBytes", "acme.OrderSerializer.serialize",
                "harness.Loop.run");
        repeat(20, () -> head.cpu(WRITE));
        repeat(14, () -> head.cpu(SERIALIZE));
        repeat(900, () -> head.cpu(mapper));
        repeat(700, () -> head.cpu(introspect));
        WhereItWent went = WhereItWent.of(base, head);
        assertEquals(List.of("jackson.ObjectMapper.<init>", "jackson.AnnotationMap.get"), went.cpu().stream().limit(2).map(WhereItWent.Row::name).toList(),
                "the frames the head gained lead, not the base's frames whose share fell: " + went.cpu());
        assertEquals(900 / 34.0, went.cpu().get(0).gained(), 1e-9, "in the base's time per call: 26 times it");
        assertEquals(0.0, went.cpu().stream().filter(row -> row.name().equals("jackson.Generator.writeString")).findFirst()
                .map(WhereItWent.Row::gained).orElse(0.0), 1e-9, "the same samples per call on both sides: nothing gained");
    }

    @Test
    void lambdaClassesOfEachCopyAreOneFrame() {
        assertEquals("acme.Serializer$$Lambda", DuelProfile.clean("acme.Serializer$$Lambda$123/0x0000000801234567"));
        assertEquals("acme.Serializer", DuelProfile.clean("acme.Serializer/0x00000008000c1000"));
        assertEquals("dev.Call$$Lambda", DuelProfile.clean("dev.Call$$Lambda$104+0x00007fe6700f3b38.2082351774"));
        assertEquals("jdk.internal.reflect.GeneratedMethodAccessor", DuelProfile.clean("jdk.internal.reflect.GeneratedMethodAccessor34"));
        assertEquals("java.lang.invoke.LambdaForm$MH", DuelProfile.clean("java.lang.invoke.LambdaForm$MH+0x00007fe670127440"));
    }

    @Test
    void overloadsAreToldApartByTheirParameters() {
        assertEquals("(String, Headers, Object)", DuelProfile.parameters("(Ljava/lang/String;Lorg/apache/kafka/common/header/Headers;Ljava/lang/Object;)[B"));
        assertEquals("(byte[], int, long[][])", DuelProfile.parameters("([BI[[J)V"));
        assertEquals("()", DuelProfile.parameters("()V"));
        assertEquals("", DuelProfile.parameters(null));
        assertEquals("byte[]", DuelProfile.typeName("[B"));
        assertEquals("String[][]", DuelProfile.typeName("[[Ljava.lang.String;"));
        assertEquals("java.lang.Long", DuelProfile.typeName("java.lang.Long"));
    }

    private static void repeat(int times, Runnable action) {
        for (int i = 0; i < times; i++) {
            action.run();
        }
    }
}
