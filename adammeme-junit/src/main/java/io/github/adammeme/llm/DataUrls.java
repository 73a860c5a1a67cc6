package io.github.adammeme.llm;

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

/**
 * Pictures as the data URLs requests carry. A meme goes out a dozen times or more, to the target
 * and to the agents, mostly within a short while, so the URLs of pictures sent lately are kept
 * rather than base64-encoded for every call; and the JSON writer copies these URLs
 * into the request as they are, because escaping a base64 string character by character cost more
 * CPU than anything else in a call.
 */
final class DataUrls {

    /** One memo for every endpoint: the target and the agents show the same pictures. */
    static final DataUrls SHARED = new DataUrls();

    /**
     * Data URLs of pictures sent lately, by weight in characters. A meme's calls come close together
     * (its Miners at once, its reference answers, the target and the Scorer of a sample within a few
     * batches), so the latest few hundred pictures' URLs serve two of three sends at 5,000 memes, four
     * of five with four times the memory; the rest are encoded again, which costs far less than a call.
     */
    private static final long MEMO_CHARS = 16L << 20;
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

    private DataUrls() {
    }

    String of(ContentPart.Image image) {
        return urls.get(image.sha256() + image.mimeType(), key -> {
            String url = image.dataUrl();
            made.put(url, Boolean.TRUE);
            return url;
        });
    }

    /** openai-java's own mapper, with this class's URLs written verbatim. */
    JsonMapper mapper() {
        return mapper;
    }

    private JsonMapper verbatimMapper() {
        JsonMapper copy = ObjectMappers.jsonMapper().copy();
        copy.registerModule(new SimpleModule("adammeme-data-urls").addSerializer(String.class, new Verbatim()));
        return copy;
    }

    private final class Verbatim extends StdSerializer<String> {

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
