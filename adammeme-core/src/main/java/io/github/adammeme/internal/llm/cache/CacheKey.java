package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.util.Digests;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apiguardian.api.API;

/**
 * The identity of a call: endpoint, model, rendered messages with images by
 * digest, temperature, seed, replica and template digest, and for the target the run or revision its
 * answers belong to. Two calls with the same key are the same question to the same model, so one answer
 * serves both.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class CacheKey {

    private CacheKey() {}

    /**
     * The key of one call.
     *
     * @param model the endpoint and model asked
     * @param request the call
     * @return a SHA-256 in hex
     */
    public static String of(ChatModel model, ChatRequest request) {
        MessageDigest sha = Digests.sha256();
        field(sha, "endpoint", model.identity());
        field(sha, "model", model.model());
        field(sha, "temperature", Double.toString(request.temperature()));
        field(sha, "seed", Long.toString(request.seed()));
        field(sha, "max-tokens", String.valueOf(request.maxTokens()));
        field(sha, "replica", Integer.toString(request.replica()));
        field(sha, "template", request.templateDigest());
        if (model.answerScope() != null) {
            // Only the target's keys carry one: the agents' answers stay shared by every run, their keys as before.
            field(sha, "answers of", model.answerScope());
        }
        if (request.schema() != null) {
            field(
                    sha,
                    "schema",
                    request.schema().name() + ":" + request.schema().json());
        }
        for (ChatMessage message : request.messages()) {
            field(sha, "role", message.role().name());
            for (ContentPart part : message.parts()) {
                if (part instanceof ContentPart.Text t) {
                    field(sha, "text", t.text());
                } else if (part instanceof ContentPart.Image img) {
                    // A picture sent without a detail field keys as it always has, so warm caches stay warm.
                    field(
                            sha,
                            "image",
                            img.mimeType() + ":" + img.sha256()
                                    + (img.detail() == null
                                            ? ""
                                            : ":" + img.detail().wire()));
                }
            }
        }
        return Digests.hex(sha);
    }

    /** Length-prefixed fields, so no two different requests can concatenate to the same bytes. */
    private static void field(MessageDigest sha, String name, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) 0);
        sha.update(bytes);
    }
}
