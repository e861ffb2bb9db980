package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;

/**
 * A maintainer's acceptance of an intended cost: the pull request carried the accept label
 * ({@code perf-accepted} by default), set by {@code by}, read by the gate action from GitHub's API
 * at decision time, never from the pull request's files. A confirmed regression then ends
 * ACCEPTED (exit 0), its figures and profile shown as they are.
 *
 * @param by    the login that set the label
 * @param label the label's name
 * @param at    when it was set (ISO-8601, as GitHub gives it), or empty
 * @param head  the head commit judged in this run
 */
public record Acceptance(String by, String label, String at, String head) {

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
    static Acceptance of(GateSettings settings) {
        String by = settings.acceptedBy();
        if (by == null || by.isBlank()) {
            return null;
        }
        String label = settings.acceptLabel();
        String at = settings.acceptedAt();
        return new Acceptance(by.strip(), label == null || label.isBlank() ? "perf-accepted" : label.strip(),
                at == null ? "" : at.strip(), settings.runCommit() == null ? "" : settings.runCommit());
    }

    /** {@code accepted by @login (label perf-accepted, set 2026-11-28T09:00:00Z) at head 1a2b3c4}. */
    String describe() {
        return "ACCEPTED by @" + by + " (label " + label + (at.isEmpty() ? "" : ", set " + at) + ")"
                + (head.isEmpty() ? "" : " at head " + head.substring(0, Math.min(12, head.length())));
    }

    ObjectNode toJson() {
        return JsonNodeFactory.instance.objectNode().put("by", by).put("label", label).put("at", at).put("head", head);
    }
}
