package io.github.adammeme.agent;

import io.github.adammeme.llm.ChatRequest;
import io.github.adammeme.llm.ChatResponse;
import io.github.adammeme.llm.ModelGateway;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Asks, parses, and on an answer of the wrong shape asks again a bounded number of times. Each
 * re-ask carries the bad answer and what was wrong with it, so it is a distinct call (and a
 * distinct cache entry) rather than the same question replayed.
 */
final class Asker {

    private Asker() {
    }

    static <T> CompletableFuture<Answer<T>> ask(ModelGateway gateway, ChatRequest request, AnswerParser<T> parser,
                                                int reasks) {
        return attempt(gateway, request, parser, reasks, 1);
    }

    private static <T> CompletableFuture<Answer<T>> attempt(ModelGateway gateway, ChatRequest request,
                                                            AnswerParser<T> parser, int reasksLeft, int attempt) {
        return gateway.call(request).handle((response, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                return CompletableFuture.completedFuture(
                        new Answer<T>(Answer.Status.CALL_FAILED, null, null, cause.getMessage(), attempt));
            }
            if (Refusals.isRefusal(response)) {
                return CompletableFuture.completedFuture(new Answer<T>(Answer.Status.REFUSED, null,
                        Refusals.describe(response), "the model declined: " + firstLine(Refusals.describe(response)), attempt));
            }
            try {
                return CompletableFuture.completedFuture(Answer.ok(parser.parse(response.content()), response.content(), attempt));
            } catch (ParseException e) {
                if (reasksLeft <= 0) {
                    return CompletableFuture.completedFuture(new Answer<T>(Answer.Status.UNPARSEABLE, null,
                            response.content(), e.getMessage(), attempt));
                }
                ChatRequest again = request.followUp(response.content(), correction(e, response));
                return attempt(gateway, again, parser, reasksLeft - 1, attempt + 1);
            }
        }).thenCompose(f -> f);
    }

    private static String correction(ParseException e, ChatResponse response) {
        String truncated = "length".equals(response.finishReason()) ? " Your answer was cut off; keep it shorter." : "";
        return "Your previous answer could not be used: " + e.getMessage() + "." + truncated
                + " Answer again, following the required output format exactly.";
    }

    private static String firstLine(String s) {
        String flat = s == null ? "" : s.strip().replaceAll("\\s+", " ");
        return flat.length() <= 160 ? flat : flat.substring(0, 157) + "...";
    }
}
