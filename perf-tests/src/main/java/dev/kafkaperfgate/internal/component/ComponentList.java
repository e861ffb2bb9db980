package dev.kafkaperfgate.internal.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.environment.SideOutput;
import dev.kafkaperfgate.internal.environment.SideRefusedException;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import dev.kafkaperfgate.internal.spec.UserClasses;
import dev.kafkaperfgate.internal.component.classfile.ClassShape;
import dev.kafkaperfgate.internal.component.reach.ClientReach;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.call.ComponentScenario;
import dev.kafkaperfgate.internal.component.reach.ClasspathIndex;
import dev.kafkaperfgate.internal.component.reach.ComponentCode;
import dev.kafkaperfgate.internal.scenario.Scenario;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code java -cp <the gate's jars> ...ComponentList request.json}: which of the team's components
 * each scenario names, as one side's files and classes have them. The request is
 * {@code {"classpath": <the side's classpath>, "scenarios": [{"name", "experimentFile", "subjectFile"}]}};
 * the one line printed last is {@code [{"name", "subjectSha256", "components": [{"role",
 * "className", "code"}], "reported": [...]}]} (reported: measured, never judged), or an
 * {@code "error"} for a scenario this side cannot read. {@code code} is the {@link ComponentCode}
 * digest of what the component's call can run and read on this side; it is left out when that
 * cannot be worked out, and the component is then measured. {@code subjectSha256} is the digest
 * of the scenario's whole definition on this side ({@link ResultFile#subjectSha256}).
 *
 * <p>This answer decides what is measured, so no code of the side runs in its JVM (issue 74): the
 * side's classpath is not this JVM's; its files are read through a loader that is only asked for
 * resources, never for a class, and whether a producer factory can wrap a producer is read from
 * its class files ({@link ClassShape}), not by calling it. The gate starts it as the base's user,
 * with its own jars alone and attaching refused, for either side's files.
 */
public final class ComponentList {

    /** Marks the answer among whatever else the JVM prints. */
    static final String ANSWER = "kafka-perf-gate-components ";

    /** The method a producer factory's component stage calls, as its class file names it (any return type). */
    private static final String WRAP = "wrap(Lorg/apache/kafka/clients/producer/Producer;)";

    /** The SPI's own default {@code wrap}, which returns null: not a wrapper. */
    private static final String SPI_FACTORY = "dev/kafkaperfgate/spi/ProducerFactory";

    private ComponentList() {
    }

    public static void main(String[] args) throws IOException {
        // Kafka's ConfigDef initialises the classes a setting names: here, their names are read only.
        UserClasses.namesOnly();
        ObjectMapper json = new ObjectMapper();
        JsonNode request = json.readTree(Path.of(args[0]).toFile());
        String classpath = GateCode.first(request.path("classpath").asText());
        String dir = request.path("scenariosDir").asText("");
        try (URLClassLoader loader = resourcesOnly(classpath)) {
            System.out.println(ANSWER + json.writeValueAsString(answer(request.path("scenarios"), classpath, loader,
                    dir.isEmpty() ? null : ownFiles(Path.of(dir)))));
        }
    }

    /**
     * Each scenario's file in a side's own scenarios folder, found here, by the gate's code: a
     * side's worker could name another side's file as its own (issue 74).
     */
    static Map<String, Path> ownFiles(Path dir) {
        Map<String, Path> files = new LinkedHashMap<>();
        if (Files.isDirectory(dir)) {
            ScenarioCatalog.load(dir).all()
                    .forEach(scenario -> files.put(scenario.name(), scenario.file().toAbsolutePath().normalize()));
        }
        return files;
    }

    /** The listing of {@code scenarios}, read through {@code loader}, which is asked for resources only. */
    static ArrayNode answer(JsonNode scenarios, String classpath, ClassLoader loader, Map<String, Path> own) {
        ArrayNode answer = new ObjectMapper().createArrayNode();
        ComponentCode[] code = new ComponentCode[1];
        for (JsonNode scenario : scenarios) {
            ObjectNode entry = answer.addObject().put("name", scenario.path("name").asText());
            try {
                String subject = scenario.path("subjectFile").asText("");
                if (own != null) {
                    // The side's own file, as its folder holds it; the worker's word is checked against it.
                    Path found = own.get(scenario.path("name").asText());
                    subject = found == null ? "" : found.toString();
                    entry.put("ownFile", subject);
                }
                Scenario read = ComponentScenario.read(Path.of(scenario.path("experimentFile").asText()),
                        subject.isEmpty() ? null : Path.of(subject), scenario.path("name").asText());
                entry.put("subjectSha256", ResultFile.subjectSha256(read));
                for (ComponentRef component : ComponentScenario.reported(read)) {
                    listed(entry.withArray("reported"), read, component, code, classpath, loader);
                }
                for (ComponentRef component : ComponentScenario.components(read)) {
                    if (!component.role().equals("producer.factory") || wraps(component.className(), loader)) {
                        listed(entry.withArray("components"), read, component, code, classpath, loader);
                    } else {
                        entry.withArray("notes").add(component.label() + ": implements only create(Map), not wrap(Producer): "
                                + "measured with the whole client only");
                    }
                }
                client(entry.putObject("client"), read, code, classpath, loader);
            } catch (RuntimeException e) {
                entry.put("error", String.valueOf(e.getMessage()));
            }
        }
        return answer;
    }

    /**
     * A loader over {@code classpath} that the listing asks for resources only: its parent is the
     * platform loader, so the JDK's classes are the JDK's, as in the side's own JVMs.
     */
    static URLClassLoader resourcesOnly(String classpath) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        return new URLClassLoader("side-files", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /**
     * Whether {@code className}, or a class or interface above it that the side's files hold,
     * declares {@code wrap(Producer)}: read from class files, never by loading or calling it. One
     * that declares it and returns null at run time fails its duels, and is not judged.
     */
    static boolean wraps(String className, ClassLoader loader) {
        Deque<String> next = new ArrayDeque<>(List.of(className.replace('.', '/')));
        Set<String> seen = new HashSet<>();
        while (!next.isEmpty() && seen.size() < 256) {
            String name = next.pop();
            if (!seen.add(name) || name.equals(SPI_FACTORY) || name.startsWith("java/")) {
                continue;
            }
            try (InputStream in = loader.getResourceAsStream(name + ".class")) {
                if (in == null) {
                    continue;
                }
                ClassShape shape = ClassShape.of(in.readNBytes(16 << 20));
                if (shape.methods().stream().anyMatch(method -> method.startsWith(WRAP))) {
                    return true;
                }
                if (shape.superName() != null) {
                    next.add(shape.superName());
                }
                next.addAll(shape.interfaces());
            } catch (IOException e) {
                // Unreadable: it declares nothing the listing can see, and the factory is measured with the whole client.
            }
        }
        return false;
    }

    /**
     * What the scenario's whole client can reach ({@link ClientReach}), and what it can reach besides
     * the components whose effect is their output ({@link ComponentScenario#CONFINABLE_ROLES}):
     * {@code {"sha256", "besides", "reached"}}, or {@code {"unknown": why}}, and the scenario is then measured.
     */
    private static void client(ObjectNode client, Scenario scenario, ComponentCode[] code, String classpath, ClassLoader loader) {
        try {
            ClientReach.Reach all = ClientReach.of(code(code, classpath, loader), ComponentScenario.clientRoots(scenario));
            if (!all.known()) {
                client.put("unknown", all.unknown());
                return;
            }
            ClientReach.Reach besides = ClientReach.of(code[0], ComponentScenario.clientRootsBesides(scenario));
            client.put("sha256", all.sha256()).put("reached", all.reached());
            if (besides.known()) {
                client.put("besides", besides.sha256());
            }
        } catch (IOException | RuntimeException e) {
            client.put("unknown", "its reach cannot be read: " + e.getMessage());
        }
    }

    /** The side's classes, read once for all its components and its client. */
    private static ComponentCode code(ComponentCode[] code, String classpath, ClassLoader loader) throws IOException {
        if (code[0] == null) {
            code[0] = new ComponentCode(ClasspathIndex.of(classpath, loader), loader,
                    java.util.Set.of(Path.of(GateCode.location(GateCode.class)).toAbsolutePath()));
        }
        return code[0];
    }

    private static void listed(ArrayNode into, Scenario scenario, ComponentRef component, ComponentCode[] code, String classpath,
                               ClassLoader loader) {
        ObjectNode listed = into.addObject().put("role", component.role()).put("className", component.className());
        try {
            ComponentCode.Digest digest = code(code, classpath, loader).digest(ComponentScenario.codeRoots(scenario, component),
                    ComponentScenario.settings(scenario, component));
            listed.put("code", digest.sha256()).put("reached", digest.reached());
            try {
                // Its own set-up (issue 81): what it keeps or sets JVM-wide costs both copies in a duel's JVM.
                listed.put("setUp", code(code, classpath, loader).setUp(ComponentScenario.codeRoots(scenario, component, false)));
            } catch (IOException e) {
                listed.put("setUpUnknown", String.valueOf(e.getMessage()));   // counted as changed
            }
            if (ComponentScenario.fed(component)) {
                // Its own code, without the serializers that feed it: a change in their bytes alone is theirs to answer for.
                listed.put("own", code(code, classpath, loader).digest(ComponentScenario.codeRoots(scenario, component, false),
                        ComponentScenario.settings(scenario, component)).sha256());
            }
        } catch (IOException | RuntimeException e) {
            listed.put("codeUnknown", String.valueOf(e.getMessage()));   // measured, never skipped
        }
    }

    /** The head file its worker named for a scenario must be the one its own folder holds (none where it holds none). */
    static void agreesWithItsFolder(JsonNode entry, List<ComponentFiles> files) {
        String name = entry.path("name").asText();
        String own = entry.path("ownFile").asText("");
        ComponentFiles named = files.stream().filter(file -> file.scenario().equals(name)).findFirst().orElse(null);
        String said = named == null || named.headFile() == null ? "" : named.headFile().toAbsolutePath().normalize().toString();
        if (!said.equals(own.isEmpty() ? "" : Path.of(own).toAbsolutePath().normalize().toString())) {
            throw new SideRefusedException("the head's worker named " + (said.isEmpty() ? "no file" : SideOutput.neutral(said))
                    + " for scenario " + SideOutput.neutral(name) + ", but its scenarios folder holds "
                    + (own.isEmpty() ? "none" : SideOutput.neutral(own)) + ": what is measured is the gate's to find");
        }
    }
}
