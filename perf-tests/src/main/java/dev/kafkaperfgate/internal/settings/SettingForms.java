package dev.kafkaperfgate.internal.settings;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The forms of the settings that are names, ids and addresses rather than numbers or choices,
 * checked when the settings are made: a suite that is no tag, a profile that is no folder name (a
 * {@code ../} would lead out of {@code baselines/}), a base commit that is no commit or ref name, an
 * accepting login or time that GitHub never gives, bootstrap servers without a port. Each fails
 * naming its key, before any process starts (EveryKeyTest tries every key).
 */
public final class SettingForms {

    /** A scenario's tag, as scenario files write them (ScenarioFileParser holds them to it). */
    public static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final Pattern PROFILE = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    /** A commit id, or a ref's name as git allows it (the headline shows it): no space, no control character. */
    private static final Pattern COMMIT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,99}");
    /** GitHub's logins (an app's with {@code [bot]}): letters, digits and hyphens, at most 39. */
    public static final Pattern LOGIN = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(\\[bot\\])?");
    /** A full commit id, as GitHub's events give it. */
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    /** A label's name: 1-50 characters, none a control character. */
    public static final Pattern LABEL = Pattern.compile("[^\\p{Cntrl}]{1,50}");
    /** {@code host:port} (a listener's {@code PLAINTEXT://} before it, as Kafka takes), the host a name, an IPv4 address or a bracketed IPv6 address. */
    private static final Pattern SERVER = Pattern.compile("(?:[A-Za-z_]+://)?(?:[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+\\]):\\d{1,5}");

    private SettingForms() {
    }

    /** @throws IllegalArgumentException naming the first setting whose value is not of its form */
    static void check(Map<String, String> values) {
        form(values, GateProperties.SUITE, TAG, "a scenario tag (lower-case letters, digits, '_' and '-'), such as pr or nightly");
        form(values, GateProperties.PROFILE, PROFILE, "a folder name of lower-case letters, digits, '.', '_' and '-'");
        form(values, GateProperties.BASE_COMMIT, COMMIT, "a commit id or a ref's name");
        form(values, GateProperties.ACCEPTED_BY, LOGIN, "a GitHub login");
        form(values, GateProperties.ACCEPT_LABEL, LABEL, "a label's name (1-50 characters)");
        form(values, GateProperties.ACCEPTED_HEAD, SHA, "a full commit id");
        form(values, GateProperties.ACCEPT_REPLACED, SHA, "a full commit id");
        form(values, GateProperties.ACCEPT_SHOWN, SHA, "a full commit id");
        form(values, GateProperties.ACCEPT_AUTHOR, LOGIN, "a GitHub login");
        String at = GateProperties.get(values, GateProperties.ACCEPTED_AT, null);
        if (at != null) {
            try {
                Instant.parse(at);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("-D" + GateProperties.ACCEPTED_AT + "=" + at + ": must be a time as GitHub gives it, "
                        + "such as 2026-11-28T09:00:00Z", e);
            }
        }
        String servers = GateProperties.get(values, GateProperties.EXTERNAL_BOOTSTRAP_SERVERS, null);
        if (servers != null) {
            for (String server : servers.split(",", -1)) {
                int port = SERVER.matcher(server.strip()).matches() ? Integer.parseInt(server.substring(server.lastIndexOf(':') + 1).strip()) : 0;
                if (port < 1 || port > 65535) {
                    throw new IllegalArgumentException("-D" + GateProperties.EXTERNAL_BOOTSTRAP_SERVERS + "=" + servers + ": '" + server.strip()
                            + "' is not host:port (a comma-separated list, as Kafka's bootstrap.servers)");
                }
            }
        }
    }

    private static void form(Map<String, String> values, String key, Pattern pattern, String what) {
        String value = GateProperties.get(values, key, null);
        if (value != null && !pattern.matcher(value).matches()) {
            throw new IllegalArgumentException("-D" + key + "=" + value + ": must be " + what);
        }
    }
}
