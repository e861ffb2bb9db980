package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.figures.Metric;

import java.util.Locale;

/**
 * The verdict on one metric, with the figures behind it.
 *
 * @param baseline         the baseline's centre (geometric mean of its runs); NaN for NEW and MISMATCH
 * @param current          this run's value, in the metric's unit
 * @param thresholdPercent the scenario's threshold in the bad direction, e.g. -10 or +25
 * @param comparison       the statistics; {@code null} for NEW, MISMATCH and too short a baseline
 * @param reason           what a reader needs beyond the numbers (what differs, why inconclusive); may be empty
 * @param component        the team's component the metric is of, e.g. {@code value.serializer com.acme.OrderSerializer};
 *                         empty for a whole-client metric
 */
public record MetricVerdict(Metric metric, Verdict verdict, double baseline, double current, double thresholdPercent,
                            RunToRunInterval.Comparison comparison, String reason, String component) {

    public MetricVerdict {
        component = component == null ? "" : component;
    }

    /** A whole-client metric's verdict. */
    public MetricVerdict(Metric metric, Verdict verdict, double baseline, double current, double thresholdPercent,
                         RunToRunInterval.Comparison comparison, String reason) {
        this(metric, verdict, baseline, current, thresholdPercent, comparison, reason, "");
    }

    /** This verdict, said of {@code component}. */
    public MetricVerdict of(String component) {
        return new MetricVerdict(metric, verdict, baseline, current, thresholdPercent, comparison, reason, component);
    }

    /** What the verdict is about, as headlines name it: {@code value.serializer com.acme.OrderSerializer bytesPerOp}, or {@code throughput}. */
    public String subject() {
        return component.isEmpty() ? metric.key() : component + " " + metric.key();
    }

    /** This metric with another verdict, and {@code note} added to its reason. */
    public MetricVerdict with(Verdict newVerdict, String note) {
        return new MetricVerdict(metric, newVerdict, baseline, current, thresholdPercent, comparison,
                reason.isEmpty() ? note : reason + "; " + note, component);
    }

    /** This verdict with {@code note} put before its reason: what it was judged on, read first. */
    public MetricVerdict noted(String note) {
        return new MetricVerdict(metric, verdict, baseline, current, thresholdPercent, comparison,
                reason.isEmpty() ? note : note + "; " + reason, component);
    }

    /** The interval lies wholly on the bad side of no change: worse beyond the noise, whatever the threshold. */
    public boolean significantlyWorse() {
        return comparison != null && (metric.higherIsBetter() ? comparison.high() < 1 : comparison.low() > 1);
    }

    /**
     * Worse beyond the noise at {@code alpha}: the interval drawn again at that α where it can be
     * (a t interval), else the judged interval ({@link #significantlyWorse}).
     */
    public boolean worseAt(double alpha) {
        return significantlyWorse() || comparison != null && comparison.worseAt(alpha, metric.higherIsBetter());
    }

    /** Without a claim of change: OK, or INCONCLUSIVE when the noise could hide a threshold-sized change. */
    /** Whether its whole interval lies beyond the threshold on the better side: an improvement the gate can tell, measured or not twice. */
    public boolean whollyBetterBeyondThreshold() {
        if (comparison == null) {
            return false;
        }
        double threshold = Math.abs(Math.log(1 + thresholdPercent / 100));
        return metric.higherIsBetter() ? Math.log(comparison.low()) > threshold : Math.log(comparison.high()) < -threshold;
    }

    public Verdict unclaimed() {
        if (comparison == null) {
            return verdict;
        }
        return comparison.mdeLog() > Math.abs(Math.log(1 + thresholdPercent / 100)) ? Verdict.INCONCLUSIVE : Verdict.OK;
    }

    /** An MDE above this many percent is shown as not resolvable: a figure that large says only that the noise could hide anything. */
    public static final double SHOWN_MDE_MAX_PERCENT = 1000;

    /**
     * OK by a rule (a floor), not by the interval: the comparison could not have resolved a
     * threshold-sized change, yet a rule ruled out one a reader would care about.
     */
    public boolean decidedByRule() {
        return verdict == Verdict.OK && comparison != null && unclaimed() == Verdict.INCONCLUSIVE;
    }

    /** Whether the MDE is a figure worth showing: finite and at most {@link #SHOWN_MDE_MAX_PERCENT}. */
    public boolean mdeResolvable() {
        double mde = mdePercent();
        return Double.isFinite(mde) && Math.abs(mde) <= SHOWN_MDE_MAX_PERCENT;
    }

    /** The same metric of the same subject: what a confirmation must regress again. */
    public boolean sameAs(MetricVerdict other) {
        return metric == other.metric && component.equals(other.component);
    }

    /** The change in percent: the comparison's ratio (paired mode: of adjacent stretches), else current / baseline. */
    public double deltaPercent() {
        return ((comparison != null ? comparison.ratio() : current / baseline) - 1) * 100;
    }

    /** Minimum detectable change in the bad direction, in percent (e.g. -8.1 or +31.0); NaN without statistics. */
    public double mdePercent() {
        if (comparison == null) {
            return Double.NaN;
        }
        double log = comparison.mdeLog();
        return (metric.higherIsBetter() ? Math.exp(-log) - 1 : Math.exp(log) - 1) * 100;
    }

    /**
     * One line, e.g. {@code throughput REGRESSION: 52310 → 40120 records/s (-23.3%, interval -30.1% .. -15.9%,
     * threshold -10%, MDE -8.2%, 10 baseline runs)}.
     */
    public String line() {
        StringBuilder line = new StringBuilder(component.isEmpty() ? "" : component + ": ").append(metric.key()).append(' ').append(verdict);
        if (comparison == null) {
            line.append(": ").append(format(current)).append(' ').append(metric.unit());
        } else {
            String mde = mdeResolvable() ? String.format(Locale.ROOT, "MDE %+.1f%%", mdePercent()) : "MDE not resolvable here";
            line.append(String.format(Locale.ROOT, ": %s → %s %s (%+.1f%%, interval %+.1f%% .. %+.1f%%, threshold %+.0f%%, %s, %d %s)",
                    format(baseline), format(current), metric.unit(), deltaPercent(), (comparison.low() - 1) * 100,
                    (comparison.high() - 1) * 100, thresholdPercent, mde, comparison.runs(), comparison.samples()));
        }
        if (!reason.isEmpty()) {
            line.append(": ").append(reason);
        }
        return line.toString();
    }

    private static String format(double value) {
        return value >= 10 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
