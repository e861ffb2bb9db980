package dev.kafkaperfgate.internal.component.classfile;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The code of a class that runs once per class or per copy, not per call, as text that does not
 * depend on where its constants sit in the pool (issue 81): its static fields, its static
 * initialiser, its constructors and its {@code configure} methods, each with the methods of its own
 * class they call, and every static field any of its methods writes.
 *
 * <p>Why: the duels run the base's and the head's copies in one JVM. What a class keeps from its
 * set-up (a static cache, a buffer made in {@code configure}) or sets JVM-wide costs both copies
 * there, and only the head in the whole client. Two sides whose set-up text is the same set up
 * alike; a class whose set-up text changed is not confined to its call, and the whole client is
 * measured. A class with static state (a static field that is no constant) sets up in every method.
 * The methods of other classes that set-up calls are {@link SetUp#external()}: the caller follows them
 * through the classes it reached (ComponentCode.setUp).
 */
public final class SetUpCode {

    /** Methods that run when a class is first used or a copy is made and configured. */
    private static final Set<String> SET_UP = Set.of("<clinit>", "<init>", "configure");

    private final Object[] pool;
    private final int[] tags;

    private SetUpCode(Object[] pool, int[] tags) {
        this.pool = pool;
        this.tags = tags;
    }

    /**
     * The set-up text of one class file.
     *
     * @throws IOException when the bytes are not a class file this reader knows
     */
    public static String of(byte[] classFile) throws IOException {
        return read(classFile).text();
    }

    /**
     * What one class file sets up.
     *
     * @param text     the set-up text ({@link #of})
     * @param external the methods of other classes its set-up calls, as {@code owner.name(descriptor)}
     * @param methods  every method's code as text, by {@code name(descriptor)}, for a class whose set-up calls it
     * @param outgoing every method's calls to other classes, by {@code name(descriptor)}
     */
    public record SetUp(String text, Set<String> external, Map<String, String> methods, Map<String, Set<String>> outgoing) {
    }

    /**
     * The set-up of one class file, with what another class's set-up needs of it.
     *
     * @throws IOException when the bytes are not a class file this reader knows
     */
    public static SetUp read(byte[] classFile) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file");
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            Object[] pool = new Object[count];
            int[] tags = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                tags[i] = tag;
                switch (tag) {
                    case 1 -> pool[i] = in.readUTF();
                    case 3 -> pool[i] = in.readInt();
                    case 4 -> pool[i] = in.readFloat();
                    case 5 -> pool[i] = in.readLong();
                    case 6 -> pool[i] = in.readDouble();
                    case 7, 8, 16, 19, 20 -> pool[i] = new int[] {in.readUnsignedShort()};
                    case 9, 10, 11, 12, 17, 18 -> pool[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                    case 15 -> pool[i] = new int[] {in.readUnsignedByte(), in.readUnsignedShort()};
                    default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
                }
                if (tag == 5 || tag == 6) {
                    i++;   // a long or a double takes two entries
                }
            }
            SetUpCode code = new SetUpCode(pool, tags);
            return code.read(in);
        } catch (ArrayIndexOutOfBoundsException | ClassCastException | NullPointerException e) {
            throw new IOException("a malformed class file: " + e, e);
        }
    }

    private SetUp read(DataInputStream in) throws IOException {
        in.readUnsignedShort();   // access flags
        String self = text(in.readUnsignedShort());
        in.readUnsignedShort();   // super
        in.skipNBytes(2L * in.readUnsignedShort());   // interfaces
        StringBuilder out = new StringBuilder();
        boolean state = false;
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            int access = in.readUnsignedShort();
            String field = text(in.readUnsignedShort()) + " " + text(in.readUnsignedShort());
            String value = "";
            for (int a = in.readUnsignedShort(); a > 0; a--) {
                String attribute = text(in.readUnsignedShort());
                byte[] bytes = in.readNBytes(in.readInt());
                if (attribute.equals("ConstantValue")) {
                    value = " = " + text(((bytes[0] & 0xff) << 8) | (bytes[1] & 0xff));
                }
            }
            if ((access & 0x0008) != 0) {
                out.append("static field ").append(Integer.toHexString(access)).append(' ').append(field).append(value).append('\n');
                state |= value.isEmpty();
            }
        }
        Map<String, byte[]> codes = new LinkedHashMap<>();
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            in.readUnsignedShort();
            String method = text(in.readUnsignedShort()) + text(in.readUnsignedShort());
            for (int a = in.readUnsignedShort(); a > 0; a--) {
                String attribute = text(in.readUnsignedShort());
                byte[] bytes = in.readNBytes(in.readInt());
                if (attribute.equals("Code")) {
                    codes.put(method, bytes);
                }
            }
        }
        List<String> bootstraps = new ArrayList<>();
        for (int a = in.readUnsignedShort(); a > 0; a--) {
            String attribute = text(in.readUnsignedShort());
            byte[] bytes = in.readNBytes(in.readInt());
            if (attribute.equals("BootstrapMethods")) {
                bootstraps = bootstraps(bytes);
            }
        }
        Map<String, Method> methods = new LinkedHashMap<>();
        for (var entry : codes.entrySet()) {
            methods.put(entry.getKey(), method(entry.getValue(), self, bootstraps));
        }
        // Set-up methods, and the methods of this class they call, each once. A class with static state (a static field that
        // is no constant) sets up in every method: any of them may fill it, or change what it holds (issue 81's review).
        Deque<String> pending = new ArrayDeque<>();
        boolean everyMethod = state;
        methods.keySet().stream().filter(name -> everyMethod || SET_UP.contains(name.substring(0, name.indexOf('('))))
                .forEach(pending::add);
        Set<String> external = new TreeSet<>();
        Set<String> done = new TreeSet<>();
        while (!pending.isEmpty()) {
            String name = pending.poll();
            Method method = methods.get(name);
            if (method == null || !done.add(name)) {
                continue;
            }
            out.append("method ").append(name).append('\n').append(method.text());
            pending.addAll(method.calls());
            external.addAll(method.external());
        }
        // Static state written after set-up, by any method.
        Set<String> written = new TreeSet<>();
        methods.values().forEach(method -> written.addAll(method.staticWrites()));
        written.forEach(field -> out.append("writes ").append(field).append('\n'));
        Map<String, String> texts = new LinkedHashMap<>();
        Map<String, Set<String>> outgoing = new LinkedHashMap<>();
        methods.forEach((name, method) -> {
            texts.put(name, method.text());
            // What a followed method calls, in other classes and in its own (its helpers, its lambdas' bodies).
            Set<String> calls = new TreeSet<>(method.external());
            method.calls().forEach(own -> calls.add(self + "." + own));
            outgoing.put(name, calls);
        });
        return new SetUp(out.toString(), external, texts, outgoing);
    }

    /** A method's code as text, the methods of its own class it calls, those of others, and the static fields it writes. */
    private record Method(String text, List<String> calls, List<String> external, List<String> staticWrites) {
    }

    private Method method(byte[] attribute, String self, List<String> bootstraps) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(attribute));
        in.readUnsignedShort();   // max stack
        in.readUnsignedShort();   // max locals
        byte[] code = in.readNBytes(in.readInt());
        StringBuilder text = new StringBuilder();
        List<String> calls = new ArrayList<>();
        List<String> external = new ArrayList<>();
        List<String> writes = new ArrayList<>();
        int pc = 0;
        while (pc < code.length) {
            int op = code[pc] & 0xff;
            text.append(op);
            int at = pc + 1;
            switch (op) {
                case 0x10, 0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x38, 0x39, 0x3a, 0xa9, 0xbc -> {
                    text.append(' ').append(code[at]);
                    pc += 2;
                }
                case 0x11 -> {
                    text.append(' ').append(u2(code, at));
                    pc += 3;
                }
                case 0x12 -> {
                    text.append(' ').append(text(code[at] & 0xff));
                    pc += 2;
                }
                case 0x84 -> {
                    text.append(' ').append(code[at]).append(' ').append(code[at + 1]);
                    pc += 3;
                }
                case 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xc6, 0xc7 -> {
                    text.append(' ').append((short) u2(code, at));
                    pc += 3;
                }
                case 0xc8, 0xc9 -> {
                    text.append(' ').append(s4(code, at));
                    pc += 5;
                }
                case 0x13, 0x14, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xbb, 0xbd, 0xc0, 0xc1 -> {
                    String constant = text(u2(code, at));
                    text.append(' ').append(constant);
                    if (op == 0xb3) {
                        writes.add(constant);
                    }
                    if (op >= 0xb6 && op <= 0xb8 && constant.startsWith(self + ".")) {
                        calls.add(constant.substring(self.length() + 1));
                    } else if (op >= 0xb6 && op <= 0xb8) {
                        external.add(constant);
                    }
                    pc += 3;
                }
                case 0xb9 -> {
                    String constant = text(u2(code, at));
                    text.append(' ').append(constant);
                    external.add(constant);
                    pc += 5;
                }
                case 0xba -> {
                    int[] dynamic = (int[]) pool[u2(code, at)];
                    String bootstrap = bootstraps.get(dynamic[0]);
                    text.append(' ').append(bootstrap).append(' ').append(text(dynamic[1]));
                    // A lambda's body is a method of this class, named by a handle among the bootstrap's arguments.
                    java.util.regex.Matcher handle = java.util.regex.Pattern.compile("handle \\d+ " + java.util.regex.Pattern.quote(self + ".")
                            + "([^,}]+)").matcher(bootstrap);
                    while (handle.find()) {
                        calls.add(handle.group(1));
                    }
                    // A method reference to another class's method (Other::make) runs that method.
                    java.util.regex.Matcher other = java.util.regex.Pattern.compile("handle \\d+ ([^,}\\s]+\\.[^.,}\\s]+\\([^,}]*)")
                            .matcher(bootstrap);
                    while (other.find()) {
                        if (!other.group(1).startsWith(self + ".") && !other.group(1).startsWith("java/lang/invoke/")) {
                            external.add(other.group(1));
                        }
                    }
                    pc += 5;
                }
                case 0xc5 -> {
                    text.append(' ').append(text(u2(code, at))).append(' ').append(code[at + 2]);
                    pc += 4;
                }
                case 0xaa -> {
                    int p = at + ((4 - at % 4) % 4);
                    int low = s4(code, p + 4);
                    int high = s4(code, p + 8);
                    for (int i = p; i < p + 12 + 4 * (high - low + 1); i += 4) {
                        text.append(' ').append(s4(code, i));
                    }
                    pc = p + 12 + 4 * (high - low + 1);
                }
                case 0xab -> {
                    int p = at + ((4 - at % 4) % 4);
                    int pairs = s4(code, p + 4);
                    for (int i = p; i < p + 8 + 8 * pairs; i += 4) {
                        text.append(' ').append(s4(code, i));
                    }
                    pc = p + 8 + 8 * pairs;
                }
                case 0xc4 -> {
                    int wide = code[at] & 0xff;
                    int length = wide == 0x84 ? 5 : 3;
                    for (int i = at; i < at + length; i++) {
                        text.append(' ').append(code[i]);
                    }
                    pc = at + length;
                }
                default -> pc += 1;
            }
            text.append('\n');
        }
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            int start = in.readUnsignedShort();
            int end = in.readUnsignedShort();
            int handler = in.readUnsignedShort();
            int type = in.readUnsignedShort();
            text.append("catch ").append(start).append(' ').append(end).append(' ').append(handler).append(' ')
                    .append(type == 0 ? "any" : text(type)).append('\n');
        }
        return new Method(text.toString(), calls, external, writes);
    }

    private List<String> bootstraps(byte[] attribute) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(attribute));
        List<String> out = new ArrayList<>();
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            StringBuilder text = new StringBuilder("{").append(text(in.readUnsignedShort()));
            for (int a = in.readUnsignedShort(); a > 0; a--) {
                text.append(", ").append(text(in.readUnsignedShort()));
            }
            out.add(text.append('}').toString());
        }
        return out;
    }

    /** A pool entry as text, whatever its index: a name, a value, or a reference spelt out. */
    private String text(int index) {
        if (index <= 0 || index >= pool.length) {
            return "#" + index;
        }
        Object entry = pool[index];
        return switch (tags[index]) {
            case 1 -> (String) entry;
            case 3, 4, 5, 6 -> tags[index] + ":" + entry;
            case 7 -> text(((int[]) entry)[0]);
            case 8 -> "\"" + text(((int[]) entry)[0]) + "\"";
            case 16 -> "type " + text(((int[]) entry)[0]);
            case 19, 20 -> text(((int[]) entry)[0]);
            case 9, 10, 11 -> text(((int[]) entry)[0]) + "." + text(((int[]) entry)[1]);
            case 12 -> text(((int[]) entry)[0]) + text(((int[]) entry)[1]);
            case 15 -> "handle " + ((int[]) entry)[0] + " " + text(((int[]) entry)[1]);
            case 17, 18 -> "dynamic " + ((int[]) entry)[0] + " " + text(((int[]) entry)[1]);
            default -> "#" + index;
        };
    }

    private static int u2(byte[] code, int at) {
        return ((code[at] & 0xff) << 8) | (code[at + 1] & 0xff);
    }

    private static int s4(byte[] code, int at) {
        return ((code[at] & 0xff) << 24) | ((code[at + 1] & 0xff) << 16) | ((code[at + 2] & 0xff) << 8) | (code[at + 3] & 0xff);
    }
}
