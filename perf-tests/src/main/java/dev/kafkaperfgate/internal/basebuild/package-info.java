/**
 * Paired mode's two sides, made ready to be measured, and the rules for when they cannot be: the
 * base checked out in a git worktree and built, the head built too when the deciding JVM does not
 * hold its classes (scripts/gate.sh --base), each as its side's user on a copy of its tree; the
 * files the base and the gate run on fingerprinted; what stands in for a base that cannot be
 * measured, and when the run is refused ({@link dev.kafkaperfgate.internal.basebuild.PairedRules}).
 * One path for {@code scripts/gate.sh --base} and {@code -Dperf.base.ref} in a team's own build.
 * It runs git, Maven and tar, bounded, and may use the {@code paired} package only for the
 * exception that says a base cannot be measured.
 */
package dev.kafkaperfgate.internal.basebuild;
