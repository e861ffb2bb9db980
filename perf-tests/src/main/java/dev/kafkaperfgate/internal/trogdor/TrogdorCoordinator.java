package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A Trogdor coordinator's REST API, as {@code trogdor.sh client} uses it: create a task, read its
 * state, stop it. Every call is bounded ({@link #CALL_TIMEOUT}).
 *
 * <pre>{@code
 * TrogdorCoordinator coordinator = new TrogdorCoordinator(URI.create("http://localhost:8889"));
 * coordinator.create("kpg-1-agent-1", spec);
 * TrogdorCoordinator.Task task = coordinator.task("kpg-1-agent-1");   // state PENDING, RUNNING, STOPPING or DONE
 * }</pre>
 */
public final class TrogdorCoordinator {

    static final Duration CALL_TIMEOUT = Duration.ofSeconds(15);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();

    /** @param base the coordinator's address, e.g. {@code http://coordinator:8889} */
    public TrogdorCoordinator(URI base) {
        this.base = base;
    }

    public URI base() {
        return base;
    }

    /**
     * A task's state as the coordinator knows it.
     *
     * @param state     PENDING, RUNNING, STOPPING or DONE
     * @param startedMs when it started on its agent, 0 before
     * @param doneMs    when it ended, 0 before
     * @param error     why it failed; empty when it did not
     * @param status    what its worker last reported
     */
    public record Task(String state, long startedMs, long doneMs, String error, JsonNode status) {

        public boolean done() {
            return "DONE".equals(state);
        }
    }

    /** Whether the coordinator answers now. */
    public boolean answers() {
        try {
            return send(HttpRequest.newBuilder(base.resolve("/coordinator/status")).GET()).statusCode() == 200;
        } catch (TrogdorUnavailableException e) {
            return false;
        }
    }

    /**
     * @throws TrogdorUnavailableException when the coordinator does not answer or refuses the task (its message is kept)
     */
    public void create(String id, ObjectNode spec) {
        ObjectNode request = JSON.createObjectNode();
        request.put("id", id);
        request.set("spec", spec);
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/coordinator/task/create"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(request.toString(), StandardCharsets.UTF_8)));
        if (response.statusCode() / 100 != 2) {
            throw new TrogdorUnavailableException("Trogdor's coordinator " + base + " refused task " + id + " (HTTP "
                    + response.statusCode() + "): " + response.body());
        }
    }

    /** @throws TrogdorUnavailableException when the coordinator does not answer or does not know the task */
    public Task task(String id) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/coordinator/tasks/" + id)).GET());
        if (response.statusCode() != 200) {
            throw new TrogdorUnavailableException("Trogdor's coordinator " + base + " has no task " + id + " (HTTP "
                    + response.statusCode() + "): " + response.body());
        }
        try {
            JsonNode node = JSON.readTree(response.body());
            return new Task(node.path("state").asText(), node.path("startedMs").asLong(), node.path("doneMs").asLong(),
                    node.path("error").asText(""), node.path("status"));
        } catch (IOException e) {
            throw new TrogdorUnavailableException("Trogdor's coordinator " + base + " answered task " + id + " with no JSON: "
                    + response.body(), e);
        }
    }

    /** Asks the coordinator to stop a task; a task already done stays as it was. Best effort, bounded. */
    public void stop(String id) {
        try {
            send(HttpRequest.newBuilder(base.resolve("/coordinator/task/stop")).header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(JSON.createObjectNode().put("id", id).toString(), StandardCharsets.UTF_8)));
        } catch (TrogdorUnavailableException e) {
            // The coordinator is gone: its agents end the task at its end time on their own.
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(CALL_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new TrogdorUnavailableException("Trogdor's coordinator " + base + " does not answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TrogdorUnavailableException("interrupted while calling Trogdor's coordinator " + base, e);
        }
    }
}
