package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.classfile.ClassShape;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.spi.ProducerFactory;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 74: the component listing decides what is measured, so it reads a side's classes as files
 * and never runs them. Whether a producer factory can wrap a producer is read from its class file
 * and those above it; a class whose static initialiser would count its loading is never loaded.
 */
@Tag("unit")
class ComponentListTest {

    /** Counts every initialisation of the classes below: the listing must leave it at 0. */
    static final AtomicInteger INITIALISED = new AtomicInteger();

    /** A factory that wraps. */
    public static class Wrapping implements ProducerFactory<Object, Object> {
        static {
            INITIALISED.incrementAndGet();
        }

        @Override
        public Producer<Object, Object> create(Map<String, Object> config) {
            return wrap(new MockProducer<>());
        }

        @Override
        public Producer<Object, Object> wrap(Producer<Object, Object> delegate) {
            return delegate;
        }
    }

    /** Wraps by inheritance. */
    public static final class Inherited extends Wrapping {
        static {
            INITIALISED.incrementAndGet();
        }
    }

    /** Creates only, calling the SPI's default wrap (which returns null): not a wrapper. */
    public static final class CreateOnly implements ProducerFactory<Object, Object> {
        static {
            INITIALISED.incrementAndGet();
        }

        @Override
        public Producer<Object, Object> create(Map<String, Object> config) {
            Producer<Object, Object> wrapped = wrap(new MockProducer<>());
            return wrapped == null ? new MockProducer<>() : wrapped;
        }
    }

    @Test
    void aFactoryWrapsWhenItOrAClassAboveItDeclaresWrapAndNoneOfItsClassesIsLoaded() throws IOException {
        try (URLClassLoader files = ComponentList.resourcesOnly(ThisJvm.classPath())) {
            assertTrue(ComponentList.wraps(Wrapping.class.getName(), files));
            assertTrue(ComponentList.wraps(Inherited.class.getName(), files), "wrap inherited from a class of the side's");
            assertFalse(ComponentList.wraps(CreateOnly.class.getName(), files), "the SPI's default wrap is not a wrapper");
            assertFalse(ComponentList.wraps("com.example.Missing", files), "a class the side does not hold wraps nothing");
        }
        assertEquals(0, INITIALISED.get(), "the listing loaded a side's class, which runs its code");
    }

    @Test
    void aClassFilesShapeIsReadFromItsBytes() throws IOException {
        ClassShape shape;
        try (InputStream in = ComponentListTest.class.getResourceAsStream("ComponentListTest$Inherited.class")) {
            shape = ClassShape.of(in.readAllBytes());
        }
        assertEquals("dev/kafkaperfgate/internal/component/ComponentListTest$Wrapping", shape.superName());
        try (InputStream in = ComponentListTest.class.getResourceAsStream("ComponentListTest$Wrapping.class")) {
            shape = ClassShape.of(in.readAllBytes());
        }
        assertEquals(java.util.List.of("dev/kafkaperfgate/spi/ProducerFactory"), shape.interfaces());
        assertTrue(shape.methods().contains("wrap(Lorg/apache/kafka/clients/producer/Producer;)Lorg/apache/kafka/clients/producer/Producer;"),
                shape.methods().toString());
        assertThrows(IOException.class, () -> ClassShape.of(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 0, 9}));
        assertThrows(IOException.class, () -> ClassShape.of("not a class".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /**
     * Issue 74: the head file a head's worker names for a scenario must be the one the gate's listing
     * finds in the head's own scenarios folder: another side's file, or none where the folder holds
     * one (a scenario its worker says it removed), refuses the run, naming the head.
     */
    @Test
    void aHeadFileItsWorkerNamedOtherwiseThanItsFolderHoldsRefusesTheRun() {
        java.nio.file.Path base = java.nio.file.Path.of("/runner/base/perf/orders.yaml");
        java.nio.file.Path own = java.nio.file.Path.of("/runner/head/perf/orders.yaml");
        com.fasterxml.jackson.databind.node.ObjectNode entry = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                .put("name", "orders-publish").put("ownFile", own.toString());
        ComponentList.agreesWithItsFolder(entry, java.util.List.of(new ComponentFiles("orders-publish", base, own)));
        dev.kafkaperfgate.internal.environment.SideRefusedException borrowed = assertThrows(
                dev.kafkaperfgate.internal.environment.SideRefusedException.class,
                () -> ComponentList.agreesWithItsFolder(entry, java.util.List.of(new ComponentFiles("orders-publish", base, base))));
        assertTrue(borrowed.getMessage().contains("the head's worker named " + base + " for scenario orders-publish, but its scenarios "
                + "folder holds " + own), borrowed.getMessage());
        assertThrows(dev.kafkaperfgate.internal.environment.SideRefusedException.class,
                () -> ComponentList.agreesWithItsFolder(entry, java.util.List.of(new ComponentFiles("orders-publish", base, null))),
                "a scenario the worker called removed, which the head's folder holds");
        com.fasterxml.jackson.databind.node.ObjectNode removed = entry.deepCopy().put("ownFile", "");
        ComponentList.agreesWithItsFolder(removed, java.util.List.of(new ComponentFiles("orders-publish", base, null)));
    }
}
