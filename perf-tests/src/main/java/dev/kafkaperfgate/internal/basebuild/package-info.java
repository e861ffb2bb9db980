/**
 * The base of {@code -Dperf.base.ref}, for a team's own {@code mvn verify}: checked out in a git
 * worktree, its test classpath built with Maven, and the settings that point paired mode at it.
 * It runs git and Maven, bounded, and may use the {@code paired} package only for the exception
 * that says a base cannot be measured.
 */
package dev.kafkaperfgate.internal.basebuild;
