package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** summary.json's schema, as the library ships it: for any test that reads a summary a run wrote. */
public final class SummarySchema {

    private static Schema schema;

    private SummarySchema() {
    }

    /** The schema's complaints about {@code summary}: empty when it holds. */
    public static synchronized List<Error> problems(JsonNode summary) {
        if (schema == null) {
            try (InputStream in = RunSummary.class.getResourceAsStream("/dev/kafkaperfgate/summary.schema.json")) {
                assertTrue(in != null, "the schema ships in the library's jar");
                schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return schema.validate(summary);
    }

    /** Fails the test, naming every problem, unless {@code summary} holds to the schema. */
    public static void assertValid(JsonNode summary) {
        List<Error> problems = problems(summary);
        assertTrue(problems.isEmpty(), "summary.json against its schema: " + problems);
    }
}
