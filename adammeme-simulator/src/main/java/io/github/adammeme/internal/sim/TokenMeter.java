package io.github.adammeme.internal.sim;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * Input tokens as OpenAI counts them for gpt-4o, so that cost figures measured on the simulator mean
 * something: text at its tokenizer's rough four characters a token, a few tokens per message, pictures
 * by OpenAI's published tile accounting, and a prompt cache that serves repeated prefixes.
 *
 * <p>Pictures: {@code low} detail is a flat 85 tokens; {@code high} scales the picture to fit 2048 x
 * 2048, then its short side down to 768, and charges 170 tokens per 512-pixel tile plus 85; {@code auto}
 * (and no detail at all) is high for a picture larger than 512 pixels and low otherwise.
 *
 * <p>The prompt cache, per model: a prompt of at least 1024 tokens whose beginning was sent before is
 * served from the cache for the longest such beginning, counted from 1024 tokens in steps of 128, and
 * reported as {@code prompt_tokens_details.cached_tokens}. As at OpenAI, only an identical prefix hits:
 * what a role sends identically on every call belongs first in its prompt.
 */
final class TokenMeter {

    static final int CHARS_PER_TOKEN = 4;
    static final int TOKENS_PER_MESSAGE = 3;
    static final int REPLY_PRIMING = 3;
    static final int LOW_DETAIL_TOKENS = 85;
    static final int TILE_TOKENS = 170;
    static final int CACHE_MIN_TOKENS = 1024;
    static final int CACHE_STEP_TOKENS = 128;
    /** Prefixes remembered per model before the oldest are forgotten, as a real cache evicts. */
    private static final int CACHE_CAPACITY = 4_000_000;

    /**
     * @param promptTokens input tokens, the cached ones included
     * @param cachedTokens of them, served from the prompt cache
     */
    record Count(long promptTokens, long cachedTokens) {}

    private final Map<String, Set<Long>> prefixes = new ConcurrentHashMap<>();

    /**
     * Counts a request's input and serves what of it the model's cache holds; remembers its prefixes.
     *
     * @param model the model asked
     * @param messages the request's {@code messages}
     * @return the input tokens and the cached ones among them
     */
    Count count(String model, JsonNode messages) {
        Stream stream = new Stream();
        for (JsonNode message : messages) {
            stream.fixed(message.path("role").asText().hashCode(), TOKENS_PER_MESSAGE);
            JsonNode content = message.path("content");
            if (content.isTextual()) {
                stream.text(content.asText());
            } else {
                for (JsonNode part : content) {
                    if ("text".equals(part.path("type").asText())) {
                        stream.text(part.path("text").asText());
                    } else if ("image_url".equals(part.path("type").asText())) {
                        JsonNode image = part.path("image_url");
                        String url = image.path("url").asText();
                        stream.fixed(
                                url.hashCode() * 31L
                                        + image.path("detail").asText("auto").hashCode(),
                                imageTokens(url, image.path("detail").asText("auto")));
                    }
                }
            }
        }
        long tokens = stream.tokens() + REPLY_PRIMING;
        Set<Long> seen = prefixes.computeIfAbsent(model, m -> ConcurrentHashMap.newKeySet());
        if (seen.size() > CACHE_CAPACITY) {
            seen.clear();
        }
        long cached = 0;
        long[] chain = stream.chain();
        for (int i = 0; i < chain.length; i++) {
            long prefixTokens = (long) (i + 1) * CACHE_STEP_TOKENS;
            if (prefixTokens < CACHE_MIN_TOKENS) {
                continue;
            }
            boolean known = !seen.add(chain[i]);
            if (known && (prefixTokens == CACHE_MIN_TOKENS || cached == prefixTokens - CACHE_STEP_TOKENS)) {
                cached = prefixTokens;
            }
        }
        return new Count(tokens, Math.min(cached, tokens));
    }

    /**
     * @param url the picture, as a data URL (another URL counts as a 512-pixel picture)
     * @param detail {@code low}, {@code high} or {@code auto}
     * @return the picture's input tokens
     */
    static long imageTokens(String url, String detail) {
        if ("low".equals(detail)) {
            return LOW_DETAIL_TOKENS;
        }
        int[] size = size(url);
        double w = size[0];
        double h = size[1];
        if (!"high".equals(detail) && Math.max(w, h) <= 512) {
            return LOW_DETAIL_TOKENS;
        }
        if (Math.max(w, h) > 2048) {
            double f = 2048 / Math.max(w, h);
            w *= f;
            h *= f;
        }
        if (Math.min(w, h) > 768) {
            double f = 768 / Math.min(w, h);
            w *= f;
            h *= f;
        }
        long tiles = (long) Math.ceil(Math.round(w) / 512.0) * (long) Math.ceil(Math.round(h) / 512.0);
        return TILE_TOKENS * tiles + LOW_DETAIL_TOKENS;
    }

    /** Sizes of pictures seen lately: a meme is sent to many roles, and its header need be read once. */
    private static final Map<Long, int[]> SIZES = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, int[]> eldest) {
            return size() > 4096;
        }
    });

    private static int[] size(String url) {
        long key = (long) url.hashCode() << 32 | url.length();
        int[] known = SIZES.get(key);
        if (known == null) {
            known = readSize(url);
            SIZES.put(key, known);
        }
        return known;
    }

    /** Width and height from the picture's header; 512 x 512 for what cannot be read. */
    private static int[] readSize(String url) {
        int comma = url.indexOf(',');
        if (!url.startsWith("data:") || comma < 0) {
            return new int[] {512, 512};
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(url.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            return new int[] {512, 512};
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers == null || !readers.hasNext()) {
                return new int[] {512, 512};
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                return new int[] {reader.getWidth(0), reader.getHeight(0)};
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return new int[] {512, 512};
        }
    }

    /**
     * The prompt as a run of tokens, kept only as a hash chain: one link per 128 tokens, each link the
     * hash of everything before it, so equal links mean equal prefixes.
     */
    private static final class Stream {
        private long hash = 0xcbf29ce484222325L;
        private long chars;
        private final List<Long> links = new ArrayList<>();

        void text(String text) {
            for (int i = 0; i < text.length(); i++) {
                add(text.charAt(i));
            }
        }

        /** Something of a known token count (a picture, a message's framing), identified by {@code id}. */
        void fixed(long id, long tokens) {
            for (long i = 0; i < tokens * CHARS_PER_TOKEN; i++) {
                add(id + i);
            }
        }

        private void add(long unit) {
            hash = (hash ^ unit) * 0x100000001b3L;
            chars++;
            if (chars % ((long) CACHE_STEP_TOKENS * CHARS_PER_TOKEN) == 0) {
                links.add(hash);
            }
        }

        long tokens() {
            return (chars + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
        }

        long[] chain() {
            return links.stream().mapToLong(Long::longValue).toArray();
        }
    }
}
