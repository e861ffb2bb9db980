package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.settings.Spelling;
import dev.kafkaperfgate.internal.spec.ClientProperties;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code producer} and {@code consumer} sections of a scenario file: Kafka's own keys,
 * each checked by the client's ConfigDef and reported at its own line, then the whole section
 * as the client would construct it. A section may start from the team's own properties file
 * ({@code producer.config}, {@code consumer.config}); the section's keys override the file's, and
 * a bad key is reported at the line of whichever set it.
 */
final class ClientSections {

    private ClientSections() {
    }

    /**
     * Pinned in every scenario's producer (a consume scenario's writes its records): kafka-clients
     * 4.0 changed linger.ms's default from 0 to 5, and an unpinned default turns a client upgrade
     * into a phantom regression.
     */
    static final List<String> PINNED_PRODUCER_KEYS = List.of("acks", "batch.size", "compression.type", "linger.ms");

    /** The producer section (over the {@code producer.config} file's settings), required in every scenario. */
    static Map<String, String> producer(YamlMap doc) {
        ClientConfigFile file = ClientConfigFile.read(doc, "producer.config");
        YamlMap producer = doc.map("producer");
        if (producer == null && file == null) {
            if (!doc.has("producer")) {
                doc.report("producer", "required (it writes the records of every workload), with at least " + PINNED_PRODUCER_KEYS
                        + ", or producer.config naming a properties file");
            }
            return Map.of();
        }
        Map<String, String> values = merged(doc, file, producer, ClientProperties.PRODUCER);
        for (String pinned : PINNED_PRODUCER_KEYS) {
            if (!values.containsKey(pinned)) {
                String why = "must be set: defaults change between kafka-clients versions "
                        + "(linger.ms went from 0 to 5 in 4.0), and an unpinned default makes an upgrade look like a regression";
                if (producer != null) {
                    producer.report(pinned, why);
                } else {
                    doc.report("producer.config", pinned + " " + why);
                }
            }
        }
        return values;
    }

    /**
     * The file's settings, then the section's over them, each key checked where it was set. A
     * plug-in named in either (or the scenario's {@code producer.factory}) lets its own keys pass,
     * wherever they are set: Kafka hands them to its {@code configure}.
     */
    private static Map<String, String> merged(YamlMap doc, ClientConfigFile file, YamlMap section, ClientProperties client) {
        Map<String, String> fromFile = new TreeMap<>(file != null ? file.values() : Map.of());
        Map<String, String> own = section != null ? section.scalars() : Map.of();
        fromFile.keySet().removeAll(own.keySet());
        Map<String, String> values = new TreeMap<>(fromFile);
        values.putAll(own);
        boolean pluginKeys = client.namesAPlugin(values) || client == ClientProperties.PRODUCER && doc.has("producer.factory");
        fromFile.forEach((key, value) -> problem(client, key, value, pluginKeys)
                .ifPresent(problem -> doc.errors().add(file.error(key, problem))));
        own.forEach((key, value) -> problem(client, key, value, pluginKeys).ifPresent(problem -> section.report(key, problem)));
        return values;
    }

    /**
     * A mirror scenario's {@code mirror: {producer: {...}, consumer: {...}}}: MirrorMaker 2's own
     * clients, each key checked by its client's ConfigDef at its own line. {@code null} when absent.
     */
    static dev.kafkaperfgate.internal.spec.MirrorSpec mirror(YamlMap doc, WorkloadKind workload) {
        YamlMap mirror = doc.map("mirror");
        if (mirror == null) {
            if (workload == WorkloadKind.MIRROR && !doc.has("mirror")) {
                return dev.kafkaperfgate.internal.spec.MirrorSpec.DEFAULT;
            }
            return null;
        }
        if (workload != WorkloadKind.MIRROR) {
            doc.report("mirror", "configures MirrorMaker 2: only workload: mirror has it");
            return null;
        }
        mirror.rejectUnknown(List.of("producer", "consumer"));
        return new dev.kafkaperfgate.internal.spec.MirrorSpec(checked(mirror.map("producer"), ClientProperties.PRODUCER),
                checked(mirror.map("consumer"), ClientProperties.CONSUMER));
    }

    private static Map<String, String> checked(YamlMap section, ClientProperties client) {
        if (section == null) {
            return Map.of();
        }
        Map<String, String> values = section.scalars();
        boolean pluginKeys = client.namesAPlugin(values);
        values.forEach((key, value) -> problem(client, key, value, pluginKeys).ifPresent(problem -> section.report(key, problem)));
        return values;
    }

