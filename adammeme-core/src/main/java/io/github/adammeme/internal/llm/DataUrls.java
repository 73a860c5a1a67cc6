package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.openai.core.ObjectMappers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apiguardian.api.API;

/**
 * Pictures as the data URLs requests carry. A meme goes out a dozen times or more, to the target
 * and to the agents, often several calls at once, so the URLs of the pictures in flight are kept
 * rather than base64-encoded for every call; and the JSON writer copies these URLs
 * into the request as they are: base64 holds nothing to escape, so the writer need not look at each
 * of its characters (docs/cost.md).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class DataUrls {

    /** One memo for every endpoint: the target and the agents show the same pictures. */
    public static final DataUrls SHARED = new DataUrls();

    /**
     * Data URLs of pictures sent lately, by weight in characters: those of the calls in flight, so the
     * calls that show a picture together (a meme's three Miners, a sample's reference answers) share
     * one encoding, and no longer: a memo that serves a picture again seconds later keeps each URL until
     * the collector moves it to the old generation, where it stays as garbage (docs/cost.md).
     */
    private static final long MEMO_CHARS = 2L << 20;
    /** Below this a string is written the ordinary way: the lookup would cost more than it saves. */
    private static final int VERBATIM_MIN_CHARS = 4096;

    private final Cache<String, String> urls = Caffeine.newBuilder()
            .maximumWeight(MEMO_CHARS)
            .weigher((String key, String url) -> url.length())
            .build();
    /**
     * The URL strings this class made, compared by identity (Caffeine's weak keys): only they are
     * known to hold nothing but base64, so a meme's text that happens to look like a data URL is
     * still escaped.
     */
    private final Cache<String, Boolean> made = Caffeine.newBuilder().weakKeys().build();

    private final JsonMapper mapper = verbatimMapper();

    private DataUrls() {}

    String of(ContentPart.Image image) {
        return urls.get(image.sha256() + image.mimeType(), key -> {
            String url = image.dataUrl();
            made.put(url, Boolean.TRUE);
            return url;
        });
    }

    /** @return openai-java's own mapper, with this class's URLs written verbatim */
    public JsonMapper mapper() {
        return mapper;
    }

    private JsonMapper verbatimMapper() {
        JsonMapper copy = ObjectMappers.jsonMapper().copy();
        copy.registerModule(new SimpleModule("adammeme-data-urls").addSerializer(String.class, new Verbatim()));
        return copy;
    }

    private final class Verbatim extends StdSerializer<String> {
        private static final long serialVersionUID = 1L;

        Verbatim() {
            super(String.class);
        }

        @Override
        public void serialize(String value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value.length() >= VERBATIM_MIN_CHARS && made.getIfPresent(value) != null) {
                byte[] ascii = value.getBytes(StandardCharsets.ISO_8859_1);
                gen.writeRawUTF8String(ascii, 0, ascii.length);
            } else {
                gen.writeString(value);
            }
        }
    }
}
