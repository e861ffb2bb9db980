package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.PairedSettings;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The two sides a paired run measures, built already: where each side's test classpath and
 * scenario files are, and the base's commit. The gate's own base build makes one
 * ({@code -Dperf.base.ref}, {@code scripts/gate.sh --base}) and hands it to {@link PairedMode#open}
 * as it is, so nothing it found is written back into the run's settings; a run whose sides were
 * built elsewhere names them with the keys {@link #named} reads.
 *
 * @param baseClasspathFile the file holding the base's test classpath
 * @param headClasspathFile the file holding the head's test classpath; {@code null}: this JVM's own
 * @param baseScenariosDir  the base's scenario folder, whose suites, thresholds and experiments judge
 * @param headScenariosDir  the head's scenario folder
 * @param baseCommit        the base commit, for the headline; {@code null} when unknown
 */
public record PairedSides(Path baseClasspathFile, Path headClasspathFile, Path baseScenariosDir, Path headScenariosDir,
                          String baseCommit) {

    public PairedSides {
        Objects.requireNonNull(baseClasspathFile, "baseClasspathFile");
        Objects.requireNonNull(baseScenariosDir, "baseScenariosDir");
        Objects.requireNonNull(headScenariosDir, "headScenariosDir");
    }

    /**
     * The sides the settings name ({@code perf.base.classpath.file} and its companions), the
     * head's scenarios being the run's own.
     *
     * @throws IllegalArgumentException when the base's classpath file is named without its scenario folder
     */
    public static PairedSides named(GateSettings settings) {
        PairedSettings paired = settings.paired();
        if (paired.baseClasspathFile() == null) {
            throw new InvalidSettingException("paired mode needs -D" + GateProperties.BASE_CLASSPATH_FILE);
        }
        if (paired.baseScenariosDir() == null) {
            throw new InvalidSettingException("paired mode needs -D" + GateProperties.BASE_SCENARIOS_DIR
                    + ": the base commit's scenario directory, whose rules judge the head");
        }
        return new PairedSides(paired.baseClasspathFile(), paired.headClasspathFile(), paired.baseScenariosDir(), settings.scenariosDir(),
                paired.baseCommit());
    }
}
