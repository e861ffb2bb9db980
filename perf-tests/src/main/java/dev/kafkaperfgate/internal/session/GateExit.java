package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.GateResult;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code scripts/gate.sh}'s exit code, decided here and nowhere else: the script reads the run's
 * summary with jq, passes what it found as {@code key=value} facts, and exits with this class's
 * exit code. It uses {@code java.base} alone, and is compiled from the gate's own checkout into a
 * private folder and started from there ({@code scripts/gate-java.sh}), like {@link EventMode}:
 * never from its source in the module's folder, whose class path would be the pull request's.
 *
 * <ul>
 *   <li>no summary of this run: the code Maven gave when it was 2 or 3 (the paired run or the
 *       gate's JVM said why), else 3;</li>
 *   <li>a file that is not a run summary: 3;</li>
 *   <li>the summary's decision: its {@link GateResult.Outcome}'s exit code and word; a pass with
 *       a failed Maven build is 3, never 0; a summary with no decision, or whose exit code is not
 *       its outcome's, is 3.</li>
 * </ul>
 *
 * <pre>{@code
 * scripts/gate-java.sh GateExit maven-exit=1 summary=written decision-exit=1 outcome=REGRESSION headline='1 of 2 scenarios regressed' path=…
 * gate: FAIL: 1 of 2 scenarios regressed         (stderr; exit 1)
 * }</pre>
 *
 * A fact that is missing, misspelt or repeated is the script's own fault: exit 3.
 *
 * <p>With {@code --action} first, it decides what the gate action ({@code action.yml}) does with
 * that exit code, and prints step outputs for {@code $GITHUB_OUTPUT}; the action's conditions only
 * compare them with {@code 'true'}:
 * <ul>
 *   <li>{@code refresh=true}: refresh-baselines is on and the run is complete (exit 0, or 1: the
 *       nightly's baselines follow the default branch, regressions included);</li>
 *   <li>{@code fail=true}: fail-on-verdict is on and the exit is not 0, except a refresh's 1;
 *       {@code failure=} holds the step's one error line;</li>
 *   <li>an input that is neither {@code true} nor {@code false}, or no exit code 0-3 (the gate
 *       step ended before writing one), fails the step: when in doubt, not a pass.</li>
 * </ul>
 * <pre>{@code
 * scripts/gate-java.sh GateExit --action exit-code=1 fail-on-verdict=true refresh-baselines=false status=fail
 * refresh=false
 * fail=true
 * failure=confirmed performance regression: see the job summary and the verdict lines of 'Run the gate'
 * }</pre>
 */
public final class GateExit {

    /** The facts gate.sh gives, as {@code key=value}. */
    static final List<String> KEYS = List.of("maven-exit", "summary", "decision-exit", "outcome", "headline", "path");

    /** The facts the action gives with {@code --action}: its inputs and the gate step's exit code. */
    static final List<String> ACTION_KEYS = List.of("exit-code", "fail-on-verdict", "refresh-baselines", "status");

    /** gate.sh's exit code and the one line it prints for it: on stdout for a pass, on stderr otherwise; none when {@code null}. */
    record Exit(int code, String line) {
    }

    /** The action's step outputs: merge into the baselines, fail the step, and the failure's line (empty when none). */
    record ActionSteps(boolean refresh, boolean fail, String failure) {

        List<String> outputs() {
            return List.of("refresh=" + refresh, "fail=" + fail, "failure=" + failure.replaceAll("[\r\n]", " "));
        }
    }

    private GateExit() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("--action")) {
            ActionSteps steps;
            try {
                steps = action(facts(java.util.Arrays.copyOfRange(args, 1, args.length), ACTION_KEYS));
            } catch (IllegalArgumentException e) {
                steps = new ActionSteps(false, true, "the gate action's facts: " + e.getMessage());
            }
            steps.outputs().forEach(System.out::println);
            return;
        }
        Exit exit;
        try {
            exit = decide(facts(args, KEYS));
        } catch (IllegalArgumentException e) {
            exit = new Exit(3, "gate: INFRASTRUCTURE ERROR: " + e.getMessage());
        }
        if (exit.line() != null) {
            (exit.code() == 0 ? System.out : System.err).println(exit.line());
        }
        System.exit(exit.code());
    }

    static Exit decide(Map<String, String> facts) {
        int maven = integer(facts, "maven-exit");
        String path = facts.get("path");
        switch (facts.get("summary")) {
            case "missing" -> {
                return maven == 2 || maven == 3 ? new Exit(maven, null) : new Exit(3, "gate: INFRASTRUCTURE ERROR: no " + path
                        + " of this run: the run did not start (Maven exit " + maven + "; see above)");
            }
            case "malformed" -> {
                return new Exit(3, "gate: INFRASTRUCTURE ERROR: " + path + " is not a run summary");
            }
            case "written" -> {
                return judged(facts, maven, path);
            }
            default -> throw new IllegalArgumentException("summary=" + facts.get("summary") + ": must be written, missing or malformed");
        }
    }

    static ActionSteps action(Map<String, String> facts) {
        boolean failOnVerdict = flag(facts, "fail-on-verdict");
        boolean refreshBaselines = flag(facts, "refresh-baselines");
        String exit = facts.get("exit-code");
        if (!List.of("0", "1", "2", "3").contains(exit)) {
            return new ActionSteps(false, true, "the gate step ended without an exit code (found '" + exit + "'): see 'Run the gate'");
        }
        boolean refresh = refreshBaselines && (exit.equals("0") || exit.equals("1"));
        if (!failOnVerdict || exit.equals("0") || refresh && exit.equals("1")) {
            return new ActionSteps(refresh, false, "");
        }
        String status = facts.get("status").isEmpty() ? "none" : facts.get("status");
        return new ActionSteps(refresh, true, exit.equals("1")
                ? "confirmed performance regression: see the job summary and the verdict lines of 'Run the gate'"
                : "the gate could not complete (exit " + exit + ", summary: " + status + "): see 'Run the gate'");
    }

    private static boolean flag(Map<String, String> facts, String key) {
        return switch (facts.get(key)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("the input " + key + " is '" + facts.get(key) + "': expected true or false");
        };
    }

    /**
     * The summary's decision, as {@link GateResult.Outcome} maps it: the exit code and the word are
     * the outcome's own, never a table here. A summary whose exit code is not its outcome's was not
     * written by this gate: 3.
     */
    private static Exit judged(Map<String, String> facts, int maven, String path) {
        String headline = facts.get("headline");
        GateResult.Outcome outcome;
        try {
            outcome = GateResult.Outcome.valueOf(facts.get("outcome"));
        } catch (IllegalArgumentException e) {
            return new Exit(3, "gate: INFRASTRUCTURE ERROR: " + path + " has no decision (written by an older gate?)");
        }
        if (!facts.get("decision-exit").equals(String.valueOf(outcome.exitCode()))) {
            return new Exit(3, "gate: INFRASTRUCTURE ERROR: " + path + "'s decision " + outcome + " has exit code "
                    + facts.get("decision-exit") + ", not " + outcome.exitCode() + ": not a summary this gate wrote");
        }
        if (outcome == GateResult.Outcome.INCOMPLETE && maven == 3) {
            // The run stopped as the infrastructure's (PerfGate.main's 3; on this repository's own suite path Maven's, which the
            // head's build could make 3 too): 3 and 2 both fail, never pass, so the JVM's word stands.
            return new Exit(3, "gate: INFRASTRUCTURE ERROR: the run stopped before its end (" + headline + "); see above");
        }
        if (outcome.exitCode() == 0 && maven != 0) {
            return new Exit(3, "gate: INFRASTRUCTURE ERROR: Maven failed (exit " + maven + ") although the gate passed (" + headline + "); see above");
        }
        return new Exit(outcome.exitCode(), "gate: " + outcome.consoleWord() + ": " + headline);
    }

    private static int integer(Map<String, String> facts, String key) {
        try {
            return Integer.parseInt(facts.get(key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + facts.get(key) + ": not a number");
        }
    }

    static Map<String, String> facts(String[] args, List<String> keys) {
        return facts(args, keys, "gate exit fact");
    }

    /**
     * {@code key=value} arguments, each of {@code keys} once; a missing one is empty. Shared with
     * {@link EventMode}, whose errors start with {@code what} ({@code --event}).
     */
    static Map<String, String> facts(String[] args, List<String> keys, String what) {
        Map<String, String> facts = new TreeMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            String key = equals < 0 ? arg : arg.substring(0, equals);
            if (equals < 0 || !keys.contains(key)) {
                throw new IllegalArgumentException(what + " " + arg + ": expected key=value with a key of " + String.join(", ", keys));
            }
            if (facts.put(key, arg.substring(equals + 1)) != null) {
                throw new IllegalArgumentException(what + " " + key + "= is given twice");
            }
        }
        keys.forEach(key -> facts.putIfAbsent(key, ""));
        return facts;
    }
}
