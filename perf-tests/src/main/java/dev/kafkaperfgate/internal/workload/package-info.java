/**
 * What every workload shares: pacing and its clock, the steady-state test of warm-up, client
 * configs, the team's producers and user class instances, the codec check, the broker watch, send
 * errors and progress lines, and injected costs for proving the gate. The workloads themselves
 * are in the subpackages, one per kind. It may use {@code spec}, {@code broker}, {@code
 * environment}, {@code metrics}, {@code figures} and the SPI; never a subpackage.
 */
package dev.kafkaperfgate.internal.workload;
