package dev.kafkaperfgate.internal.workload;

import java.util.Map;

/** Runs the codec check in a JVM of its own (a native library loads once per JVM): exit 3 with the message on failure. */
public final class CodecCheckMain {

    private CodecCheckMain() {
    }

    public static void main(String[] args) {
        try {
            CodecCheck.verify("codec-noexec", Map.of("compression.type", args[0]));
            System.out.println("codec " + args[0] + " loads");
        } catch (ScenarioFailedException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
    }
}
