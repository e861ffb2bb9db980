package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.ClientProperties;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.yaml.snakeyaml.nodes.ScalarNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a checked draft into its scenarios: one, or one per value of its {@code sweep}, each
 * built and checked as a whole and named {@code name[param=value]}. A bad value is reported at
 * its own line.
 */
final class SweepExpansion {

    /** The swept value, quoted, unless the problem is that it is a credential: the line is printed and published. */
    private static String shown(String value, String problem) {
        return problem.startsWith("is a security setting") || problem.startsWith("holds a credential") ? "a value" : "'" + value + "'";
    }

    private SweepExpansion() {
    }

    /** The scenario, or one per sweep value, each built and checked as a whole. */
    static List<Scenario> expand(YamlMap doc, ScenarioDraft draft, List<ValidationError> errors) {
        YamlMap sweep = doc.map("sweep");
        if (sweep == null) {
            Scenario single = build(doc, draft, draft.name(), null, null, null, draft.nameLine(), errors);
            return single == null ? List.of() : List.of(single);
        }
        sweep.rejectUnknown(List.of("parameter", "values"));
        String parameter = sweep.string("parameter", true);
        List<ScalarNode> values = sweep.list("values");
        if (values == null && !sweep.has("values")) {
            sweep.report("values", "required: the list of values to sweep");
        }
        if (parameter == null || values == null) {
            return List.of();
        }
        if (draft.workload() == WorkloadKind.CONSUME) {
            doc.report("sweep", "consume scenarios are not swept: one pre-load, one consumer configuration; write one file per configuration");
            return List.of();
        }
        if (draft.payloadFile() != null && parameter.equals("record.size")) {
            sweep.report("parameter", "record.size cannot be swept when the values come from payload.file");
            return List.of();
        }
        boolean mirrorParameter = parameter.startsWith("mirror.producer.") || parameter.startsWith("mirror.consumer.");
        if (!List.of("record.size", "rate", "topic.partitions").contains(parameter) && !parameter.startsWith("producer.")
                && !mirrorParameter) {
            sweep.report("parameter", "can sweep record.size, rate, topic.partitions, producer.<key> or (workload: mirror) "
                    + "mirror.producer.<key> / mirror.consumer.<key>, not '" + parameter + "'");
            return List.of();
        }
        if (mirrorParameter && draft.workload() != WorkloadKind.MIRROR) {
            sweep.report("parameter", parameter + " sweeps MirrorMaker 2's settings: only workload: mirror has them");
            return List.of();
        }
        if (values.size() < 2) {
            sweep.report("values", "a sweep needs at least two values");
            return List.of();
        }
        List<Scenario> scenarios = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (ScalarNode value : values) {
            if (!seen.add(value.getValue())) {
                // Not quoted: a swept credential is refused below, and this line is printed and published too.
                doc.reportAt(value, sweep.field("values"), "a value appears twice");
                continue;
            }
            String name = draft.name() + "[" + label(parameter) + "=" + value.getValue() + "]";
            Scenario scenario = build(doc, draft, name, parameter, value, sweep, YamlMap.line(value), errors);
            if (scenario != null) {
                scenarios.add(scenario);
            }
        }
        return scenarios.size() == seen.size() ? scenarios : List.of();
    }

