/**
 * What a scenario is, as typed values: the produce, consume and end-to-end specs, Kafka client
 * properties checked by name, and the team's classes checked before anything runs. A leaf: it
 * uses only the public defaults.
 */
package dev.kafkaperfgate.internal.spec;
