package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.call.ComponentScenario;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * When a scenario's whole client need not be measured (issue 72): its change is confined to
 * components whose effect on the client is their output, and the duels showed that output the
 * same with no more work outside the call. Kept apart from {@link PairedScenario} so the rule is
 * tested on its own, case by case.
 */
final class WholeClientRule {

    private WholeClientRule() {
    }

    /**
     * With fail-fast ({@code runDecided}: a regression is confirmed, fail-fast is on, and no accept
     * label is in play, under which the whole client's cost is shown before it is accepted), a confirmed
     * regression of one of the scenario's changed components decides the scenario and the run: its
     * whole client could not change that, whatever the rest of the rule would say (a CPU figure left
     * INCONCLUSIVE beside a confirmed B/op, a wrapper changed beside it). Empty otherwise.
     *
     * @param regressed the changed components whose decision is a confirmed regression
     */
    static Optional<String> decidedByComponents(List<ComponentRef> changed, Set<ComponentRef> regressed, boolean runDecided) {
        if (!runDecided) {
            return Optional.empty();
        }
        return changed.stream().filter(regressed::contains).findFirst()
                .map(component -> component.label() + "'s regression is confirmed, which fails the run: the whole client could not "
                        + "change that (-D" + dev.kafkaperfgate.internal.settings.GateProperties.FAIL_FAST + "=false measures it)");
    }

    /**
     * Why the scenario's changed components do not confine its change to their calls, or empty when
     * they do: each must be a serializer or partitioner (whose effect is its output), judged, not
     * INCONCLUSIVE, with the same output and no more work outside its call
     * ({@code unconfined(component, compareOutput)}). A deserializer or partitioner whose own code
     * is the same on both sides ({@code fedOnly}) was given a changed serializer's bytes, no more:
     * when a serializer changed, it follows it (its output is not compared: its input is the
     * serializer's, which is), and must pass the rest.
     *
     * A component whose set-up code changed ({@code setUpChanged}: a static initialiser, static state, a constructor or
     * {@code configure()}) is never confined (issue 81): what its copies keep or set JVM-wide costs both copies in a duel's
     * JVM, and only the head in the whole client.
     *
     * @param inconclusive per judged component, whether its final verdict is INCONCLUSIVE; absent: not judged
     */
    static Optional<String> whyNotConfined(List<ComponentRef> changed, Set<ComponentRef> fedOnly, Set<ComponentRef> setUpChanged,
                                           Map<ComponentRef, Boolean> inconclusive,
                                           java.util.function.BiFunction<ComponentRef, Boolean, Optional<String>> unconfined) {
        boolean serializerChanged = changed.stream().anyMatch(component -> component.role().endsWith("serializer") && !ComponentScenario.fed(component));
        for (ComponentRef component : changed) {
            boolean fed = serializerChanged && fedOnly.contains(component) && ComponentScenario.fed(component);
            if (!fed && !ComponentScenario.CONFINABLE_ROLES.contains(component.role())) {
                return Optional.of(component.label() + " wraps the client itself");
            }
            if (setUpChanged.contains(component)) {
                return Optional.of(component.label() + "'s set-up code changed (a static initialiser, static state, a constructor or"
                        + " configure()): what it keeps costs both copies in a duel's JVM, and only the head in the whole client");
            }
            if (!inconclusive.containsKey(component)) {
                return Optional.of(component.label() + " was not judged");
            }
            if (inconclusive.get(component)) {
                return Optional.of(component.label() + "'s verdict is INCONCLUSIVE");
            }
            Optional<String> why = unconfined.apply(component, !fed).map(reason -> component.label() + ": " + reason);
            if (why.isPresent()) {
                return why;
            }
        }
        return Optional.empty();
    }
}
