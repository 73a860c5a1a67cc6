package io.github.adammeme.internal.llm.http;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Where a redirect may take a request: a chat request carries the prompt, the meme's picture and the key, and the
 * user chose one server to receive them. A redirect to another path of that server (same scheme, host and port) is
 * followed with all of it; one anywhere else (another host, another port, http raised to https or https lowered to
 * http) is refused, naming where it pointed, never followed with or without the key, so the answer a run reports
 * always comes from the server its base URL names. The HTTP clients' own redirect handling is off wherever this
 * applies.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Redirects {

    /** More hops than any server's path rewriting needs: a loop is named after these. */
    static final int MOST_HOPS = 5;

    private Redirects() {}

    /** A redirect not followed; the message names the host that sent it and where it pointed. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        private final int status;

        Refused(String message, int status) {
            super(message);
            this.status = status;
        }

        /** @return the redirect's status */
        public int status() {
            return status;
        }
    }

    /**
     * @param failure a client's failure
     * @return the refused redirect among its causes, or null: the client wraps it in its own words
     */
    public static @Nullable Refused among(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof Refused refused) {
                return refused;
            }
        }
        return null;
    }

    /**
     * @param status an HTTP status
     * @return whether the status is a redirect a client would follow
     */
    public static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /**
     * @param status a redirect's status
     * @return whether a redirect with this status repeats the request as it was (else it becomes a GET without body)
     */
    public static boolean keepsMethod(int status) {
        return status == 307 || status == 308;
    }

    /**
     * Where a redirect leads, when it may be followed.
     *
     * @param from     the request's URL
     * @param status   the redirect's status
     * @param location its Location header, or null
     * @param hop      how many redirects this request has followed already
     * @return the URL to request next, on the same server
     * @throws Refused when it leads to another server, nowhere readable, or past {@link #MOST_HOPS}
     */
    public static URI follow(URI from, int status, @Nullable String location, int hop) throws Refused {
        String sender = origin(from);
        if (hop >= MOST_HOPS) {
            throw new Refused(
                    sender + " redirected the request more than " + MOST_HOPS + " times (HTTP " + status
                            + "); not followed further",
                    status);
        }
        URI next;
        try {
            next = location == null ? null : from.resolve(location.strip());
        } catch (IllegalArgumentException unreadable) {
            next = null;
        }
        if (next == null || next.getHost() == null) {
            throw new Refused(
                    sender + " answered HTTP " + status + " with no Location a client can read; not followed", status);
        }
        if (!sender.equals(origin(next))) {
            throw new Refused(
                    sender + " redirected the request (HTTP " + status + ") to " + origin(next) + ", not the"
                            + " base URL's server; not followed, so the prompt, the picture and the key go only where the base"
                            + " URL says: give that URL as the base URL if it is yours",
                    status);
        }
        return next;
    }

    /**
     * Scheme, host and port, the port given even when it is the scheme's default: a server, as a redirect is judged
     * by it and a message may show it (no user-info, path or query, which may hold a key).
     */
    static String origin(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() >= 0 ? url.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        return scheme + "://" + String.valueOf(url.getHost()).toLowerCase(Locale.ROOT) + (port < 0 ? "" : ":" + port);
    }
}
