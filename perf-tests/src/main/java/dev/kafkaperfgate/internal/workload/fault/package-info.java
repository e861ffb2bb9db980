/**
 * A fault trial: a broker of a cluster stopped, killed, frozen or cut off from its peers mid-trial,
 * the ISR before it, and the read-back that counts every record lost or duplicated. A frozen or
 * cut-off broker is the work of a carrier outside this package ({@code TimedFault}: Trogdor), which
 * this package watches happen on this machine ({@code FaultEvidence}). It may use {@code send},
 * the broker package and the workload package.
 */
package dev.kafkaperfgate.internal.workload.fault;
