package dev.kafkaperfgate.internal.settings;

/**
 * What the gate action read of a pull request's accept label, from GitHub's API and the event GitHub
 * wrote: facts only, each empty when not given. Whether they accept the head measured is
 * {@code acceptance.Acceptance}'s to decide.
 *
 * @param by       who set the label last ({@link GateProperties#ACCEPTED_BY})
 * @param label    the label's name, empty for the default ({@link GateProperties#ACCEPT_LABEL})
 * @param at       when it was set, as GitHub wrote it ({@link GateProperties#ACCEPTED_AT})
 * @param head     the head it was set on, from the label's own event ({@link GateProperties#ACCEPTED_HEAD})
 * @param replaced the head this run's push replaced ({@link GateProperties#ACCEPT_REPLACED})
 * @param author   the pull request's author ({@link GateProperties#ACCEPT_AUTHOR})
 * @param shown    the head whose failing result the gate's comment showed before the label was set ({@link GateProperties#ACCEPT_SHOWN})
 */
public record AcceptFacts(String by, String label, String at, String head, String replaced, String author, String shown) {

    /** Whether a label was read at all: someone set it. */
    public boolean given() {
        return !by.isEmpty();
    }
}
