package com.example.orders;

/** One line of an {@link Order}. */
public record OrderLine(String sku, int quantity, long unitPriceCents) {
}
