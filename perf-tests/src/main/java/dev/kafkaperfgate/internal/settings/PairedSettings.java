package dev.kafkaperfgate.internal.settings;

import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * Paired mode's part of the {@link GateSettings}: where the base is, how the whole client and the
 * components are measured; not whom each side runs as:
 * scripts/gate.sh says that ({@code GateWiring}), never a setting.
 *
 * @param baseRef           the git ref the gate checks out and builds as the base ({@code PerfGateSuite}'s paired mode), or {@code null}
 * @param baseClasspathFile the file holding the base's test classpath: set, the run is paired
 * @param headClasspathFile the file holding the head's test classpath; {@code null}: this JVM's own
 * @param baseScenariosDir  the base's scenario folder, whose rules judge
 * @param baseCommit        the base commit, for the headline; {@code null} when unknown
 * @param design            how the whole client is measured
 * @param blocks            ABBA blocks per look, when set; the default depends on the design
 * @param looks             looks while inconclusive, when set; the default depends on the design
 * @param trial             a trial's length
 * @param window            a warm window's length
 * @param warmup            the first warm-up of a new pair of worker JVMs
 * @param settle            at most this many discarded settle trials a side
 * @param pin               whether the broker and the workers get halves of the CPUs
 * @param failFast          whether confirmations that cannot change a failed run's decision are skipped
 * @param clients           whether an unchanged whole client is measured anyway
 * @param components        whether the team's components are measured alone
 * @param componentBlocks   duels per component and look
 * @param componentLooks    looks while a component is inconclusive
 * @param workerJvmFlags    heap and GC flags of both worker JVMs
 */
public record PairedSettings(String baseRef, Path baseClasspathFile, Path headClasspathFile, Path baseScenariosDir,
                             String baseCommit, ClientDesign design, OptionalInt blocks, OptionalInt looks, Duration trial,
                             Duration window, Duration warmup, int settle, boolean pin, boolean failFast, ClientsMode clients,
                             ComponentsMode components, int componentBlocks, int componentLooks, JvmFlags workerJvmFlags) {
}
