/**
 * The mirror workload: records produced on a source cluster and read where MirrorMaker 2 delivers
 * them on the target, the lag per record. It may use {@code endtoend}, {@code produce} and the
 * workload package (MirrorMaker 2 itself is {@code internal.mirror}).
 */
package dev.kafkaperfgate.internal.workload.mirror;
