package dev.kafkaperfgate.internal.metrics;

import dev.kafkaperfgate.internal.settings.Defaults;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies of one phase (warm-up or a trial), in microseconds. Send callbacks record into
 * HdrHistogram {@link Recorder}s, which are wait-free for the writer; the sending thread swaps
 * out interval histograms for progress lines and adds them up for the phase.
 *
 * <pre>{@code
 * LatencyRecorder latencies = new LatencyRecorder(true);
 * // in the send callback, and nothing else there:
 * latencies.record(serviceMicros, responseMicros);
 * // on the sending thread, every few seconds and at the end:
 * Interval window = latencies.drain();
 * Histogram all = latencies.service();
 * }</pre>
 *
 * <p>Service time is ack minus actual send; response time is ack minus intended send, which
 * differs only under a target rate: when the client falls behind its schedule, response time
 * keeps the stall that service time hides (coordinated omission).
 */
public final class LatencyRecorder {

    private final Recorder serviceRecorder = new Recorder(Defaults.HISTOGRAM_DIGITS);
    private final Recorder responseRecorder;
    private final Histogram service = new Histogram(Defaults.HISTOGRAM_DIGITS);
    private final Histogram response;
    private Histogram serviceInterval;
    private Histogram responseInterval;

    /** @param trackResponseTime true under a target rate, where intended and actual send times differ */
    public LatencyRecorder(boolean trackResponseTime) {
        this.responseRecorder = trackResponseTime ? new Recorder(Defaults.HISTOGRAM_DIGITS) : null;
        this.response = trackResponseTime ? new Histogram(Defaults.HISTOGRAM_DIGITS) : null;
    }

    /**
     * Records one acknowledged send. Wait-free; safe from the producer's I/O thread.
     *
     * @param serviceMicros  ack minus actual send, in microseconds, 0 or more
     * @param responseMicros ack minus intended send, in microseconds, 0 or more; ignored unless tracked
     */
    public void record(long serviceMicros, long responseMicros) {
        serviceRecorder.recordValue(serviceMicros);
        if (responseRecorder != null) {
            responseRecorder.recordValue(responseMicros);
        }
    }

    /** What was recorded since the last drain, added to the phase's totals as well. */
    public Interval drain() {
        serviceInterval = serviceRecorder.getIntervalHistogram(serviceInterval);
        service.add(serviceInterval);
        if (responseRecorder != null) {
            responseInterval = responseRecorder.getIntervalHistogram(responseInterval);
            response.add(responseInterval);
        }
        return new Interval(serviceInterval.getTotalCount(), serviceInterval.getMean(),
                serviceInterval.getValueAtPercentile(50), serviceInterval.getMaxValue());
    }

    /** Acknowledged sends up to the last drain. */
    public long count() {
        return service.getTotalCount();
    }

    /** Service times up to the last drain, microseconds. */
    public Histogram service() {
        return service;
    }

    /** Response times up to the last drain, microseconds; {@code null} when not tracked. */
    public Histogram response() {
        return response;
    }

    /**
     * One drain's worth of service times.
     *
     * @param count      acks in the interval
     * @param meanMicros mean service time, microseconds (NaN when count is 0)
     * @param p50Micros  median service time, microseconds (0 when count is 0)
     * @param maxMicros  max service time, microseconds
     */
    public record Interval(long count, double meanMicros, long p50Micros, long maxMicros) {
    }
}
