package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.kafkaperfgate.internal.environment.GateFiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Properties;

/**
 * Writes {@code report.html} beside a run's summary.json: one self-contained file (Chart.js, the
 * page's script and the data inlined), so a CI artifact opens offline.
 *
 * <pre>{@code
 * Path report = HtmlReport.write(Path.of("perf-tests/target/perf-results"), Path.of("baselines"));
 * }</pre>
 *
 * <p>Strings from scenario files and results never become markup: the data travels as JSON in a
 * {@code <script type="application/json">} block with {@code <}, {@code >} and {@code &} escaped,
 * and the page's script puts text into the DOM with {@code textContent} only.
 */
public final class HtmlReport {

    /** Chart.js's WebJar names its version here; the version is pinned in the parent pom (chartjs.version). */
    private static final String CHART_JS_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final String TEMPLATE = "dev/kafkaperfgate/internal/report/report.html";
    private static final String SCRIPT = "dev/kafkaperfgate/internal/report/report.js";
    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlReport() {
    }

    /**
     * @param resultsDir   the run's results: summary.json and the files it names
     * @param baselinesDir the baselines root (the run's profile folder is read when present)
     * @return the written report
     */
    public static Path write(Path resultsDir, Path baselinesDir) {
        String html = render(ReportData.read(resultsDir, baselinesDir));
        Path target = resultsDir.resolve("report.html");
        try {
            GateFiles.folder(resultsDir);   // no link in its path: the report is never written outside it
            Path temp = Files.createTempFile(resultsDir, ".report", ".tmp");
            Files.writeString(temp, html, StandardCharsets.UTF_8);
            if (temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                // A temp file is private; the report is meant to be read (artifact, shared CI workspace).
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
        return target;
    }

    static String render(ObjectNode data) {
        // Each piece is inserted by plain replacement of a marker that cannot occur in the others.
        return resource(TEMPLATE)
                .replace("/*KPG_CHART_JS*/", scriptSafe(resource(chartJsPath())))
                .replace("/*KPG_REPORT_JS*/", scriptSafe(resource(SCRIPT)))
                .replace("/*KPG_DATA*/", jsonForScript(data));
    }

    /** JSON that cannot close its script element or open another: {@code </script>} becomes {@code \u003c/script>}. */
    static String jsonForScript(ObjectNode data) {
        try {
            return JSON.writeValueAsString(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                    .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report data is not serializable", e);
        }
    }

    private static String chartJsPath() {
        Properties pom = new Properties();
        try {
            pom.load(new StringReader(resource(CHART_JS_POM)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + CHART_JS_POM, e);
        }
        return "META-INF/resources/webjars/chart.js/" + pom.getProperty("version") + "/dist/chart.umd.min.js";
    }

    /** Inlined code must not contain the end tag of its own script element. */
    private static String scriptSafe(String code) {
        if (code.toLowerCase(Locale.ROOT).contains("</script")) {
            throw new IllegalStateException("inlined script contains </script>");
        }
        return code;
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }
}
