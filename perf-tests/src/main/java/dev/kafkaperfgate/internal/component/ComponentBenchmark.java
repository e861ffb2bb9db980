package dev.kafkaperfgate.internal.component;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The one precompiled JMH benchmark of the component stage: loads a component by class name from
 * the side's classpath and calls it on the scenario's records in turn. JMH's own discipline
 * applies: a forked JVM, warm-up iterations before measured ones, the result to a blackhole (it is
 * returned), and allocation per call from its GC profiler ({@code gc.alloc.rate.norm}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ComponentBenchmark {

    /** The base's scenario file: its records and partitions. */
    @Param("")
    public String experimentFile;
    /** This side's scenario file, whose settings name the component; empty for the experiment's own. */
    @Param("")
    public String subjectFile;
    @Param("")
    public String scenario;
    /** The client setting that names the component, e.g. {@code value.serializer}. */
    @Param("")
    public String role;
    @Param("")
    public String className;

    private ComponentCall call;
    private int index;

    @Setup(Level.Trial)
    public void open() {
        call = ComponentCall.open(ComponentScenario.read(Path.of(experimentFile), subjectFile.isEmpty() ? null : Path.of(subjectFile),
                scenario), new ComponentRef(role, className));
    }

    @Benchmark
    public Object measure() {
        int i = index;
        index = (i + 1) & (ComponentCall.POOL - 1);
        return call.call(i);
    }

    @TearDown(Level.Trial)
    public void close() {
        call.close();
    }
}
