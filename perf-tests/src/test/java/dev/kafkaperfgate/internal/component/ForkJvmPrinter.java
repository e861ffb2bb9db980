package dev.kafkaperfgate.internal.component;

/** A fork's stand-in for the test: prints its arguments, as a side's JVM prints what it measured. */
public final class ForkJvmPrinter {

    private ForkJvmPrinter() {
    }

    public static void main(String[] args) {
        System.out.println(String.join(" ", args));
    }
}
