/**
 * The container broker: Testcontainers' {@code KafkaContainer}, one or a cluster on a network of its
 * own, each labelled with the run's id so leftovers can be removed by label; and the probe that
 * decides whether a Docker engine can run the image. It may use the broker package and
 * {@code process} (a cluster's node settings).
 */
package dev.kafkaperfgate.internal.broker.container;
