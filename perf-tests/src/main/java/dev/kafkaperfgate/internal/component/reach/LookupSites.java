package dev.kafkaperfgate.internal.component.reach;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a class file calls something that finds a class, a resource or a file by a name it may
 * compute at run time ({@code Class.forName(name)}, {@code loader.getResource(path)},
 * {@code Files.readAllBytes(path)}): what its reach cannot follow ({@link ClientReach}). Read from
 * its constant pool's method references alone, so a call with a constant name counts too: the
 * pool cannot tell the two apart, and a hole must count as reached.
 */
public final class LookupSites {

    /** Called on any owner: a class loader's, a class's or a module's lookups, and those that wrap them. */
    private static final Set<String> ANY_OWNER = Set.of("loadClass", "findClass", "findSystemClass", "getResource",
            "getResourceAsStream", "getResources", "getSystemResource", "getSystemResourceAsStream", "getSystemResources",
            "findResource", "findResources", "loadLibrary");

    /** Owners every call of which may reach a file, a class or code by a name given at run time. */
    private static final Set<String> EVERY_CALL = Set.of("java/nio/file/Files", "java/io/FileInputStream", "java/io/FileReader",
            "java/io/RandomAccessFile", "java/io/ObjectInputStream", "java/nio/channels/FileChannel", "java/util/ServiceLoader",
            "java/util/ResourceBundle", "java/lang/ProcessBuilder", "java/lang/invoke/MethodHandles$Lookup", "java/net/URLClassLoader");

    /** Per owner, the calls that find a class, a method or a file by a name given at run time. */
    private static final Map<String, Set<String>> BY_OWNER = Map.of(
            "java/lang/Class", Set.of("forName", "getMethod", "getDeclaredMethod", "getField", "getDeclaredField",
                    "getConstructor", "getDeclaredConstructor", "getMethods", "getDeclaredMethods"),
            "java/lang/reflect/Method", Set.of("invoke"),
            "java/lang/System", Set.of("load", "loadLibrary"),
            "java/lang/Runtime", Set.of("load", "loadLibrary", "exec"),
            "java/net/URL", Set.of("openStream", "openConnection"),
            "java/util/Scanner", Set.of("<init>"),
            // Kafka's own wrappers of a lookup by name, which the team's code may call with a name it computes.
            "org/apache/kafka/common/utils/Utils", Set.of("newInstance", "loadClass", "loadProps", "instantiate"));

    private LookupSites() {
    }

    /** The first such call the class file makes, as {@code owner.name}; empty when it makes none. */
    public static Optional<String> first(byte[] classFile, String resource) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException(resource + " is not a class file");
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            int[] classNames = new int[count];
            int[] memberClass = new int[count];
            int[] memberType = new int[count];
            int[] typeName = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> classNames[i] = in.readUnsignedShort();
                    case 10, 11 -> {
                        memberClass[i] = in.readUnsignedShort();
                        memberType[i] = in.readUnsignedShort();
                    }
                    case 12 -> {
                        typeName[i] = in.readUnsignedShort();
                        in.readUnsignedShort();
                    }
                    case 3, 4, 9, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++;   // a long or a double takes two entries
                    }
                    case 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    default -> throw new IOException(resource + ": unknown constant pool tag " + tag + " at entry " + i);
                }
            }
            for (int i = 1; i < count; i++) {
                if (memberType[i] == 0) {
                    continue;
                }
                String owner = at(utf8, classNames[memberClass[i]]);
                String name = at(utf8, typeName[memberType[i]]);
                if (owner != null && name != null
                        && (ANY_OWNER.contains(name) || EVERY_CALL.contains(owner) || BY_OWNER.getOrDefault(owner, Set.of()).contains(name))) {
                    return Optional.of(owner.replace('/', '.') + "." + name);
                }
            }
            return Optional.empty();
        }
    }

    private static String at(String[] utf8, int index) {
        return index > 0 && index < utf8.length ? utf8[index] : null;
    }
}
