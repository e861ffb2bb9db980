package dev.kafkaperfgate.internal.paired.workers;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A side's stream split into lines as {@code readLine} splits them (at {@code \n}, a {@code \r}
 * before it dropped), none held past {@code cap} bytes: the side's JVM writes what it likes, and an
 * endless line must not fill the gate's heap (issue 74). {@link #next} refuses a longer line
 * without reading the rest of it; {@link #nextCut} cuts it and skips the rest.
 */
final class CappedLines {

    /** A line longer than the cap, refused unread. */
    static final class TooLong extends IOException {
        TooLong(int cap) {
            super("a line longer than " + cap + " bytes");
        }
    }

    private final InputStream in;
    private final int cap;

    CappedLines(InputStream in, int cap) {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.cap = cap;
    }

    /** The next line, or {@code null} at the end. @throws TooLong past the cap */
    String next() throws IOException {
        return read(false);
    }

    /** The next line, cut at the cap and marked so; {@code null} at the end. */
    String nextCut() throws IOException {
        return read(true);
    }

    private String read(boolean cut) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        boolean over = false;
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b == '\n') {
                return text(line, over);
            }
            if (line.size() < cap) {
                line.write(b);
            } else if (!cut) {
                throw new TooLong(cap);
            } else {
                over = true;
            }
        }
        return line.size() == 0 && !over ? null : text(line, over);
    }

    private static String text(ByteArrayOutputStream line, boolean over) {
        byte[] bytes = line.toByteArray();
        int length = !over && bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        String text = new String(bytes, 0, length, StandardCharsets.UTF_8);
        return over ? text + " …[cut]" : text;
    }
}
