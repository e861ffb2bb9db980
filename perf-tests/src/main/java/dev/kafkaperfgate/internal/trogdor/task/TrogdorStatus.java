package dev.kafkaperfgate.internal.trogdor.task;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.trogdor.task.WorkerStatusTracker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * A task's status, handed to Trogdor in Trogdor's own Jackson. The gate's Jackson is relocated in
 * the gate's jar, so a gate {@code JsonNode} is not the type {@link WorkerStatusTracker#update}
 * takes, and a compiled call to it would link to a method that does not exist: the status
 * travels as JSON text, parsed by Trogdor's {@code ObjectMapper}, and is handed over by reflection.
 * The names are joined at run time, where the relocation (which rewrites string constants too)
 * cannot reach them.
 */
final class TrogdorStatus {

    private static final String JACKSON = String.join(".", "com", "fasterxml", "jackson", "databind");

    private TrogdorStatus() {
    }

    static void update(WorkerStatusTracker status, JsonNode node) {
        try {
            ClassLoader trogdors = WorkerStatusTracker.class.getClassLoader();
            Class<?> mapperType = Class.forName(JACKSON + ".ObjectMapper", true, trogdors);
            Class<?> nodeType = Class.forName(JACKSON + ".JsonNode", true, trogdors);
            Object mapper = mapperType.getConstructor().newInstance();
            Object parsed = mapperType.getMethod("readTree", String.class).invoke(mapper, node.toString());
            Method update = WorkerStatusTracker.class.getMethod("update", nodeType);
            update.invoke(status, parsed);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("Trogdor refused the task's status: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Trogdor's Jackson cannot be reached beside its task API: " + e, e);
        }
    }
}
