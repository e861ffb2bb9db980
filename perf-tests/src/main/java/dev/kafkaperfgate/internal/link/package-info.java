/**
 * A scenario's slow link: Toxiproxy's server (built once from the Go module proxy), its proxies
 * in front of the brokers, and the probe that measures the link. It may use {@code broker} and
 * {@code spec}.
 */
package dev.kafkaperfgate.internal.link;
