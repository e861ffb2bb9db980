package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.FaultSpec;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import dev.kafkaperfgate.internal.spec.TrogdorSpec;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * A scenario file's blocks that change the cluster around the client rather than the client:
 * {@code fault}, {@code network} and {@code trogdor}. Each runs in the nightly only (paired mode's
 * pull-request runs measure base and head on one broker of this machine), and each says so, with
 * the field, when a scenario asks otherwise.
 */
final class NightlyBlocks {

    private NightlyBlocks() {
    }

    /**
     * {@code fault: {stop-broker | kill-broker | pause-broker | partition-broker: leader-of-partition-N | broker-N,
     * at: 20s, restart-after: 10s}} (a pause: {@code resume-after}, a partition: {@code heal-after}, required). Produce scenarios only, and not
     * in the pr suite: a failover takes tens of seconds, longer than paired mode's trials, so faults
     * are judged by the nightly against stored baselines.
     */
    static FaultSpec fault(YamlMap doc, WorkloadKind workload, List<String> tags) {
        YamlMap fault = doc.map("fault");
        if (fault == null) {
            return null;
        }
        fault.rejectUnknown(List.of("stop-broker", "kill-broker", "pause-broker", "partition-broker", "at", "restart-after",
                "resume-after", "heal-after"));
        if (workload != null && workload != WorkloadKind.PRODUCE) {
            doc.report("fault", "applies to produce scenarios only, got workload " + workload.key());
        }
        if (tags.contains("pr")) {
            doc.report("fault", "cannot run in the pr suite: a failover outlasts paired mode's trials; tag it nightly");
        }
        List<FaultSpec.Kind> kinds = Arrays.stream(FaultSpec.Kind.values()).filter(kind -> fault.has(kind.key())).toList();
        if (kinds.size() != 1) {
            fault.report(kinds.isEmpty() ? "stop-broker" : kinds.get(1).key(), "set exactly one of stop-broker (a clean "
                    + "shutdown), kill-broker (a crash), pause-broker (a frozen JVM, through Trogdor) and partition-broker "
                    + "(cut off from the other brokers, through Trogdor)");
            return null;
        }
        FaultSpec.Kind kind = kinds.get(0);
        for (String wrongBack : List.of("restart-after", "resume-after", "heal-after")) {
            if (!wrongBack.equals(kind.backKey()) && fault.has(wrongBack)) {
                fault.report(wrongBack, "does not go with " + kind.key() + ", which takes " + kind.backKey());
            }
        }
        String target = fault.string(kind.key(), true);
        Duration at = fault.duration("at", null);
        if (at == null && !fault.has("at")) {
            fault.report("at", "required: when in the trial the broker stops, e.g. 20s");
        }
        Duration back = fault.duration(kind.backKey(), null);
        if (kind.timed() && back == null && !fault.has(kind.backKey())) {
            fault.report(kind.backKey(), "required with " + kind.key() + ": how long the broker stays " + (kind == FaultSpec.Kind.PAUSE
                    ? "frozen" : "cut off") + ", e.g. 10s");
        }
        if (target == null || at == null || (kind.timed() && back == null)) {
            return null;
        }
        try {
            return FaultSpec.of(kind, target.trim(), at, back);
        } catch (IllegalArgumentException e) {
            fault.report(kind.key(), e.getMessage());
            return null;
        }
    }

    /**
     * {@code trogdor: {agents: 2}}: timed produce or end-to-end trials (agents line up by time), or a consume scenario's reads
     * (each trial's reads start together), nightly, no payload file (agents elsewhere).
     */
    static TrogdorSpec trogdor(YamlMap doc, WorkloadKind workload, List<String> tags) {
        YamlMap trogdor = doc.map("trogdor");
        if (trogdor == null) {
            return null;
        }
        trogdor.rejectUnknown(List.of("agents"));
        if (workload == WorkloadKind.MIRROR) {
            doc.report("trogdor", "runs produce, end-to-end and consume scenarios, got workload mirror: MirrorMaker 2 runs on this machine");
        }
        if (tags.contains("pr")) {
            doc.report("trogdor", "cannot run in the pr suite: paired mode measures base and head on one machine; tag it nightly");
        }
        if (doc.has("records") && workload != WorkloadKind.CONSUME) {
            doc.report("records", "a trogdor scenario's agents line their trials up by time: give duration, not records");
        }
        if (doc.has("payload.file")) {
            doc.report("payload.file", "a trogdor agent may run on another host, without this file: use record.size or record.source");
        }
        List.of("fault", "network", "mirror").stream().filter(doc::has).forEach(field -> doc.report(field,
                "cannot be combined with trogdor: the gate's own " + field + " acts on this machine only"));
        if (!trogdor.has("agents")) {
            trogdor.report("agents", "required: how many Trogdor agents share the load, e.g. 2");
            return null;
        }
        return new TrogdorSpec(trogdor.integer("agents", 1, TrogdorSpec.MAX_AGENTS, 1L).intValue());
    }

    /**
     * {@code network: {rtt: 30ms, bandwidth: 100Mbit}}: a slow link through Toxiproxy. Not in the
     * pr suite: paired mode's broker has no link. {@code loss} is refused with the reason.
     */
    static NetworkSpec network(YamlMap doc, List<String> tags) {
        YamlMap network = doc.map("network");
        if (network == null) {
            return null;
        }
        if (network.has("loss")) {
            network.report("loss", "not supported: the link is Toxiproxy, a TCP relay, and TCP resends what a link drops, "
                    + "so Kafka's clients would see loss only as delay; model it with a longer rtt");
            return null;
        }
        network.rejectUnknown(List.of("rtt", "bandwidth"));
        if (tags.contains("pr")) {
            doc.report("network", "cannot run in the pr suite: paired mode's broker has no slow link; tag it nightly");
        }
        if (!network.has("rtt")) {
            network.report("rtt", "required: the round trip the link adds, e.g. 30ms");
            return null;
        }
        Duration rtt = network.duration("rtt", null);
        long bandwidth = 0;
        String text = network.text("bandwidth", false);
        if (text != null) {
            try {
                bandwidth = NetworkSpec.parseBandwidth(text);
            } catch (IllegalArgumentException e) {
                network.report("bandwidth", e.getMessage());
                return null;
            }
        }
        if (rtt == null) {
            return null;
        }
        try {
            return new NetworkSpec(rtt, bandwidth);
        } catch (IllegalArgumentException e) {
            network.report(e.getMessage().startsWith("rtt") ? "rtt" : "bandwidth", e.getMessage());
            return null;
        }
    }
}
