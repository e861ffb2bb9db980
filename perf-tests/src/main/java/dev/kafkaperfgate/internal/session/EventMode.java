package dev.kafkaperfgate.internal.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The mode a CI event asks for, decided here and nowhere else: the action passes the event's facts
 * to {@code scripts/gate.sh --event key=value …}, which runs this class (compiled from the gate's
 * own checkout into a private folder by {@code scripts/gate-java.sh}, before anything else is built:
 * it uses {@code java.base} alone) and launches what it prints. gate.sh adds {@code checkout=}, the
 * top of the git checkout the module is in (found by its {@code .git}), whose history the merge base
 * is read from; this JVM's own working folder is the gate's.
 *
 * <ul>
 *   <li>{@code refresh=true} (the nightly): stored mode on the default branch only, with no base; a
 *       first run with nothing to judge passes ({@code -Dperf.allow.unjudged=true});</li>
 *   <li>{@code base=merge-base}: paired mode against the merge base of the pull request's target
 *       branch and the head; outside a pull request, stored mode, with a warning;</li>
 *   <li>{@code base=<ref>}: paired mode against that ref;</li>
 *   <li>no base on a pull request: refused. Stored mode measures the head inside the JVM that
 *       decides, as the gate's own user, where its code could write the verdict (docs/security.md).</li>
 * </ul>
 *
 * <pre>{@code
 * scripts/gate-java.sh EventMode event=pull_request base=merge-base target-branch=main default-branch=main ref-name=7/merge refresh=false
 * --base
 * 1a2b3c4d…                      (exit 0: gate.sh's arguments, one a line; none for stored mode)
 * }</pre>
 *
 * Exit 0 with the arguments on stdout and any warning on stderr as {@code warning: …}; exit 2 when
 * the event cannot be judged as asked, one line on stderr as {@code error: …}.
 */
public final class EventMode {

    /** The facts an event gives, as {@code key=value}. */
    static final List<String> KEYS = List.of("event", "base", "target-branch", "default-branch", "ref-name", "refresh", "checkout");

    /** What the event asks gate.sh to run: its arguments, and a warning to show; or a refusal. */
    record Decision(List<String> arguments, String warning, String refusal) {

        static Decision run(String warning, String... arguments) {
            return new Decision(List.of(arguments), warning, null);
        }

        static Decision refused(String why) {
            return new Decision(List.of(), null, why);
        }
    }

    private EventMode() {
    }

    public static void main(String[] args) {
        Decision decision;
        try {
            Map<String, String> facts = facts(args);
            decision = decide(facts, branch -> mergeBase(facts.get("checkout"), branch));
        } catch (IllegalArgumentException e) {
            decision = Decision.refused(e.getMessage());
        }
        if (decision.warning() != null) {
            System.err.println("warning: " + decision.warning());
        }
        if (decision.refusal() != null) {
            System.err.println("error: " + decision.refusal());
            System.exit(2);
        }
        decision.arguments().forEach(System.out::println);
    }

    /**
     * @param mergeBase the merge base of {@code origin/<branch>} and HEAD, or {@code null} when git finds none
     */
    static Decision decide(Map<String, String> facts, Function<String, String> mergeBase) {
        String event = facts.get("event");
        String base = facts.get("base");
        String target = facts.get("target-branch");
        if (event.isEmpty()) {
            throw new IllegalArgumentException("event=: the CI event's name is missing");
        }
        if (facts.get("refresh").equals("true")) {
            // Baselines describe the default branch. A schedule event runs on it and carries no
            // default branch to compare with; any other event must name it.
            if (!base.isEmpty()) {
                return Decision.refused("refresh-baselines measures stored mode: leave base empty");
            }
            if (!event.equals("schedule") && !facts.get("ref-name").equals(facts.get("default-branch"))) {
                return Decision.refused("refresh-baselines runs on the default branch (" + facts.get("default-branch") + ") only, not on "
                        + facts.get("ref-name"));
            }
            return Decision.run(null, "-Dperf.allow.unjudged=true");
        }
        if (base.equals("merge-base")) {
            if (target.isEmpty()) {
                return Decision.run("base: merge-base needs a pull_request event; judging against stored baselines");
            }
            String sha = mergeBase.apply(target);
            return sha == null ? Decision.refused("no merge base with origin/" + target + ": check out with fetch-depth: 0")
                    : Decision.run(null, "--base", sha);
        }
        if (!base.isEmpty()) {
            return Decision.run(null, "--base", base);
        }
        if (!target.isEmpty()) {
            return Decision.refused("stored mode on a pull request would run the pull request's code where the gate decides: set base: "
                    + "merge-base (paired mode runs it as a user of its own)");
        }
        return Decision.run(null);
    }

    /** {@code key=value} arguments, each of {@link #KEYS} once, stripped; a missing one is empty. */
    static Map<String, String> facts(String[] args) {
        Map<String, String> facts = new TreeMap<>(GateExit.facts(args, KEYS, "--event"));
        facts.replaceAll((key, value) -> value.strip());
        String refresh = facts.get("refresh");
        if (!refresh.equals("true") && !refresh.equals("false") && !refresh.isEmpty()) {
            throw new IllegalArgumentException("--event refresh=" + refresh + ": must be true or false");
        }
        facts.put("refresh", refresh.isEmpty() ? "false" : refresh);
        return facts;
    }

    /**
     * {@code git merge-base origin/<branch> HEAD} in the checkout whose top is {@code checkout}, within 60 s; {@code null}
     * when git finds none or {@code checkout} is no checkout's top. gate.sh found the top by its {@code .git}, which no commit
     * can hold; git is told that repository and no other (issue 81): a folder of committed files shaped as a repository
     * in the module's folder would otherwise answer, with a base of the pull request's choosing. No system or global
     * config, none of git's variables from the environment, no hooks, no fsmonitor, no implicit bare repository
     * (environment.Git holds the same rules; this class is compiled alone, from java.base).
     */
    private static String mergeBase(String checkout, String branch) {
        java.nio.file.Path top;
        try {
            top = java.nio.file.Path.of(checkout.isEmpty() ? "." : checkout).toRealPath();
        } catch (IOException e) {
            System.err.println("warning: checkout=" + checkout + " cannot be read: " + e.getMessage());
            return null;
        }
        if (!java.nio.file.Files.exists(top.resolve(".git"), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            System.err.println("warning: checkout=" + top + " is not the top of a git checkout (it has no .git)");
            return null;
        }
        try {
            ProcessBuilder builder = new ProcessBuilder("git", "-c", "safe.bareRepository=explicit", "-c", "core.fsmonitor=false",
                    "-c", "core.hooksPath=/dev/null", "-c", "safe.directory=" + top, "merge-base", "origin/" + branch, "HEAD")
                    .directory(top.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
            Map<String, String> environment = builder.environment();
            environment.keySet().removeIf(key -> key.startsWith("GIT_"));
            environment.put("GIT_DIR", top.resolve(".git").toString());
            environment.put("GIT_WORK_TREE", top.toString());
            environment.put("GIT_CONFIG_NOSYSTEM", "1");
            environment.put("GIT_CONFIG_GLOBAL", "/dev/null");
            environment.put("GIT_TERMINAL_PROMPT", "0");
            Process git = builder.start();
            byte[] out = git.getInputStream().readNBytes(200);
            if (!git.waitFor(60, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return null;
            }
            String sha = new String(out, StandardCharsets.US_ASCII).strip();
            return git.exitValue() == 0 && sha.matches("[0-9a-f]{7,64}") ? sha : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
