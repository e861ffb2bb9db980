package com.example.orders;

import java.util.List;

/** An order as the service publishes it to the {@code orders} topic. */
public record Order(String id, String customerId, String currency, long totalCents, String status, List<OrderLine> lines) {
}
