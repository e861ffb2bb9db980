package com.example.readings.perf;

import com.example.readings.Reading;
import dev.kafkaperfgate.spi.RecordSource;
import dev.kafkaperfgate.spi.SourceRecord;

import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

/** Readings from a few hundred sensors on a dozen sites, seeded by the gate: every run publishes the same. */
public final class ReadingRecords implements RecordSource<String, Reading> {

    private static final String[] UNITS = {"celsius", "percent", "hPa", "lux"};
    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");

    @Override
    public SourceRecord<String, Reading> create(int index, SplittableRandom random) {
        String sensor = "sensor-" + random.nextInt(300);
        String site = "site-" + random.nextInt(12);
        Reading reading = new Reading(sensor, site, START.plusMillis(index * 250L), Math.round(random.nextDouble() * 10_000) / 100.0,
                UNITS[random.nextInt(UNITS.length)], random.nextBoolean() ? List.of("outdoor") : List.of("indoor", "calibrated"));
        return new SourceRecord<>(sensor, reading);
    }
}
