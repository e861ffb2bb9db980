package dev.kafkaperfgate.internal.spec;


import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.Optional;

/**
 * Loads a team's classes named in a scenario (serializers, interceptors, a partitioner, a record
 * source, a producer factory) the way Kafka loads configured classes: from the thread's context
 * class loader, which in a Surefire fork holds the team's test classpath.
 */
public final class UserClasses {

    /** Set in a JVM that reads a side's scenarios and must run none of its code: class names are taken as written. */
    private static volatile boolean namesOnly;

    private UserClasses() {
    }

    /**
     * From now on, in this JVM, a scenario's class names are not looked up and its client settings
     * that name a class are not parsed by Kafka's {@code ConfigDef}, which initialises the class it
     * names (its static initialiser runs). For the gate's component listing, which reads a side's
     * files without running its code (issue 74); the side's own worker checks the names.
     */
    public static void namesOnly() {
        namesOnly = true;
    }

    /** Whether {@link #namesOnly} was asked for. */
    static boolean onlyNames() {
        return namesOnly;
    }

    /**
     * What keeps {@code className} from being used as {@code expected}, if anything: it must
     * exist, implement {@code expected}, be a concrete class and have a public no-argument
     * constructor.
     */
    public static Optional<String> problem(String className, Class<?> expected) {
        if (namesOnly) {
            return Optional.empty();
        }
        Class<?> type;
        try {
            type = Class.forName(className.trim(), false, contextOrKafkaLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("class " + className + " is not on the test classpath (" + e + ")");
        }
        if (!expected.isAssignableFrom(type)) {
            return Optional.of("class " + className + " does not implement " + expected.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return Optional.of("class " + className + " is abstract; name a concrete class");
        }
        if (!Modifier.isPublic(type.getModifiers())) {
            return Optional.of("class " + className + " is not public");
        }
        try {
            type.getConstructor();
            return Optional.empty();
        } catch (NoSuchMethodException e) {
            return Optional.of("class " + className + " has no public no-argument constructor");
        }
    }

    /**
     * A new instance of a class that {@link #problem} accepts.
     *
     * @throws IllegalArgumentException naming the class and what is wrong with it, or what its constructor threw
     */
    public static <T> T instantiate(String className, Class<T> expected) {
        problem(className, expected).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        try {
            Class<?> type = Class.forName(className.trim(), true, contextOrKafkaLoader());
            return expected.cast(type.getConstructor().newInstance());
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("class " + className + ": its constructor threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("class " + className + " cannot be instantiated: " + e, e);
        }
    }

    /** The thread's context class loader, else kafka-clients' own: where Kafka's {@code Utils} looks for a configured class. */
    private static ClassLoader contextOrKafkaLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : org.apache.kafka.clients.producer.ProducerConfig.class.getClassLoader();
    }
}
