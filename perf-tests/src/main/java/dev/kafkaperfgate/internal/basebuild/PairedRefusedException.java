package dev.kafkaperfgate.internal.basebuild;

/**
 * A paired run the gate refuses to judge: the head's build or code changed a file the base or the
 * gate runs on, or the base cannot be measured and the only stand-in would run the head's code
 * where the gate decides. NOT JUDGED (exit 2), never a pass; the message says why in one line.
 */
public final class PairedRefusedException extends dev.kafkaperfgate.internal.environment.SideRefusedException {

    public PairedRefusedException(String message) {
        super(message);
    }
}
