package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.component.call.ComponentRef;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The whole client is spared only when every changed component confines the change to its call;
 * one way out at a time (issue 72), the fed-only deserializer included.
 */
@Tag("unit")
class WholeClientRuleTest {

    private static final ComponentRef SERIALIZER = new ComponentRef("value.serializer", "com.acme.OrderSerializer");
    private static final ComponentRef DESERIALIZER = new ComponentRef("value.deserializer", "com.acme.OrderDeserializer");
    private static final ComponentRef INTERCEPTOR = new ComponentRef("interceptor.classes", "com.acme.Audit");

    /** Every component confined; records which were asked with their output compared. */
    private final List<String> asked = new ArrayList<>();
    private final BiFunction<ComponentRef, Boolean, Optional<String>> confined = (component, output) -> {
        asked.add(component.className() + (output ? " with output" : " without output"));
        return Optional.empty();
    };

    /** The duels' word: {@code component} not confined, for {@code reason}; every other component confined. */
    private static BiFunction<ComponentRef, Boolean, Optional<String>> unconfinedOnly(ComponentRef component, String reason) {
        return (asked, output) -> asked.equals(component) ? Optional.of(reason) : Optional.empty();
    }

    private static Optional<String> rule(List<ComponentRef> changed, Set<ComponentRef> fedOnly, Map<ComponentRef, Boolean> inconclusive,
                                         BiFunction<ComponentRef, Boolean, Optional<String>> unconfined) {
        return WholeClientRule.whyNotConfined(changed, fedOnly, Set.of(), inconclusive, unconfined);
    }

    /**
     * A serializer whose static initialiser keeps 256 MiB costs both copies in the duel's JVM alike, with the same output and
     * nothing outside the call: only its set-up code tells (issue 81), and the whole client is measured.
     */
    @Test
    void aSerializerWhoseSetUpCodeChangedTakesTheWholeClientWhateverItsDuelsSaw() {
        Optional<String> why = WholeClientRule.whyNotConfined(List.of(SERIALIZER), Set.of(), Set.of(SERIALIZER), Map.of(SERIALIZER, false), confined);
        assertEquals(Optional.of("value.serializer com.acme.OrderSerializer's set-up code changed (a static initialiser, static state, a "
                + "constructor or configure()): what it keeps costs both copies in a duel's JVM, and only the head in the whole client"), why);
        assertEquals(Optional.empty(), WholeClientRule.whyNotConfined(List.of(SERIALIZER), Set.of(), Set.of(INTERCEPTOR),
                Map.of(SERIALIZER, false), confined), "another component's set-up is not this one's");
    }

    @Test
    void aSerializerAndTheDeserializerItFeedsAreConfinedWhenBothHold() {
        assertEquals(Optional.empty(), rule(List.of(SERIALIZER, DESERIALIZER), Set.of(DESERIALIZER),
                Map.of(SERIALIZER, false, DESERIALIZER, false), confined));
        assertEquals(List.of("com.acme.OrderSerializer with output", "com.acme.OrderDeserializer without output"), asked,
                "the serializer's output is compared; the deserializer's is not, its work outside the call is");
    }

    @Test
    void aDeserializerWhoseOwnCodeChangedTakesTheWholeClient() {
        assertEquals(Optional.of("value.deserializer com.acme.OrderDeserializer wraps the client itself"),
                rule(List.of(SERIALIZER, DESERIALIZER), Set.of(), Map.of(SERIALIZER, false, DESERIALIZER, false), confined));
    }

    @Test
    void aFedOnlyDeserializerWithNoSerializerChangedTakesTheWholeClient() {
        assertEquals(Optional.of("value.deserializer com.acme.OrderDeserializer wraps the client itself"),
                rule(List.of(DESERIALIZER), Set.of(DESERIALIZER), Map.of(DESERIALIZER, false), confined));
    }

    @Test
    void aSerializerWhoseOutputDiffersTakesTheWholeClientAndTheDeserializerIsNotAsked() {
        BiFunction<ComponentRef, Boolean, Optional<String>> differs = unconfinedOnly(SERIALIZER, "its output differs from the base's");
        assertEquals(Optional.of("value.serializer com.acme.OrderSerializer: its output differs from the base's"),
                rule(List.of(SERIALIZER, DESERIALIZER), Set.of(DESERIALIZER), Map.of(SERIALIZER, false, DESERIALIZER, false), differs));
    }

    @Test
    void aFedOnlyDeserializerStillMustBeJudgedConclusiveAndQuietOutsideItsCall() {
        assertEquals(Optional.of("value.deserializer com.acme.OrderDeserializer was not judged"),
                rule(List.of(SERIALIZER, DESERIALIZER), Set.of(DESERIALIZER), Map.of(SERIALIZER, false), confined));
        assertEquals(Optional.of("value.deserializer com.acme.OrderDeserializer's verdict is INCONCLUSIVE"),
                rule(List.of(SERIALIZER, DESERIALIZER), Set.of(DESERIALIZER), Map.of(SERIALIZER, false, DESERIALIZER, true), confined));
        BiFunction<ComponentRef, Boolean, Optional<String>> threads = unconfinedOnly(DESERIALIZER,
                "the head's code started 2 more threads than the base's");
        assertEquals(Optional.of("value.deserializer com.acme.OrderDeserializer: the head's code started 2 more threads than the base's"),
                rule(List.of(SERIALIZER, DESERIALIZER), Set.of(DESERIALIZER), Map.of(SERIALIZER, false, DESERIALIZER, false), threads));
    }

    /** Fail-fast: a component's confirmed regression has decided the run; the whole client could not change it. */
    @Test
    void aConfirmedComponentRegressionSparesTheWholeClientOnlyOnceTheRunIsDecided() {
        Optional<String> decided = WholeClientRule.decidedByComponents(List.of(INTERCEPTOR, SERIALIZER), Set.of(SERIALIZER), true);
        assertEquals(Optional.of("value.serializer com.acme.OrderSerializer's regression is confirmed, which fails the run: the whole "
                + "client could not change that (-Dperf.fail.fast=false measures it)"), decided, "even beside a wrapper of the client");
        assertEquals(Optional.empty(), WholeClientRule.decidedByComponents(List.of(SERIALIZER), Set.of(SERIALIZER), false),
                "without fail-fast the whole client is measured as the rule says");
        assertEquals(Optional.empty(), WholeClientRule.decidedByComponents(List.of(SERIALIZER), Set.of(), true),
                "a run another scenario decided: this scenario's own components did not");
    }

    @Test
    void anInterceptorAlwaysTakesTheWholeClientEvenIfListedAsFed() {
        assertEquals(Optional.of("interceptor.classes com.acme.Audit wraps the client itself"),
                rule(List.of(SERIALIZER, INTERCEPTOR), Set.of(INTERCEPTOR), Map.of(SERIALIZER, false, INTERCEPTOR, false), confined));
    }
}
