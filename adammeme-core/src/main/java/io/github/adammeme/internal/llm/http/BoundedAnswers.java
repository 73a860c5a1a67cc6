package io.github.adammeme.internal.llm.http;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Okio;
import org.apiguardian.api.API;

/**
 * Bounds what an endpoint may send back: a chat completion is a few kilobytes, so a body past
 * {@link #MAX_BYTES} is a broken or hostile endpoint, and reading it on would only fill the heap.
 * The body is counted as it streams in and abandoned at the bound.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class BoundedAnswers implements Interceptor {

    /** Far above any real answer (a 1,024-token completion is about 4 KB of text). */
    public static final long MAX_BYTES = 16L << 20;

    /** An answer that passed the bound; not worth asking again, the same endpoint would send it again. */
    public static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(long bound) {
            super("an answer over " + bound + " bytes; no chat completion is that large");
        }
    }

    private final long bound;

    /** @param bound the most bytes an answer's body may have */
    public BoundedAnswers(long bound) {
        this.bound = bound;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        ResponseBody body = response.body();
        if (body == null) {
            return response;
        }
        if (body.contentLength() > bound) {
            body.close();
            throw new TooLarge(bound);
        }
        ForwardingSource counted = new ForwardingSource(body.source()) {
            private long read;

            @Override
            public long read(Buffer sink, long byteCount) throws IOException {
                long n = super.read(sink, byteCount);
                if (n > 0 && (read += n) > bound) {
                    throw new TooLarge(bound);
                }
                return n;
            }
        };
        return response.newBuilder()
                .body(ResponseBody.create(Okio.buffer(counted), body.contentType(), body.contentLength()))
                .build();
    }
}
