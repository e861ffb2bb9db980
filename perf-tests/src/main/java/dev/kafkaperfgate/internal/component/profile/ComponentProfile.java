package dev.kafkaperfgate.internal.component.profile;

import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.environment.GateFiles;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * A profiling duel's recording turned into what a team reads: the two tables
 * ({@link WhereItWent}) and, beside the recording, each side's collapsed stacks of CPU and
 * allocation samples ({@code <name>.base.cpu.collapsed}, ...), which flame graph tools and
 * speedscope open; the {@code .jfr} itself opens in JDK Mission Control and IntelliJ.
 */
public final class ComponentProfile {

    private ComponentProfile() {
    }

    /**
     * @param recording the profiling duel's JFR recording, in the gate's folder
     * @throws IOException when the recording cannot be read or the files written
     */
    public static WhereItWent read(Path recording) throws IOException {
        Map<Side, SideProfile> sides = DuelProfile.read(recording);
        String name = recording.getFileName().toString().replaceFirst("\\.jfr$", "");
        for (Side side : Side.values()) {
            write(recording.resolveSibling(name + "." + side.key() + ".cpu.collapsed"), sides.get(side).cpuStacks());
            write(recording.resolveSibling(name + "." + side.key() + ".alloc.collapsed"), sides.get(side).allocationStacks());
        }
        return WhereItWent.of(sides.get(Side.BASE), sides.get(Side.HEAD));
    }

    /**
     * A whole client's profile: each side's worker recorded over the same extra windows
     * ({@code <stem>.base.jfr}, {@code <stem>.head.jfr}, in the gate's folder), compared per record,
     * each side's collapsed stacks written beside them.
     *
     * @param baseRecords what the base's windows sent (or read) while recorded; likewise {@code headRecords}
     * @throws IOException when a recording cannot be read or the files written
     */
    public static WhereItWent readClient(Path base, Path head, double baseRecords, double headRecords) throws IOException {
        Map<Side, SideProfile> sides = new java.util.EnumMap<>(Side.class);
        sides.put(Side.BASE, DuelProfile.readWhole(base));
        sides.put(Side.HEAD, DuelProfile.readWhole(head));
        for (Side side : Side.values()) {
            Path recording = side == Side.BASE ? base : head;
            String stem = recording.getFileName().toString().replaceFirst("\\.jfr$", "");
            write(recording.resolveSibling(stem + ".cpu.collapsed"), sides.get(side).cpuStacks());
            write(recording.resolveSibling(stem + ".alloc.collapsed"), sides.get(side).allocationStacks());
        }
        return WhereItWent.of(sides.get(Side.BASE), sides.get(Side.HEAD), baseRecords, headRecords);
    }

    private static void write(Path file, Map<String, Long> stacks) throws IOException {
        StringBuilder text = new StringBuilder();
        stacks.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(entry -> text.append(entry.getKey()).append(' ').append(entry.getValue()).append('\n'));
        try (OutputStream out = GateFiles.newFile(file)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
