/**
 * The component stage of paired mode: each class a team plugs into the client (key and value
 * serializers and deserializers, the partitioner, each interceptor, a producer wrapper) measured
 * alone on the scenario's own records, base build against head build. A whole client spends about
 * 100 µs of CPU per record at a few thousand records/s, so a serializer 40% slower moves
 * whole-client figures by a percent or two; alone, it moves by 40%.
 *
 * <p>{@link dev.kafkaperfgate.internal.component.duel.ComponentDuel} is the measuring JVM: both sides at
 * once, several copies of each in class loaders of their own, in short alternating batches timed
 * by the thread's CPU clock. {@link dev.kafkaperfgate.internal.component.ComponentStage} plans and
 * runs duels from the deciding JVM. It may use scenario, spec, figures and workload.payload; the
 * engine judges what it measures.
 */
package dev.kafkaperfgate.internal.component;
