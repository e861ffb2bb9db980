package dev.kafkaperfgate.internal.component.call;

import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Path;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * One copy of a component in a duel ({@link dev.kafkaperfgate.internal.component.duel.ComponentDuel}), loaded in a class loader of its own
 * with one side's classpath: {@code applyAsInt(n)} makes {@code n} calls on the scenario's records
 * in turn, each result into JMH's {@link Blackhole} so the JIT cannot drop the call. The loop
 * lives in the copy's own loader, so its call site sees one component class and is compiled for
 * that copy alone; the duel only calls it once per batch, through a JDK interface both loaders share.
 */
public final class ComponentLoop implements IntUnaryOperator, Supplier<String>, AutoCloseable {

    /** JMH's own words for a Blackhole made outside a JMH run; JMH refuses any other. */
    private static final String BLACKHOLE_CHALLENGE =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    private final ComponentCall call;
    private final Blackhole hole = new Blackhole(BLACKHOLE_CHALLENGE);
    private int index;

    /**
     * Opens the component; the thread's context class loader must be this copy's, as Kafka and
     * Jackson look classes up through it.
     *
     * @param subjectFile empty for the experiment's own settings
     */
    public ComponentLoop(String experimentFile, String subjectFile, String scenario, String role, String className) {
        call = ComponentCall.open(ComponentScenario.read(Path.of(experimentFile), subjectFile.isEmpty() ? null : Path.of(subjectFile),
                scenario), new ComponentRef(role, className));
    }

    @Override
    public int applyAsInt(int calls) {
        int i = index;
        for (int n = 0; n < calls; n++) {
            hole.consume(call.call(i));
            i = (i + 1) & (ComponentCall.POOL - 1);
        }
        index = i;
        return calls;
    }

    /** What the component returns for every record of the pool, as one digest ({@link ComponentCall#outputs}). */
    @Override
    public String get() {
        return call.outputs();
    }

    @Override
    public void close() {
        call.close();
    }
}
