package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.spec.UserClasses;

/** The team's classes a scenario names, instantiated; a class that cannot serve fails the scenario by name. */
public final class UserInstances {

    private UserInstances() {
    }

    /** @param role what the class is in the scenario, e.g. {@code record.source} */
    public static <T> T create(String scenario, String role, String className, Class<T> type) {
        try {
            return UserClasses.instantiate(className, type);
        } catch (IllegalArgumentException e) {
            throw new ScenarioFailedException("scenario " + scenario + ": " + role + ": " + e.getMessage(), e);
        }
    }
}