    /** The consumer section: refused for produce scenarios, optional otherwise. */
    static Map<String, String> consumer(YamlMap doc, WorkloadKind workload) {
        if (workload == WorkloadKind.PRODUCE && doc.has("consumer")) {
            doc.report("consumer", "only consume and end-to-end workloads have a consumer");
            return Map.of();
        }
        if (workload == WorkloadKind.PRODUCE && doc.has("consumer.config")) {
            doc.report("consumer.config", "only consume and end-to-end workloads have a consumer");
            return Map.of();
        }
        ClientConfigFile file = ClientConfigFile.read(doc, "consumer.config");
        YamlMap consumer = doc.map("consumer");
        if (consumer == null && file == null) {
            return Map.of();
        }
        Map<String, String> values = merged(doc, file, consumer, ClientProperties.CONSUMER);
        boolean pluginKeys = ClientProperties.CONSUMER.namesAPlugin(values);
        if (values.keySet().stream().allMatch(key -> ClientProperties.CONSUMER.problem(key, values.get(key), pluginKeys).isEmpty())) {
            ClientProperties.CONSUMER.combinationProblem(values)
                    .ifPresent(problem -> doc.report(consumer != null ? "consumer" : "consumer.config", problem));
        }
        return values;
    }

    /**
     * Credentials and TLS settings: a scenario's settings are written verbatim into result files,
     * baselines, the report and the PR comment, so a secret set here would be published.
     */
    private static final java.util.regex.Pattern SECURITY_KEY = java.util.regex.Pattern.compile(
            // Which credentials a registry's client takes is not one: basic.auth.credentials.source, bearer.auth.credentials.source.
            "(?!(.*\\.)?(basic|bearer)\\.auth\\.credentials\\.source$)"
            + "((.*\\.)?sasl\\..*|(.*\\.)?ssl\\..*|.*authorization.*"
            + "|(.*\\.)?security\\.protocol|.*jaas.*|.*password.*|.*\\.secret.*|.*secret\\..*|.*token.*|.*credentials?(\\..*)?"
            + "|.*private\\.?key.*"
            // A schema registry's own: Confluent's basic.auth.user.info (also as schema.registry.basic.auth.user.info),
            // Apicurio's apicurio.auth.* (username and password, client id and secret).
            + "|(.*\\.)?basic\\.auth\\..*|.*user\\.info|apicurio\\.auth\\..*|.*api\\.?key.*"
            // Kafka's config providers resolve ${provider:path:key} from the machine's files or environment while the
            // client is made: a scenario's setting could read a secret into the published figures, or a file the gate's user can.
            + "|config\\.providers(\\..*)?)", java.util.regex.Pattern.CASE_INSENSITIVE);

    /** A value that is an HTTP credential itself: {@code Basic dGVhbTpodW50ZXIy}, {@code Bearer eyJ...}. */
    private static final java.util.regex.Pattern CREDENTIAL_VALUE = java.util.regex.Pattern.compile("\\b(Basic|Bearer)\\s+\\S{8,}",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    /** A URL that carries a user (and so, usually, a password): {@code https://user:secret@registry:8081}. */
    private static final java.util.regex.Pattern URL_WITH_USER = java.util.regex.Pattern.compile(
            "(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*+://[^/@\\s]++@");

    /**
     * Where a credential goes instead. The client's own (SASL, TLS) go in the file -Dperf.external.client.properties
     * names, for an external cluster, which the gate never records; a plug-in's (a schema registry's) have no place in a
     * perf scenario: its registry must be one that needs none (Confluent's mock://, a local registry).
     */
    private static String whereCredentialsGo(ClientProperties client, String key) {
        return client.names().contains(key) ? "; put credentials in the file -Dperf.external.client.properties names, which the gate "
                + "never records" : "; a plug-in's credentials have no place in a perf scenario: point the plug-in at a service that "
                + "needs none (for a schema registry: Confluent's mock:// URLs, a local registry)";
    }

    /** What is wrong with one key, with the nearest valid key when it looks like a typo. */
    static java.util.Optional<String> problem(ClientProperties client, String key, String value, boolean pluginKeys) {
        if (URL_WITH_USER.matcher(value).find() || CREDENTIAL_VALUE.matcher(value).find()) {
            return java.util.Optional.of("holds a credential (a URL with a user in it, or an HTTP Basic or Bearer value): scenario "
                    + "settings are written verbatim into results, baselines, the report and the PR comment" + whereCredentialsGo(client, key));
        }
        if (SECURITY_KEY.matcher(key).matches()) {
            return java.util.Optional.of("is a security setting: scenario settings are written verbatim into results, baselines, "
                    + "the report and the PR comment" + whereCredentialsGo(client, key));
        }
        return client.problem(key, value, pluginKeys).map(problem -> problem + Spelling.nearest(key, client.names())
                .filter(near -> !near.equals(key)).map(near -> " (did you mean '" + near + "'?)").orElse(""));
    }
}
