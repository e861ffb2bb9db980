package dev.kafkaperfgate.internal.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.environment.GateFiles;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.environment.ThisJvm;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each side's component listing ({@link ComponentList}), asked of a JVM that runs the gate's code
 * alone: which components each scenario names, their code's digest and the subject's digest. These
 * decide what is measured, so no JVM that runs a side's code answers (issue 74): both listings run
 * the gate's jars, as the base's user (never the head's, whose processes could trace them), with
 * attaching refused, and read the head's files once they are read-only to it (SideUsers.Launch#freeze).
 */
final class ComponentListing {

    private static final Duration LIST_TIMEOUT = Duration.ofSeconds(60);

    /** A listing JVM's flags: it reads class files, it measures nothing, and no process may attach to it. */
    private static final List<String> LIST_FLAGS = List.of("-Xms128m", "-Xmx256m", "-XX:+DisableAttachMechanism");

    private final String baseClasspath;
    private final String headClasspath;
    private final SideUsers users;
    private final ForkJvm base;
    private final ForkJvm head;

    ComponentListing(String baseClasspath, String headClasspath, Path logs, SideUsers users) {
        this.baseClasspath = baseClasspath;
        this.headClasspath = headClasspath;
        this.users = users;
        this.base = new ForkJvm(Side.BASE.key(), ThisJvm.classPath(), LIST_FLAGS, logs, users.base());
        this.head = new ForkJvm(Side.HEAD.key(), ThisJvm.classPath(), LIST_FLAGS, logs, users.base());
    }

    /**
     * What one side's list says of a scenario.
     *
     * @param code    per component, the {@link ComponentCode} digest of what its call can run; absent when unknown
     * @param reached per component, how many classes and resources that digest covers
     * @param subject the digest of the scenario's whole definition on this side; {@code null} when not given
     */
    record Listed(List<ComponentRef> components, List<ComponentRef> reported, List<String> notes,
                          Map<ComponentRef, String> code, Map<ComponentRef, Integer> reached, String subject, Client client,
                          Map<ComponentRef, String> own, Map<ComponentRef, String> setUp) {

        static final Listed NONE = new Listed(List.of(), List.of(), List.of(), Map.of(), Map.of(), null, Client.UNKNOWN, Map.of(), Map.of());
    }

    /**
     * What the scenario's whole client can reach on this side ({@code ClientReach}).
     *
     * @param sha256  every class and resource it can reach; {@code null} when unknown
     * @param besides the same, besides the components whose effect is their output; {@code null} when unknown
     * @param unknown why the reach is unknown, or {@code null}
     */
    record Client(String sha256, String besides, String unknown) {

        static final Client UNKNOWN = new Client(null, null, "no listing");

        static Client of(JsonNode client) {
            return new Client(client.hasNonNull("sha256") ? client.path("sha256").asText() : null,
                    client.hasNonNull("besides") ? client.path("besides").asText() : null,
                    client.hasNonNull("unknown") ? client.path("unknown").asText() : client.hasNonNull("sha256") ? null : "not given");
        }
    }

    /** Per scenario, what {@code jvm}'s side names and how its components' code digests. */
    Map<String, Listed> list(Side side, List<ComponentFiles> files, Path work, Path ownScenarios) {
        ForkJvm jvm = side == Side.BASE ? base : head;
        ObjectMapper json = new ObjectMapper();
        ObjectNode request = json.createObjectNode().put("classpath", side == Side.BASE ? baseClasspath : headClasspath);
        if (ownScenarios != null) {
            request.put("scenariosDir", ownScenarios.toAbsolutePath().toString());
        }
        files.forEach(file -> request.withArray("scenarios").addObject().put("name", file.scenario()).put("experimentFile", file.experiment().toString())
                .put("subjectFile", file.subject(side).toString()));
        // Where the side's JVM can read it: with users of their own, the gate's exchange folder.
        Path requestFile = users.exchange().orElse(work).resolve("components-" + jvm.owner() + ".json");
        try {
            GateFiles.folder(work);
            try (java.io.OutputStream out = GateFiles.newFile(requestFile)) {
                json.writeValue(out, request);
            }
            String output = jvm.run("component list", LIST_TIMEOUT, ComponentList.class.getName(), List.of(requestFile.toString()));
            // Exactly one answer line: a second (printed by anything on the side's classpath) would be a claim, not the listing's.
            List<String> answers = output.lines().filter(line -> line.startsWith(ComponentList.ANSWER)).toList();
            if (answers.size() != 1) {
                throw new ComponentStageException(jvm.side(), "the " + jvm.owner() + " gave " + answers.size()
                        + " component listings where one was asked for (log " + jvm.log("component list") + ")", null);
            }
            String answer = answers.get(0).substring(ComponentList.ANSWER.length());
            Map<String, Listed> lists = new LinkedHashMap<>();
            for (JsonNode entry : json.readTree(answer)) {
                if (entry.has("error")) {
                    throw new ComponentStageException(jvm.side(), "the " + jvm.owner() + " cannot read scenario "
                            + entry.path("name").asText() + " for its components: " + entry.path("error").asText(), null);
                }
                if (ownScenarios != null) {
                    ComponentList.agreesWithItsFolder(entry, files);
                }
                Map<ComponentRef, String> code = new LinkedHashMap<>();
                Map<ComponentRef, Integer> reached = new LinkedHashMap<>();
                List<ComponentRef> components = refs(entry.path("components"), code, reached);
                List<ComponentRef> reported = refs(entry.path("reported"), code, reached);
                List<String> notes = new ArrayList<>();
                entry.path("notes").forEach(note -> notes.add(note.asText()));
                // Why a component could not be compared, so a reader knows why it was measured.
                for (JsonNode c : entry.path("components")) {
                    if (c.has("codeUnknown")) {
                        notes.add(c.path("role").asText() + " " + c.path("className").asText() + ": measured: the " + jvm.owner()
                                + "'s code could not be compared (" + c.path("codeUnknown").asText() + ")");
                    }
                }
                lists.put(entry.path("name").asText(), new Listed(components, reported, notes, code, reached,
                        entry.hasNonNull("subjectSha256") ? entry.path("subjectSha256").asText() : null,
                        Client.of(entry.path("client")), texts(entry.path("components"), "own"), texts(entry.path("components"), "setUp")));
            }
            return lists;
        } catch (IOException e) {
            throw new ComponentStageException(jvm.side(), "the " + jvm.owner() + "'s component list cannot be read: " + e.getMessage(), e);
        }
    }


    /** Per component listed, its {@code field}, where given. */
    private static Map<ComponentRef, String> texts(JsonNode listed, String field) {
        Map<ComponentRef, String> texts = new LinkedHashMap<>();
        listed.forEach(c -> {
            if (c.hasNonNull(field)) {
                texts.put(new ComponentRef(c.path("role").asText(), c.path("className").asText()), c.path(field).asText());
            }
        });
        return texts;
    }

    private static List<ComponentRef> refs(JsonNode listed, Map<ComponentRef, String> code, Map<ComponentRef, Integer> reached) {
        List<ComponentRef> refs = new ArrayList<>();
        for (JsonNode c : listed) {
            ComponentRef ref = new ComponentRef(c.path("role").asText(), c.path("className").asText());
            refs.add(ref);
            if (c.hasNonNull("code")) {
                code.put(ref, c.path("code").asText());
                reached.put(ref, c.path("reached").asInt());
            }
        }
        return refs;
    }
}
