/**
 * MirrorMaker 2 in dedicated mode, as a process beside the target cluster. It may use {@code
 * broker} and {@code spec}.
 */
package dev.kafkaperfgate.internal.mirror;
