package dev.kafkaperfgate.internal.baseline;

import java.util.List;

/** Baseline files that cannot be used; the message lists every problem, each naming its file and field. */
public final class BaselineException extends RuntimeException {

    private final List<String> problems;

    public BaselineException(List<String> problems) {
        super(problems.size() == 1 ? problems.get(0)
                : problems.size() + " baseline problems:\n  " + String.join("\n  ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
