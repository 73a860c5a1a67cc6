package io.github.adammeme.internal.llm.http;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;
import org.apiguardian.api.API;

/**
 * Sends a request once more when the connection it went out on ended before a byte of the answer.
 *
 * <p>That is nearly always a kept-alive connection the server closed while it sat idle: vLLM and other
 * uvicorn servers close idle connections after 5 seconds, gateways and HTTP/1.0 servers after every
 * answer, while the client keeps them for minutes. The request never reached the server, so it is not
 * a failure of the endpoint: counted as one it would wait out a back-off, show as a retry in the
 * ledger and count towards the circuit breaker. OkHttp resends such requests itself, but openai-java
 * turns that off in favour of its own retries, which the gateway turns off to see every failure.
 * Once only: a server that drops every request is a failure the gateway must see.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ClosedConnectionResend implements Interceptor {

    /** OkHttp's message when the status line meets the end of the stream. */
    private static final String NO_ANSWER = "unexpected end of stream";

    @Override
    public Response intercept(Chain chain) throws IOException {
        try {
            return chain.proceed(chain.request());
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).startsWith(NO_ANSWER)
                    || chain.call().isCanceled()) {
                throw e;
            }
            return chain.proceed(chain.request());
        }
    }
}
