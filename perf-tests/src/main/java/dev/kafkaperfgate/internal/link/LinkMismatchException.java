package dev.kafkaperfgate.internal.link;

/** The link measured is not the link the scenario asked for: its figures would be another link's. */
public final class LinkMismatchException extends RuntimeException {

    public LinkMismatchException(String message) {
        super(message);
    }
}
