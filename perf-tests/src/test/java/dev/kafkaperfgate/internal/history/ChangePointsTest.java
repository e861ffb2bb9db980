package dev.kafkaperfgate.internal.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java E-Divisive means against Apache Otava 0.8.0 on the same series: the same change points
 * at the same indexes, with the same segment means and p-values
 * ({@code src/test/resources/history/otava-reference.py} wrote the reference with Otava itself).
 */
@Tag("unit")
class ChangePointsTest {

    @Test
    void findsWhatOtavaFindsOnEverySeries() throws IOException {
        JsonNode reference;
        try (InputStream in = ChangePointsTest.class.getResourceAsStream("/history/otava-reference.json")) {
            reference = new ObjectMapper().readTree(in);
        }
        assertEquals("0.8.0", reference.get("otava").asText());
        int cases = 0;
        int points = 0;
        for (JsonNode testCase : reference.get("cases")) {
            double[] series = StreamSupport.stream(testCase.get("series").spliterator(), false).mapToDouble(JsonNode::asDouble).toArray();
            List<ChangePoints.ChangePoint> found = ChangePoints.OTAVA_DEFAULTS.find(series);
            JsonNode expected = testCase.get("changePoints");
            String name = testCase.get("name").asText();
            assertEquals(expected.size(), found.size(), name + ": " + found);
            for (int i = 0; i < found.size(); i++) {
                JsonNode want = expected.get(i);
                ChangePoints.ChangePoint got = found.get(i);
                assertEquals(want.get("index").asInt(), got.index(), name);
                assertEquals(want.get("meanBefore").asDouble(), got.meanBefore(), 1e-9 * Math.abs(got.meanBefore()), name);
                assertEquals(want.get("meanAfter").asDouble(), got.meanAfter(), 1e-9 * Math.abs(got.meanAfter()), name);
                // scipy's and commons-math's t distributions agree to many digits, not to the last bit.
                assertEquals(want.get("pValue").asDouble(), got.pValue(), Math.max(1e-12, want.get("pValue").asDouble() * 1e-6), name);
                points++;
            }
            cases++;
        }
        assertEquals(8, cases);
        // The reference holds both kinds: series with steps and series without (A/A, constant, short).
        assertEquals(5, points);
    }

    @Test
    void aStepThreeNightsBackIsFoundAtItsNight() {
        double[] series = new double[30];
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 27 ? 100 : 110) + (i % 3 - 1) * 0.5;
        }
        List<ChangePoints.ChangePoint> found = ChangePoints.OTAVA_DEFAULTS.find(series);
        assertEquals(1, found.size(), found.toString());
        assertEquals(27, found.get(0).index());
        assertEquals(0.10, found.get(0).relativeChange(), 0.01);
    }

    @Test
    void aMinimumMagnitudeDropsASignificantButSmallStep() {
        double[] series = new double[40];
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 20 ? 1000 : 1010) + (i % 2) * 0.1;
        }
        assertEquals(1, ChangePoints.OTAVA_DEFAULTS.find(series).size());
        assertTrue(new ChangePoints(50, 0.001, 0.02).find(series).isEmpty(), "a 1% step is under a 2% minimum");
    }

    @Test
    void refusesWhatItCannotAnalyse() {
        assertThrows(IllegalArgumentException.class, () -> ChangePoints.OTAVA_DEFAULTS.find(new double[] {1, Double.NaN, 2}));
        assertThrows(IllegalArgumentException.class, () -> new ChangePoints(1, 0.001, 0));
        assertThrows(IllegalArgumentException.class, () -> new ChangePoints(50, 0, 0));
    }
}
