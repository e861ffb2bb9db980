package com.example.readings;

import java.time.Instant;
import java.util.List;

/** One sensor reading, as the service publishes it to {@code readings}. */
public record Reading(String sensorId, String site, Instant takenAt, double value, String unit, List<String> tags) {
}
