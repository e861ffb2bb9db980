/**
 * The component stage of paired mode: each class a team plugs into the client (key and value
 * serializers and deserializers, the partitioner, each interceptor) measured alone on the
 * scenario's own records, base build against head build, in JMH forks that alternate ABBA. A
 * whole client spends about 100 µs of CPU per record at a few thousand records/s, so a serializer
 * 40% slower moves whole-client figures by a percent or two; alone, it moves by 40%.
 *
 * <p>{@link dev.kafkaperfgate.internal.component.ComponentBenchmark} is the one precompiled JMH
 * benchmark; it runs in a JVM per trial whose classpath is the gate's jars first, then the side's
 * (the coordinator's {@link dev.kafkaperfgate.internal.component.ComponentStage}). It may use
 * scenario, spec, figures and workload.payload; the engine judges what it measures.
 */
package dev.kafkaperfgate.internal.component;
