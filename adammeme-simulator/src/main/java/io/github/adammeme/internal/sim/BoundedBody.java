package io.github.adammeme.internal.sim;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/** A request body read whole, but never beyond a cap. */
final class BoundedBody {

    private BoundedBody() {}

    /**
     * The body of {@code exchange}, at most {@code cap} bytes. A declared Content-Length above the cap
     * is refused before a byte of the body is read; a chunked body (no length given) is read up to
     * one byte past the cap, which is enough to know it is too large, and no further.
     *
     * @throws TooLarge   when the body is larger than the cap; the rest of it is left unread
     * @throws IOException when the connection fails or is cut off before the body is complete
     */
    static byte[] read(HttpExchange exchange, int cap) throws IOException, TooLarge {
        // The JDK server has already refused a Content-Length that is not a number, or sent with chunking.
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null && Long.parseLong(declared.trim()) > cap) {
            throw new TooLarge(cap, declared.trim() + " bytes declared");
        }
        byte[] body = exchange.getRequestBody().readNBytes(cap + 1);
        if (body.length > cap) {
            throw new TooLarge(cap, "a chunked body");
        }
        return body;
    }

    /** A body over the cap. */
    static final class TooLarge extends Exception {
        private static final long serialVersionUID = 1L;

        TooLarge(int cap, String what) {
            super("the request body is larger than the simulator accepts (" + what + ", at most " + cap + ")");
        }
    }
}
