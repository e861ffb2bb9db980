/**
 * How paired mode measures a scenario's whole client, base against head: in warm windows on one
 * producer (end to end, one producer and its reader) per side ({@link dev.kafkaperfgate.internal.paired.client.WarmWindows}), or in trials on a
 * new client and topic each ({@link dev.kafkaperfgate.internal.paired.client.PairedTrials}), after
 * the JIT settled ({@link dev.kafkaperfgate.internal.paired.client.JitSettle}); and the engine's
 * measurer over them.
 */
package dev.kafkaperfgate.internal.paired.client;
