package dev.kafkaperfgate.internal.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** {@code --name value} arguments of the benchmark mains, strict: an unknown name is an error. */
final class BenchArgs {

    private final Map<String, String> values = new HashMap<>();

    BenchArgs(String[] args, Map<String, String> defaults) {
        values.putAll(defaults);
        Set<String> known = defaults.keySet();
        for (int i = 0; i < args.length; i++) {
            String name = args[i].startsWith("--") ? args[i].substring(2) : null;
            if (name == null || !known.contains(name) || i + 1 >= args.length) {
                throw new IllegalArgumentException("bad argument '" + args[i] + "'; expected --name value with name one of "
                        + new java.util.TreeSet<>(known));
            }
            values.put(name, args[++i]);
        }
    }

    String text(String name) {
        return values.get(name);
    }

    long number(String name) {
        try {
            return Long.parseLong(values.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, got '" + values.get(name) + "'");
        }
    }
}