    private static Scenario build(YamlMap doc, ScenarioDraft draft, String name, String parameter, ScalarNode value, YamlMap sweep,
                                  int line, List<ValidationError> errors) {
        Map<String, String> producer = new LinkedHashMap<>(draft.producer());
        int recordSize = draft.recordSize();
        int partitions = draft.partitions();
        double rate = draft.rate();
        dev.kafkaperfgate.internal.spec.MirrorSpec mirror = draft.mirror();
        String field = parameter == null ? "(scenario)" : sweep.field("values");
        try {
            if (parameter != null) {
                String text = value.getValue();
                if (parameter.startsWith("mirror.")) {
                    String client = parameter.substring("mirror.".length(), parameter.indexOf('.', "mirror.".length()));
                    String key = parameter.substring(("mirror." + client + ".").length());
                    ClientProperties properties = client.equals("producer") ? ClientProperties.PRODUCER : ClientProperties.CONSUMER;
                    // The same checks as a section's key: a credential swept is published too.
                    String problem = ClientSections.problem(properties, key, text, properties.namesAPlugin(client.equals("producer") ? mirror.producer() : mirror.consumer()))
                            .orElse(null);
                    if (problem != null) {
                        errors.add(new ValidationError(doc.fileOf(), line, field, shown(text, problem) + " for " + key + " " + problem));
                        return null;
                    }
                    mirror = mirror.with(client, key, text);
                } else switch (parameter) {
                    case "record.size" -> recordSize = Integer.parseInt(text);
                    case "rate" -> rate = text.equals("unlimited") ? ProduceScenario.UNLIMITED : Double.parseDouble(text);
                    case "topic.partitions" -> partitions = Integer.parseInt(text);
                    default -> {
                        String key = parameter.substring("producer.".length());
                        String problem = ClientSections.problem(ClientProperties.PRODUCER, key, text,
                                ClientProperties.PRODUCER.namesAPlugin(producer) || draft.producerFactory() != null).orElse(null);
                        if (problem != null) {
                            errors.add(new ValidationError(doc.fileOf(), line, field, shown(text, problem) + " for " + key + " " + problem));
                            return null;
                        }
                        producer.put(key, text);
                    }
                }
            }
            if ((draft.workload() == WorkloadKind.END_TO_END || draft.workload() == WorkloadKind.MIRROR)
                    && rate == ProduceScenario.UNLIMITED) {
                errors.add(new ValidationError(doc.fileOf(), line, field, "an " + draft.workload().key()
                        + " scenario needs a fixed rate, not unlimited"));
                return null;
            }
            String combination = ClientProperties.PRODUCER.combinationProblem(producer).orElse(null);
            if (combination != null) {
                errors.add(new ValidationError(doc.fileOf(), parameter == null ? doc.lineOf("producer") : line,
                        parameter == null ? "producer" : field, combination));
                return null;
            }
            ProduceScenario produce = ProduceScenario.builder(name)
                    .brokers(draft.brokers()).partitions(partitions).replicationFactor(draft.replicationFactor())
                    .topicConfigs(draft.topicConfigs())
                    .recordsPerTrial(draft.records()).trialDuration(draft.duration())
                    .recordSize(recordSize).payloadFile(draft.payloadFile()).recordSource(draft.recordSource())
                    .compressibility(draft.compressibility())
                    .recordsPerSecond(rate)
                    .producerProperties(producer).producerFactory(draft.producerFactory())
                    .warmup(draft.warmup()).trials(draft.trials())
                    .fault(draft.fault())
                    .network(draft.network())
                    .mirror(mirror)
                    .build();
            return new Scenario(doc.fileOf(), line, name, draft.description(), draft.tags(),
                    draft.name(), label(parameter), value == null ? null : value.getValue(), draft.workload(), produce,
                    draft.consumer(), draft.thresholds(), draft.trogdor());
        } catch (IllegalArgumentException e) {
            errors.add(new ValidationError(doc.fileOf(), line, field, e.getMessage()));
            return null;
        }
    }

    /** The swept parameter as names show it: {@code producer.batch.size} as {@code batch.size}. */
    private static String label(String parameter) {
        if (parameter == null) {
            return null;
        }
        if (parameter.startsWith("mirror.")) {
            return parameter; // mirror.producer.batch.size: MM2's producer, not the scenario's
        }
        if (parameter.startsWith("producer.") || parameter.startsWith("topic.")) {
            return parameter.substring(parameter.indexOf('.') + 1);
        }
        return parameter;
    }
}
