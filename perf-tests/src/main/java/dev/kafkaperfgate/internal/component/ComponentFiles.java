package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;

import java.nio.file.Path;

/**
 * Where each side reads a scenario: the base's file is the experiment for both, and the head's
 * own file (when it has one) gives the head's settings.
 *
 * @param headFile {@code null} when the head has no file of the scenario: it runs the base's settings
 */
public record ComponentFiles(String scenario, Path experiment, Path headFile) {

    Path subject(Side side) {
        return side == Side.HEAD && headFile != null ? headFile : experiment;
    }
}
