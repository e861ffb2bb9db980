package dev.kafkaperfgate.usercode;

import dev.kafkaperfgate.spi.RecordSource;
import dev.kafkaperfgate.spi.SourceRecord;

import java.util.Map;
import java.util.SplittableRandom;

/** A team's record source, as a test stands one in: string keys and values of {@code words} random words. */
public final class WordRecords implements RecordSource<String, String> {

    private static final String[] WORDS = {"order", "created", "shipped", "tenant", "acme", "invoice", "refund", "euro"};
    private int words = 8;

    @Override
    public void configure(Map<String, String> config) {
        words = Integer.parseInt(config.getOrDefault("words", "8"));
    }

    @Override
    public SourceRecord<String, String> create(int index, SplittableRandom random) {
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < words; i++) {
            value.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
        }
        return new SourceRecord<>("customer-" + random.nextInt(100), value.toString());
    }
}
