package dev.kafkaperfgate.internal.paired.workers;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 74: a worker's reply line has a cap; an endless one is refused without being read whole, a
 * console line is cut; a worker's error text reaches the console neutral.
 */
@Tag("unit")
class CappedLinesTest {

    @Test
    void anEndlessReplyLineIsRefusedAtTheCapWithoutBeingReadWhole() {
        long[] served = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                served[0]++;
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                served[0] += len;
                return len;
            }
        };
        CappedLines.TooLong refused = assertThrows(CappedLines.TooLong.class, () -> new CappedLines(endless, 1024).next());
        assertTrue(refused.getMessage().contains("longer than 1024 bytes"), refused.getMessage());
        assertTrue(served[0] <= 1024 + (1 << 16), served[0] + " bytes read: the line was read past its cap");
        assertTrue(WorkerProcess.REPLY_CAP >= 1 << 20 && WorkerProcess.REPLY_CAP <= 16 << 20, "a reply's cap is MiB, not the heap");
    }

    @Test
    void linesEndAsReadLineEndsThemAndAConsoleLineIsCut() throws IOException {
        CappedLines lines = new CappedLines(stream("{\"ok\":true}\r\n\nlast"), 64);
        assertEquals("{\"ok\":true}", lines.next());
        assertEquals("", lines.next());
        assertEquals("last", lines.next());
        assertNull(lines.next());
        assertThrows(CappedLines.TooLong.class, () -> new CappedLines(stream("abcdefgh\n"), 4).next());
        CappedLines cut = new CappedLines(stream("abcdefgh\nlast\n"), 4);
        assertEquals("abcd …[cut]", cut.nextCut());
        assertEquals("last", cut.nextCut());
        assertNull(cut.nextCut());
    }

    @Test
    void aWorkersErrorIsShownNeutralAndShort() throws IOException {
        String text = WorkerProcess.errorText(dev.kafkaperfgate.internal.engine.Side.HEAD, new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree("{\"ok\":false,\"error\":\"::error::all passed\\r\\u001b[2K" + "x".repeat(600) + "\"}"));
        assertTrue(text.startsWith("head: "), text);
        assertTrue(!text.contains("::error::") && !text.contains("\r") && !text.contains("\u001b"), text);
        assertTrue(text.length() < 600, text.length() + " characters");
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
