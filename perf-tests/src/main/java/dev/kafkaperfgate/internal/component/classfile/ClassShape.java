package dev.kafkaperfgate.internal.component.classfile;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a class file declares, read from its bytes without loading it: its superclass, its
 * interfaces and its methods ({@code name + descriptor}). The gate asks this of a side's class
 * where loading it would run the side's code (a static initialiser) in a JVM whose answer decides
 * what is measured.
 *
 * @param superName  the superclass's internal name; {@code null} for {@code java/lang/Object}
 * @param interfaces the interfaces' internal names
 * @param methods    each method as {@code name + descriptor}, e.g. {@code wrap(Lorg/apache/kafka/clients/producer/Producer;)...}
 */
public record ClassShape(String superName, List<String> interfaces, List<String> methods) {

    /**
     * The shape of one class file.
     *
     * @throws IOException when the bytes are not a class file
     */
    public static ClassShape of(byte[] classFile) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file");
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            int[] classNames = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> classNames[i] = in.readUnsignedShort();
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++;   // a long or a double takes two entries
                    }
                    case 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
                }
            }
            in.readUnsignedShort();   // access flags
            in.readUnsignedShort();   // this class
            int superIndex = in.readUnsignedShort();
            String superName = superIndex == 0 ? null : utf8[classNames[superIndex]];
            List<String> interfaces = new ArrayList<>();
            for (int i = in.readUnsignedShort(); i > 0; i--) {
                interfaces.add(utf8[classNames[in.readUnsignedShort()]]);
            }
            skipMembers(in);   // fields
            List<String> methods = new ArrayList<>();
            for (int i = in.readUnsignedShort(); i > 0; i--) {
                in.readUnsignedShort();
                String name = utf8[in.readUnsignedShort()];
                String descriptor = utf8[in.readUnsignedShort()];
                methods.add(name + descriptor);
                skipAttributes(in);
            }
            return new ClassShape(superName, List.copyOf(interfaces), List.copyOf(methods));
        } catch (ArrayIndexOutOfBoundsException | NullPointerException e) {
            throw new IOException("a malformed class file: " + e, e);
        }
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            in.skipNBytes(6);
            skipAttributes(in);
        }
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            in.readUnsignedShort();
            in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
        }
    }
}
