package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.environment.CpuSet;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.trogdor.TrogdorSettings;

/**
 * Every setting that a later part of the run parses, parsed once before anything starts: a bad
 * {@code -Dperf.trogdor.agents} or CPU list fails the run at once, naming the key, not after the
 * broker has started and a scenario has run (issue 60 item 2).
 */
final class SettingsCheck {

    private SettingsCheck() {
    }

    /** @throws IllegalArgumentException naming the first setting that cannot be taken */
    static void parseAll(GateSettings settings) {
        cpuList(GateProperties.BROKER_CPUS, settings.brokerCpus());
        cpuList(GateProperties.CLIENT_CPUS, settings.clientCpus());
        BrokerSettings.from(settings);
        TrogdorSettings.from(settings);
    }

    private static void cpuList(String key, String value) {
        try {
            CpuSet.parseOrNull(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + key + ": " + e.getMessage(), e);
        }
    }
}
