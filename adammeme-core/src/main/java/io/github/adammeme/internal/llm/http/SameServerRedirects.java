package io.github.adammeme.internal.llm.http;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.net.URI;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;
import org.apiguardian.api.API;

/**
 * Follows an endpoint's redirects as {@link Redirects} allows, for a client whose own following is off: OkHttp
 * would send a 307's prompt and picture on to any host (dropping only the key), and report the last host's error as
 * the first's. Each hop's answer passes the interceptors after this one (size bound, resend), as the first did.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SameServerRedirects implements Interceptor {

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        Response response = chain.proceed(request);
        for (int hop = 0; Redirects.isRedirect(response.code()); hop++) {
            URI next;
            try {
                next = Redirects.follow(request.url().uri(), response.code(), response.header("Location"), hop);
            } finally {
                response.close();
            }
            HttpUrl url = HttpUrl.get(next);
            if (url == null) {
                throw new Redirects.Refused(
                        Redirects.origin(request.url().uri()) + " redirected the request to a URL"
                                + " that is not http or https; not followed",
                        response.code());
            }
            Request.Builder again = request.newBuilder().url(url);
            if (!Redirects.keepsMethod(response.code())) {
                again.method("GET", null)
                        .removeHeader("Content-Type")
                        .removeHeader("Content-Length")
                        .removeHeader("Transfer-Encoding");
            }
            request = again.build();
            response = chain.proceed(request);
        }
        return response;
    }
}
