package com.example.orders.perf;

import com.example.orders.Order;
import com.example.orders.OrderLine;
import dev.kafkaperfgate.spi.RecordSource;
import dev.kafkaperfgate.spi.SourceRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Realistic orders for the perf scenarios: 1 to {@code lines.max} lines from a catalogue of
 * SKUs, a few hundred customers (the key), three currencies. Seeded by the gate, so every run
 * publishes the same orders.
 */
public final class OrderRecords implements RecordSource<String, Order> {

    private static final String[] CURRENCIES = {"EUR", "USD", "GBP"};
    private static final String[] STATUSES = {"created", "paid", "shipped"};
    private int maxLines = 5;

    @Override
    public void configure(Map<String, String> config) {
        maxLines = Integer.parseInt(config.getOrDefault("lines.max", "5"));
    }

    @Override
    public SourceRecord<String, Order> create(int index, SplittableRandom random) {
        int count = 1 + random.nextInt(maxLines);
        List<OrderLine> lines = new ArrayList<>(count);
        long total = 0;
        for (int i = 0; i < count; i++) {
            OrderLine line = new OrderLine("SKU-" + (10_000 + random.nextInt(5_000)), 1 + random.nextInt(4), 99 + random.nextInt(20_000));
            lines.add(line);
            total += line.quantity() * line.unitPriceCents();
        }
        String customer = "customer-" + random.nextInt(400);
        Order order = new Order("order-" + index, customer, CURRENCIES[random.nextInt(CURRENCIES.length)], total,
                STATUSES[random.nextInt(STATUSES.length)], lines);
        return new SourceRecord<>(customer, order);
    }
}
