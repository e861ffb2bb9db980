package dev.kafkaperfgate.internal.environment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code scripts/gate.sh --base} tells the deciding JVM it launches, as the arguments of
 * {@code PerfGate}'s main: whether the gate builds the head too, the private folder the script
 * made, and each side's user. These are not settings: no team sets them, so none of them is a
 * {@code perf.*} key, and a {@code -D} in a pom or on Maven's command line cannot reach them.
 *
 * <pre>
 * java -cp &lt;gate&gt; -Dperf.base.ref=origin/main dev.kafkaperfgate.PerfGate --head-build --work /runner/tmp/kpg-paired-x1 \
 *     --base-user kpg-b-x1:/var/tmp/b --head-user kpg-h-x1:/var/tmp/h --exchange /var/tmp/kpg-x1/exchange
 * </pre>
 *
 * @param headBuild whether the gate builds the head's module too, as the head's user
 * @param work      the script's private folder the base is checked out in (removed by the script); {@code null}: the gate makes one
 * @param baseUser  the base's user and home, {@code name:home}; {@code null}: the gate's own user
 * @param headUser  the head's user and home, {@code name:home}
 * @param exchange  the gate's folder both users read requests from
 */
public record GateWiring(boolean headBuild, Path work, String baseUser, String headUser, Path exchange, Path module) {

    /** Nothing given: the gate's own user for both sides, a work folder of the gate's own, the head's classes in this JVM. */
    public static final GateWiring NONE = new GateWiring(false, null, null, null, null, null);

    /** The arguments {@link #parse} takes, for messages. */
    public static final String USAGE = "--head-build, --work DIR, --base-user NAME:HOME, --head-user NAME:HOME, --exchange DIR, --module DIR";

    public GateWiring {
        if (work != null && (!work.isAbsolute() || !Files.isDirectory(work))) {
            throw new IllegalArgumentException("--work must be an existing folder's absolute path: " + work);
        }
        if (module != null && (!module.isAbsolute() || !Files.isDirectory(module))) {
            throw new IllegalArgumentException("--module must be an existing folder's absolute path: " + module);
        }
    }

    /**
     * The wiring {@code args} name; none given is {@link #NONE}.
     *
     * @throws IllegalArgumentException naming an argument the gate does not know, one given twice, or one without its value
     */
    public static GateWiring parse(List<String> args) {
        boolean headBuild = false;
        Path work = null;
        Path exchange = null;
        Path module = null;
        String baseUser = null;
        String headUser = null;
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            String name = args.get(i);
            if (!seen.add(name)) {
                throw new IllegalArgumentException(name + " is given twice");
            }
            if (name.equals("--head-build")) {
                headBuild = true;
                continue;
            }
            if (!List.of("--work", "--base-user", "--head-user", "--exchange", "--module").contains(name)) {
                throw new IllegalArgumentException("'" + name + "' is not an argument of the gate: settings are -Dperf.* system properties; "
                        + "the arguments (" + USAGE + ") are scripts/gate.sh's");
            }
            if (i + 1 >= args.size() || args.get(i + 1).isEmpty() || args.get(i + 1).startsWith("--")) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = args.get(++i);
            switch (name) {
                case "--work" -> work = Path.of(value);
                case "--base-user" -> baseUser = value;
                case "--head-user" -> headUser = value;
                case "--module" -> module = Path.of(value);
                default -> exchange = Path.of(value);
            }
        }
        GateWiring wiring = new GateWiring(headBuild, work, baseUser, headUser, exchange, module);
        wiring.users(false);   // the users and the exchange go together, and a spec without a home is refused here
        return wiring;
    }

    /**
     * The team's module, whose relative settings' paths (scenarios, baselines, files) are read from
     * it: {@code --module}, which scripts/gate.sh gives because the deciding JVM starts in a folder
     * of the gate's own, never in the pull request's checkout (issue 74); else the working folder.
     */
    public Path moduleOrHere() {
        return module != null ? module : Path.of("").toAbsolutePath();
    }

    /** Each side's user ({@link SideUsers#none()} when none was given), switched to with sudo unless this JVM is root. */
    public SideUsers users() {
        return users(!SideUsers.runningAsRoot());
    }

    private SideUsers users(boolean sudo) {
        return SideUsers.of(baseUser, headUser, exchange == null ? null : exchange.toString(), sudo);
    }
}
