package dev.kafkaperfgate;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test of the slow tier: left out of the default build ({@code scripts/test.sh}, CI) and run by
 * {@code scripts/test.sh --all} ({@code mvn -Pslow-tests}). For tests that need minutes or several
 * processes (clusters, slow links, MirrorMaker 2, faults, long runs), where the fast tier keeps a
 * shorter test of the same path. Say on the class why it is slow.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Tag("slow")
public @interface SlowTier {
}
