package dev.kafkaperfgate.internal.acceptance;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.AcceptFacts;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;

/**
 * A maintainer's acceptance of an intended cost: the pull request carried the accept label
 * ({@code perf-accepted} by default), set by {@code by}, read by the gate action from GitHub's API
 * at decision time, never from the pull request's files. A confirmed regression then ends
 * ACCEPTED (exit 0), its figures and profile shown as they are.
 *
 * <p>A label accepts the head it was set on, and never its pull request's author's (issue 74):
 * a later push in the same pull request, whose cost nobody has looked at, is judged afresh and
 * fails on a confirmed regression while the old label stays on; {@link #refusal} says why. The
 * head it was set on is the one GitHub wrote into the label's own event, which started this run:
 * nothing the pull request's author controls (a commit's date, say) takes part.
 *
 * <p>And a label accepts only a cost someone saw (issue 81): the gate's comment must have shown a
 * failing result for that very head before the label was set. A maintainer who labels the FAIL
 * they read, a moment after the author pushed again, would otherwise accept the new push's cost,
 * which nobody had seen.
 *
 * @param by           the login that set the label
 * @param label        the label's name
 * @param at           when it was set (ISO-8601, as GitHub gives it), or empty
 * @param head         the head commit judged in this run
 * @param labelledHead the head the label was set on (from the label's own event), or empty when this run is not that event's
 * @param author       the pull request's author, or empty when not known
 * @param replaced     the head this run's push replaced, or empty
 * @param shown        the head whose failing result the gate's comment showed when the label was set, or empty
 */
public record Acceptance(String by, String label, String at, String head, String labelledHead, String author, String replaced,
                         String shown) {

    public Acceptance {
        // The settings' forms (SettingForms) refused these before anything started; a record made otherwise holds to them too.
        if (!dev.kafkaperfgate.internal.settings.SettingForms.LOGIN.matcher(by).matches()) {
            throw new IllegalArgumentException("-D" + GateProperties.ACCEPTED_BY + "=" + by + " is not a GitHub login");
        }
        if (!dev.kafkaperfgate.internal.settings.SettingForms.LABEL.matcher(label).matches()) {
            throw new IllegalArgumentException("-D" + GateProperties.ACCEPT_LABEL + " must be a label's name (1-50 characters)");
        }
    }

    /** The settings' acceptance, or {@code null} when no accepting login was given. */
    public static Acceptance of(GateSettings settings) {
        AcceptFacts facts = settings.accept();
        if (!facts.given()) {
            return null;
        }
        return new Acceptance(facts.by(), facts.label().isEmpty() ? "perf-accepted" : facts.label(), facts.at(),
                orEmpty(settings.runCommit()), facts.head(), facts.author(), facts.replaced(), facts.shown());
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value.strip();
    }

    private static String shortSha(String sha) {
        return sha.substring(0, Math.min(12, sha.length()));
    }

    /**
     * Why the label does not accept this run's head, or {@code null} when it does; decided here
     * and nowhere else. A bot's label (an auto-labeller a pull request can trigger), the author
     * unknown, the author's own label, or a label set on another head (this run is not the label's
     * own event) accepts nothing.
     */
    public String refusal() {
        if (by.endsWith("[bot]")) {
            return "the label " + label + " was set by @" + by + ", a bot, not a maintainer: it accepts nothing";
        }
        if (author.isEmpty()) {
            return "the pull request's author is not known, so the label " + label + " set by @" + by + " accepts nothing";
        }
        if (author.equalsIgnoreCase(by)) {
            return "@" + by + " wrote this pull request and set the label " + label + " on it: an author cannot accept their own "
                    + "pull request's cost; someone else with triage rights must set it";
        }
        if (labelledHead.isEmpty() || !labelledHead.equals(head)) {
            return "the label " + label + " was set by @" + by + (at.isEmpty() ? "" : " at " + at)
                    + (labelledHead.isEmpty() ? " on an earlier head" : " on head " + shortSha(labelledHead))
                    + (replaced.isEmpty() ? "" : " (this push replaced " + shortSha(replaced) + ")")
                    + ", not on this head" + (head.isEmpty() ? "" : " " + shortSha(head))
                    + ": to accept this head, remove the label and set it again";
        }
        if (!shown.equals(head)) {
            return "the label " + label + " was set by @" + by + (at.isEmpty() ? "" : " at " + at) + " on head " + shortSha(head)
                    + " before the gate's failing result for that head was posted ("
                    + (shown.isEmpty() ? "the comment showed no failing result" : "the comment showed head " + shortSha(shown))
                    + "): it accepts only a cost someone saw; once this head's result is posted, remove the label and set it again";
        }
        return null;
    }

    /** {@code accepted by @login (label perf-accepted, set 2026-11-28T09:00:00Z) at head 1a2b3c4}. */
    public String describe() {
        return "ACCEPTED by @" + by + " (label " + label + (at.isEmpty() ? "" : ", set " + at) + ")"
                + (head.isEmpty() ? "" : " at head " + head.substring(0, Math.min(12, head.length())));
    }

    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode().put("by", by).put("label", label).put("at", at).put("head", head)
                .put("labelledHead", labelledHead).put("author", author);
        String why = refusal();
        return why == null ? json : json.put("why", why);
    }
}
