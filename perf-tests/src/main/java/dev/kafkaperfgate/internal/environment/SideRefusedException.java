package dev.kafkaperfgate.internal.environment;

/**
 * A run the gate refuses to judge because a side's own files or code reached for the decision: a
 * file it changed that the gate runs on, a worker that named a scenario file its own folder does
 * not hold, a classpath outside its files. NOT JUDGED (exit 2, {@code REFUSED}), never a pass and
 * never an infrastructure error: the message names the side and what it did, in one line.
 */
public class SideRefusedException extends RuntimeException {

    public SideRefusedException(String message) {
        super(message);
    }
}
