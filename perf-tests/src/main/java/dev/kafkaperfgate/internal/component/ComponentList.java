package dev.kafkaperfgate.internal.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.component.call.ComponentCall;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.call.ComponentScenario;
import dev.kafkaperfgate.internal.component.reach.ClasspathIndex;
import dev.kafkaperfgate.internal.component.reach.ComponentCode;
import dev.kafkaperfgate.internal.scenario.Scenario;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code java -cp <gate jars>:<side's classpath> ...ComponentList request.json}: which of the
 * team's components each scenario names, as this side's files and classes have them. The request
 * is {@code [{"name", "experimentFile", "subjectFile"}]}; the one line printed last is
 * {@code [{"name", "components": [{"role", "className", "code"}], "reported": [...]}]} (reported: measured,
 * never judged), or an {@code "error"} for a scenario this side cannot read. {@code code} is the
 * {@link ComponentCode} digest of what the component's call can run and read on this side; it is
 * left out when that cannot be worked out, and the component is then measured.
 */
public final class ComponentList {

    /** Marks the answer among whatever the side's classes print while loading. */
    static final String ANSWER = "kafka-perf-gate-components ";

    /** This JVM's classes, read once for all its components: {@code null} until the first one needs them. */
    private static ComponentCode code;

    private ComponentList() {
    }

    public static void main(String[] args) throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode request = json.readTree(Path.of(args[0]).toFile());
        ArrayNode answer = json.createArrayNode();
        for (JsonNode scenario : request) {
            ObjectNode entry = answer.addObject().put("name", scenario.path("name").asText());
            try {
                String subject = scenario.path("subjectFile").asText("");
                Scenario read = ComponentScenario.read(Path.of(scenario.path("experimentFile").asText()),
                        subject.isEmpty() ? null : Path.of(subject), scenario.path("name").asText());
                for (ComponentRef component : ComponentScenario.reported(read)) {
                    listed(entry.withArray("reported"), read, component);
                }
                for (ComponentRef component : ComponentScenario.components(read)) {
                    if (ComponentCall.measurable(component)) {
                        listed(entry.withArray("components"), read, component);
                    } else {
                        entry.withArray("notes").add(component.label() + ": implements only create(Map), not wrap(Producer): "
                                + "measured with the whole client only");
                    }
                }
            } catch (RuntimeException e) {
                entry.put("error", String.valueOf(e.getMessage()));
            }
        }
        System.out.println(ANSWER + json.writeValueAsString(answer));
    }

    private static void listed(ArrayNode into, Scenario scenario, ComponentRef component) {
        ObjectNode listed = into.addObject().put("role", component.role()).put("className", component.className());
        try {
            if (code == null) {
                ClassLoader loader = ClassLoader.getSystemClassLoader();
                code = new ComponentCode(ClasspathIndex.of(ThisJvm.classPath(), loader), loader);
            }
            ComponentCode.Digest digest = code.digest(ComponentScenario.codeRoots(scenario, component),
                    ComponentScenario.settings(scenario, component));
            listed.put("code", digest.sha256()).put("reached", digest.reached());
        } catch (IOException | RuntimeException e) {
            listed.put("codeUnknown", String.valueOf(e.getMessage()));   // measured, never skipped
        }
    }
}
