package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * An endpoint's base URL as {@link java.net.URI} reads it. Every decision about where a request goes (which host,
 * whether its key may travel, where {@code /models} is) is made on this one reading: a URL whose host the JDK cannot
 * read (an underscore, a port past 65535) is refused once, by name, rather than passing one check and failing in a
 * client that reads it another way.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class BaseUrl {

    private BaseUrl() {}

    /**
     * @param url a configured base URL
     * @return the URL, read
     * @throws IllegalArgumentException when it is not an http or https URL with a host; the message says why without
     *                                  quoting the URL, whose query or user-info may hold a key
     */
    public static URI parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    "not a URL (" + e.getReason() + " at character " + (e.getIndex() + 1) + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if ((!scheme.equals("http") && !scheme.equals("https")) || uri.isOpaque()) {
            throw new IllegalArgumentException("expected an http:// or https:// URL");
        }
        if (uri.getHost() == null) {
            // URI keeps an authority it cannot read as host and port as a "registry" authority: no host at all.
            String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority();
            String shown = authority.substring(authority.lastIndexOf('@') + 1);
            throw new IllegalArgumentException(
                    shown.isEmpty()
                            ? "the URL names no host"
                            : "'" + shown
                                    + "' is not a host and port java.net.URI can read (a host name holds letters, digits,"
                                    + " hyphens and dots; a port is a number up to 65535)");
        }
        if (uri.getPort() > 65_535) {
            throw new IllegalArgumentException("port " + uri.getPort() + " is past 65535");
        }
        return uri;
    }

    /**
     * The resource {@code path} under a base URL, as an OpenAI client reaches it: the path appended to the base's,
     * the base's query (Azure's {@code api-version}) kept, escapes kept as they are.
     *
     * @param baseUrl a base URL, e.g. {@code http://localhost:8000/v1?api-version=1}
     * @param path    a relative path, e.g. {@code models}
     * @return e.g. {@code http://localhost:8000/v1/models?api-version=1}
     * @throws IllegalArgumentException when the base URL does not {@linkplain #parse parse}
     */
    public static URI child(String baseUrl, String path) {
        URI base = parse(baseUrl);
        String basePath = base.getRawPath() == null ? "" : base.getRawPath();
        while (basePath.endsWith("/")) {
            basePath = basePath.substring(0, basePath.length() - 1);
        }
        try {
            // From the raw parts: URI's multi-part constructors would quote a query's escapes (%2F) a second time.
            return new URI(base.getScheme() + "://" + base.getRawAuthority() + basePath + "/" + path
                    + (base.getRawQuery() == null ? "" : "?" + base.getRawQuery()));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("cannot put " + path + " under the base URL: " + e.getReason());
        }
    }
}
