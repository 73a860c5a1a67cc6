package io.github.adammeme.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The one redaction step every text leaving the process passes through: messages, endpoints'
 * error bodies (which some gateways fill with the request's key), URLs, reports, the cache and
 * the console. It removes the values of the API keys this run was configured with, wherever they
 * appear, and the user-info of every URL and the query parameters that may hold a credential, where
 * credentials travel.
 *
 * <p>Keys come from environment variables, so they are the same for the whole JVM: they are
 * registered as soon as configuration names their variables, before any call can echo them.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Secrets {

    /** What stands where a secret was. */
    public static final String REDACTED = "[redacted]";

    /**
     * Shorter values are not taken for keys: replacing a four-letter value everywhere would deface
     * every text, and no provider issues keys that short.
     */
    static final int MIN_LENGTH = 8;

    private static final Set<String> VALUES = ConcurrentHashMap.newKeySet();

    /** scheme://[user-info@]rest[?query]: user-info and query are where a URL carries credentials. */
    private static final Pattern URL =
            Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)([^\\s/?#@\"'<>]*@)?([^\\s?#\"'<>]*)(\\?[^\\s#\"'<>]*)?");

    /** Query parameters that carry credentials, by name (Azure's api-key, signed URLs' sig, OAuth's tokens, ...). */
    private static final Pattern CREDENTIAL_NAME =
            Pattern.compile("(?i)key|token|secret|passw|pwd|auth|sig|credential|session|code");

    private Secrets() {}

    /**
     * Redacts this value from now on, when it is long enough to be a key.
     *
     * @param value a key, or null
     */
    public static void register(@Nullable String value) {
        if (value != null && value.strip().length() >= MIN_LENGTH) {
            VALUES.add(value.strip());
        }
    }

    /**
     * Redacts the value of this environment variable from now on, if it is set.
     *
     * @param name the variable's name, or null
     */
    public static void registerVariable(@Nullable String name) {
        if (name != null && !name.isBlank()) {
            register(System.getenv(name.strip()));
        }
    }

    /**
     * A failure's stack trace as it may be printed: messages quote endpoints, and so possibly a key.
     *
     * @param failure what failed
     * @return its trace, redacted
     */
    public static String redactedStackTrace(Throwable failure) {
        StringWriter out = new StringWriter();
        failure.printStackTrace(new PrintWriter(out));
        return redact(out.toString());
    }

    /**
     * The text with every registered key and every URL's user-info and credential-like query values removed.
     *
     * @param text any text, or null
     * @return the redacted text; null for null
     */
    @Contract("!null -> !null")
    public static @Nullable String redact(@Nullable String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        // Longest first, so a key that contains another is removed whole.
        for (String value : VALUES.stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList()) {
            out = out.replace(value, REDACTED);
        }
        if (out.indexOf("://") < 0) {
            return out;
        }
        Matcher m = URL.matcher(out);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String replacement = m.group(1)
                    + (m.group(2) == null ? "" : REDACTED + "@")
                    + m.group(3)
                    + (m.group(4) == null ? "" : query(m.group(4)));
            m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
        }
        return m.appendTail(sb).toString();
    }

    /**
     * A URL's query with the value of each parameter that may be a credential redacted: one named like one
     * ({@code api-key}, {@code token}, {@code sig}, ...) or one whose value looks like a key (long, letters
     * and digits mixed). Other parameters stay, so that {@code view?id=1} and {@code view?id=2} (meme ids
     * that are URLs) remain two ids.
     */
    private static String query(String query) {
        StringBuilder out = new StringBuilder("?");
        String[] params = query.substring(1).split("&", -1);
        for (int i = 0; i < params.length; i++) {
            String param = params[i];
            int eq = param.indexOf('=');
            String name = eq < 0 ? param : param.substring(0, eq);
            String value = eq < 0 ? "" : param.substring(eq + 1);
            out.append(i == 0 ? "" : "&");
            if (eq < 0 && looksLikeKey(name)) {
                out.append(REDACTED);
            } else if (eq >= 0 && (CREDENTIAL_NAME.matcher(name).find() || looksLikeKey(value))) {
                out.append(name).append('=').append(REDACTED);
            } else {
                out.append(param);
            }
        }
        return out.toString();
    }

    private static boolean looksLikeKey(String value) {
        return value.length() >= 16
                && value.chars().anyMatch(Character::isDigit)
                && value.chars().anyMatch(Character::isLetter);
    }

    /**
     * Every text of a list redacted.
     *
     * @param texts texts, none null
     * @return the redacted texts, in order
     */
    public static List<String> redact(List<String> texts) {
        return texts.stream().map(Secrets::redact).toList();
    }
}
