/**
 * One stored-mode gate run: the session (brokers, warm-up, the scenarios in order), the scenario
 * runner, and the confirmation re-run. It may use every package below it; nothing below may use
 * it.
 */
package dev.kafkaperfgate.internal.run;
