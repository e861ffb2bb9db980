/**
 * A broker fault carried out by Trogdor's own fault specs, for a fault trial of a cluster the gate
 * started: a frozen JVM ({@code TrogdorPause}, ProcessStopFault) and a broker cut off from its peers
 * ({@code TrogdorPartition}, NetworkPartitionFault, with agents in the brokers' own network
 * namespaces), each a {@code TimedFault} of the workload's fault package, followed as a coordinator
 * task ({@code TrogdorTask}). May use the trogdor package and workload.fault.
 */
package dev.kafkaperfgate.internal.trogdor.fault;
