package dev.kafkaperfgate.internal.trogdor;

import dev.kafkaperfgate.internal.broker.BrokerClasspath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Trogdor as the gate starts it listens on its node's host name only: its coordinator answers on
 * localhost and not on this machine's other addresses, where anyone on the network could ask it
 * to run a command.
 */
@Timeout(120)
class BoundTrogdorTest {

    @Test
    void trogdorsCoordinatorAnswersOnLocalhostAndOnNoOtherAddressOfThisMachine() throws IOException {
        InetAddress other = otherAddress().orElseThrow(() -> new AssertionError(
                "this machine has no address besides loopback to check against"));
        // As a run starts them: the gate's classes first, then the Kafka runtime's (Trogdor's Jetty and Jersey).
        String classpath = System.getProperty("java.class.path") + File.pathSeparator + BrokerClasspath.read(null);
        try (TrogdorAgents trogdor = TrogdorAgents.startLocal(1, classpath,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            URI coordinator = trogdor.coordinator().base();
            assertTrue(connects(InetAddress.getLoopbackAddress(), coordinator.getPort()), "the coordinator answers on localhost");
            assertFalse(connects(other, coordinator.getPort()), "the coordinator listens on " + other + " too");
        }
    }

    /** A server whose connector cannot be reached (here: none at all) is refused, never started on every interface. */
    @Test
    void aServerThatCannotBeBoundIsNeverStarted() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> BoundTrogdor.bound(null, "127.0.0.1"));
        assertTrue(refused.getMessage().endsWith("not started, rather than listen on every interface"), refused.getMessage());
    }

    @Test
    void theLauncherTakesKafkasOwnArgumentsAfterItsRole() {
        assertEquals(BoundTrogdor.class.getName(), TrogdorAgents.LAUNCHER, "the gate's JVM names the launcher as a string");
        assertEquals(new BoundTrogdor.Arguments(false, "t.conf", "agent-1"), BoundTrogdor.Arguments.parse("agent", "-c", "t.conf", "-n", "agent-1"));
        assertTrue(BoundTrogdor.Arguments.parse("coordinator", "-c", "t.conf", "-n", "coordinator").coordinator());
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> BoundTrogdor.Arguments.parse("agnet", "-c", "t.conf", "-n", "agent-1"));
        assertTrue(wrong.getMessage().startsWith("usage: BoundTrogdor agent|coordinator"), wrong.getMessage());
    }

    /** An IPv4 address of this machine's that is not loopback: the one a neighbour would reach. */
    private static Optional<InetAddress> otherAddress() throws IOException {
        for (NetworkInterface face : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (face.isUp() && !face.isLoopback()) {
                List<InetAddress> addresses = Collections.list(face.getInetAddresses());
                for (InetAddress address : addresses) {
                    if (address instanceof Inet4Address) {
                        return Optional.of(address);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static boolean connects(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
