/**
 * Whether anything a component's call can run changed: every class and jar of a classpath
 * digested ({@link dev.kafkaperfgate.internal.component.reach.ClasspathDigest}), and the classes and
 * resources reachable from a component, read from class files' constant pools
 * ({@link dev.kafkaperfgate.internal.component.reach.ComponentCode}). Reads files only.
 */
package dev.kafkaperfgate.internal.component.reach;
