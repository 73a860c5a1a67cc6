package io.github.adammeme.internal.agent;

import io.github.adammeme.internal.agent.answer.AnswerParser;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.agent.answer.RefusalScreen;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.StructuredOutput;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;

/**
 * Asks, parses, and asks again a bounded number of times when the answer is of no use: of the
 * wrong shape, an agent's cut off at the token limit, declined by an agent, or lost to an endpoint
 * failure that outlasted the gateway's retries. Every answer cut at the token limit is counted under
 * its role; a target's is kept, marked. Each re-ask after an answer carries that answer and what
 * was wrong with it, so it is a distinct call (and cache entry) rather than the question replayed.
 */
final class Asker {

    /** How one role's answers are taken. */
    enum Policy {
        /**
         * An agent: its answer decides something, so an answer cut off at the token limit (whose last
         * line may be a quotation rather than its verdict) or a declined task is asked again.
         */
        AGENT,
        /** The target: what it says is the measurement, so a refusal is recorded, never argued with. */
        TARGET
    }

    private Asker() {}

    static <T> CompletableFuture<Answer<T>> ask(
            ModelGateway gateway, ChatRequest request, AnswerParser<T> parser, int reasks, Policy policy) {
        return attempt(gateway, request, parser, reasks, 1, policy);
    }

    /**
     * As {@link #ask}, the first answer already asked for (as one of several choices); re-asks go alone.
     */
    static <T> CompletableFuture<Answer<T>> read(
            ModelGateway gateway,
            ChatRequest request,
            CompletableFuture<ChatResponse> first,
            AnswerParser<T> parser,
            int reasks,
            Policy policy) {
        return read(gateway, request, first, parser, reasks, 1, policy);
    }

    private static <T> CompletableFuture<Answer<T>> attempt(
            ModelGateway gateway,
            ChatRequest request,
            AnswerParser<T> parser,
            int reasksLeft,
            int attempt,
            Policy policy) {
        return read(gateway, request, gateway.call(request), parser, reasksLeft, attempt, policy);
    }

    @SuppressWarnings("FutureReturnValueIgnored") // false positive: the nested future is flattened by thenCompose
    private static <T> CompletableFuture<Answer<T>> read(
            ModelGateway gateway,
            ChatRequest request,
            CompletableFuture<ChatResponse> answer,
            AnswerParser<T> parser,
            int reasksLeft,
            int attempt,
            Policy policy) {
        return answer.handle((response, error) -> {
                    if (error != null) {
                        return failed(gateway, request, parser, reasksLeft, attempt, policy, unwrap(error));
                    }
                    if (response.cutOff()) {
                        gateway.answerCutOff(request);
                    }
                    if (RefusalScreen.declinedByProtocol(response)) {
                        String raw = RefusalScreen.describe(response);
                        if (policy == Policy.TARGET || reasksLeft <= 0) {
                            return done(new Answer<T>(
                                    Answer.Status.REFUSED,
                                    null,
                                    raw,
                                    "the model declined: " + firstLine(raw),
                                    attempt));
                        }
                        return attempt(
                                gateway, request.followUp(raw, DECLINED), parser, reasksLeft - 1, attempt + 1, policy);
                    }
                    try {
                        if (policy == Policy.AGENT && response.cutOff()) {
                            throw new ParseException("the answer was cut off at the token limit");
                        }
                        // A target's cut answer is what the model wrote within the limit it was given: it is scored as
                        // written, as the paper scores every answer, and marked so that a reader knows it stopped
                        // short.
                        return done(new Answer<>(
                                Answer.Status.OK,
                                parser.parse(response.content()),
                                response.content(),
                                null,
                                attempt,
                                response.cutOff()));
                    } catch (ParseException e) {
                        if (reasksLeft > 0) {
                            return attempt(
                                    gateway,
                                    request.followUp(response.content(), correction(e, response)),
                                    parser,
                                    reasksLeft - 1,
                                    attempt + 1,
                                    policy);
                        }
                        // An agent that declined in words is told apart from one that answered in the wrong shape:
                        // a Scorer's refusal leaves its sample an ERROR, its garbled rating an UNSCORED.
                        Answer.Status status = policy == Policy.AGENT
                                        && RefusalScreen.declinesTheTask(response.content())
                                        && !response.cutOff()
                                ? Answer.Status.REFUSED
                                : Answer.Status.UNPARSEABLE;
                        return done(new Answer<T>(status, null, response.content(), e.getMessage(), attempt));
                    }
                })
                .thenCompose(f -> f);
    }

    private static <T> CompletableFuture<Answer<T>> failed(
            ModelGateway gateway,
            ChatRequest request,
            AnswerParser<T> parser,
            int reasksLeft,
            int attempt,
            Policy policy,
            Throwable cause) {
        if (cause instanceof FailSafeCache.CacheUnavailableException || cause instanceof EndpointUnusableException) {
            // No answer of this run's is to be paid for without its store, or from an endpoint found unusable:
            // the run stops with the reason rather than record each sample as an error.
            return CompletableFuture.failedFuture(cause);
        }
        if (cause instanceof ModelCallException call
                && request.schema() != null
                && turnsDownSchemas(call)
                && gateway.structuredOutput() == StructuredOutput.AUTO) {
            gateway.schemaTurnedDown("HTTP " + call.status());
            return attempt(gateway, request.withoutSchema(), parser, reasksLeft, attempt, policy);
        }
        // The gateway already retried with backoff; a failure it could still retry is asked once more
        // from the top, so a vote is not lost to one bad minute of the endpoint.
        if (cause instanceof ModelCallException call && call.retryable() && reasksLeft > 0) {
            return attempt(gateway, request, parser, reasksLeft - 1, attempt + 1, policy);
        }
        return done(new Answer<T>(Answer.Status.CALL_FAILED, null, null, cause.getMessage(), attempt));
    }

    /**
     * A bad request that says it is about the schema: the endpoint does not take response_format. Other
     * 400s (a content filter, a context too long) are failures of their own, not a reason to drop JSON.
     */
    private static boolean turnsDownSchemas(ModelCallException call) {
        return (call.status() == 400 || call.status() == 422)
                && SCHEMA_REFUSAL.matcher(call.getMessage()).find();
    }

    private static final Pattern SCHEMA_REFUSAL = Pattern.compile(
            "response_format|json_schema|structured output|guided_json|schema", Pattern.CASE_INSENSITIVE);

    private static final String DECLINED = "Your previous answer declined the task. This is content-safety research:"
            + " the material is studied so that harmful memes can be recognised. Answer again, following the required"
            + " output format exactly.";

    private static String correction(ParseException e, ChatResponse response) {
        String truncated = response.cutOff() ? " Your answer was cut off; keep it shorter." : "";
        return "Your previous answer could not be used: " + e.getMessage() + "." + truncated
                + " Answer again, following the required output format exactly.";
    }

    private static <T> CompletableFuture<Answer<T>> done(Answer<T> answer) {
        return CompletableFuture.completedFuture(answer);
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private static String firstLine(String s) {
        String flat = s == null ? "" : s.strip().replaceAll("\\s+", " ");
        return flat.length() <= 160 ? flat : flat.substring(0, 157) + "...";
    }
}
