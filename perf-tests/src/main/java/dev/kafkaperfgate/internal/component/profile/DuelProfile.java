package dev.kafkaperfgate.internal.component.profile;

import dev.kafkaperfgate.internal.engine.Side;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedClassLoader;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A profiling duel's JFR recording, read per side. Both sides ran in one JVM, in class loaders
 * named {@code base-N} and {@code head-N} ({@code ComponentDuel}); a sample is the side's whose
 * loader holds a frame of its stack. Frames below the copy's own (the duel's harness) are left out,
 * and a sample no copy's frame reaches (the harness between batches, a truncated stack) counts for
 * neither side.
 */
public final class DuelProfile {

    private static final Pattern COPY_LOADER = Pattern.compile("(base|head)-\\d+");
    /**
     * Hidden classes (lambdas, method handles) are numbered per loader and JVM, as JFR names them
     * ({@code Foo$$Lambda$104+0x00007fe6700f3b38.2082351774}): one name per lambda, whichever copy ran it.
     */
    private static final Pattern HIDDEN = Pattern.compile("(\\$\\$Lambda)?(\\$\\d+)?[+/.]0x[0-9a-f]{6,}(\\.\\d+)?");

    private DuelProfile() {
    }

    /**
     * Each side's profile of the recording at {@code file}.
     *
     * @throws IOException when the file is not a JFR recording
     */
    public static Map<Side, SideProfile> read(Path file) throws IOException {
        Map<Side, SideProfile> sides = new EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            sides.put(side, new SideProfile());
        }
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                String name = event.getEventType().getName();
                boolean cpu = name.equals("jdk.ExecutionSample");
                if (!cpu && !name.equals("jdk.ObjectAllocationSample")) {
                    continue;
                }
                Optional<Sample> sample = sample(event.getStackTrace());
                if (sample.isEmpty()) {
                    continue;
                }
                SideProfile side = sides.get(sample.get().side());
                if (cpu) {
                    side.cpu(sample.get().frames());
                } else {
                    RecordedClass type = event.getClass("objectClass");
                    side.allocation(type == null ? "?" : typeName(type.getName()), sample.get().frames());
                }
            }
        }
        return sides;
    }

    /**
     * One JVM's recording read whole (a paired worker's: the JVM is one side): every CPU and
     * allocation sample, all its frames.
     *
     * @throws IOException when the file is not a JFR recording
     */
    public static SideProfile readWhole(Path file) throws IOException {
        SideProfile profile = new SideProfile();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                String name = event.getEventType().getName();
                boolean cpu = name.equals("jdk.ExecutionSample");
                if ((!cpu && !name.equals("jdk.ObjectAllocationSample")) || event.getStackTrace() == null) {
                    continue;
                }
                List<RecordedFrame> frames = event.getStackTrace().getFrames();
                List<String> names = new ArrayList<>(frames.size());
                frames.forEach(frame -> names.add(frameName(frame.getMethod())));
                if (cpu) {
                    profile.cpu(names);
                } else {
                    RecordedClass type = event.getClass("objectClass");
                    profile.allocation(type == null ? "?" : typeName(type.getName()), names);
                }
            }
        }
        return profile;
    }

    private static String frameName(RecordedMethod method) {
        return method == null ? "?" : clean(method.getType().getName()) + "." + method.getName() + parameters(method.getDescriptor());
    }

    private record Sample(Side side, List<String> frames) {
    }

    /** The stack's frames, top first, down to the deepest frame of a copy's loader; empty when none is a copy's. */
    private static Optional<Sample> sample(RecordedStackTrace stack) {
        if (stack == null) {
            return Optional.empty();
        }
        List<RecordedFrame> frames = stack.getFrames();
        int deepest = -1;
        Side side = null;
        for (int i = 0; i < frames.size(); i++) {
            RecordedMethod method = frames.get(i).getMethod();
            RecordedClassLoader loader = method == null || method.getType() == null ? null : method.getType().getClassLoader();
            String loaderName = loader == null ? null : loader.getName();
            Matcher copy = loaderName == null ? null : COPY_LOADER.matcher(loaderName);
            if (copy != null && copy.matches()) {
                deepest = i;
                side = copy.group(1).equals("base") ? Side.BASE : Side.HEAD;
            }
        }
        if (side == null) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i <= deepest; i++) {
            names.add(frameName(frames.get(i).getMethod()));
        }
        return Optional.of(new Sample(side, names));
    }

    /** {@code (Ljava/lang/String;[BI)[B} as {@code (String, byte[], int)}: overloads are told apart, as a reader names them. */
    static String parameters(String descriptor) {
        if (descriptor == null || !descriptor.startsWith("(") || descriptor.indexOf(')') < 0) {
            return "";
        }
        String list = descriptor.substring(1, descriptor.indexOf(')'));
        List<String> names = new ArrayList<>();
        int i = 0;
        while (i < list.length()) {
            int dims = 0;
            while (i < list.length() && list.charAt(i) == '[') {
                dims++;
                i++;
            }
            if (i >= list.length()) {
                break;
            }
            String name;
            char c = list.charAt(i);
            if (c == 'L') {
                int end = list.indexOf(';', i);
                if (end < 0) {
                    break;
                }
                String type = list.substring(i + 1, end);
                name = clean(type.substring(type.lastIndexOf('/') + 1));
                i = end + 1;
            } else {
                name = switch (c) {
                    case 'B' -> "byte";
                    case 'C' -> "char";
                    case 'D' -> "double";
                    case 'F' -> "float";
                    case 'I' -> "int";
                    case 'J' -> "long";
                    case 'S' -> "short";
                    case 'Z' -> "boolean";
                    default -> "?";
                };
                i++;
            }
            names.add(name + "[]".repeat(dims));
        }
        return "(" + String.join(", ", names) + ")";
    }

    /** {@code [B} as {@code byte[]}, {@code [Ljava.lang.String;} as {@code java.lang.String[]}: as the reader writes types. */
    static String typeName(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return clean(name);
        }
        String element = parameters("(" + name.substring(dims).replace('.', '/') + ")V");
        return element.substring(1, element.length() - 1) + "[]".repeat(dims);
    }

    static String clean(String className) {
        String named = HIDDEN.matcher(className).replaceAll(match -> match.group(1) != null ? "\\$\\$Lambda" : "");
        return ACCESSOR.matcher(named).replaceAll("$1");
    }

    /** Reflection's generated accessors are numbered per JVM and copy: {@code GeneratedMethodAccessor34} as {@code GeneratedMethodAccessor}. */
    private static final Pattern ACCESSOR = Pattern.compile("(Generated(?:Serialization)?(?:Method|Constructor)Accessor)\\d+");
}
