/**
 * A fault trial: a broker of a cluster stopped or killed mid-trial, the ISR before it, and the
 * read-back that counts every record lost or duplicated. It may use {@code send} and the workload
 * package.
 */
package dev.kafkaperfgate.internal.workload.fault;
