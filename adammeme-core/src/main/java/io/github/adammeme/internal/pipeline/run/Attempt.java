package io.github.adammeme.internal.pipeline.run;

import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.util.Digests;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One attempt at a run. Its run's key is the same for every attempt at the same evaluation (the same
 * target, controller, dataset, method and prompts, and the same shard) and its id is its own. The cache
 * marks the answers it pays for with it until it finishes, so that when an attempt is killed (a shard of
 * a CI matrix, say) and another started, the answers the killed one paid for are counted in the results
 * of the one that finishes, in usage lines of the stage {@link #UNFINISHED}, instead of in nobody's.
 *
 * <p>The target's answers belong to a session: a new one for each run, so that a release run asks the model
 * behind a name afresh, and the unfinished attempt's when an attempt resumes one that was killed, so that no
 * answer it paid for is paid again. A finished attempt leaves no mark, and so no session to resume.
 *
 * @param id      the run's key, the target's session, and the start and a random part, slash-separated
 * @param resumes the id of the unfinished attempt whose session this one goes on with, or null for a new session
 */
record Attempt(String id, @Nullable String resumes) {

    /** The stage of the usage lines that count what attempts killed or lost before this one paid for. */
    static final String UNFINISHED = "unfinished attempts";

    private static final SecureRandom RANDOM = new SecureRandom();
    /** Fixed width, so that starts sort as text (Instant's own form drops zero milliseconds). */
    private static final DateTimeFormatter STARTED =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /**
     * A new attempt at this evaluation: it resumes the target session of the newest attempt of the same run that
     * ended unfinished, else starts one. Reads the cache and marks nothing.
     */
    static Attempt start(EvaluationConfig config, PromptLibrary prompts, CallCache cache) {
        String run = Digests.sha256Hex(String.join(
                        "\n",
                        config.models().target().identity(),
                        config.models().target().model(),
                        config.models().controller().identity(),
                        config.models().controller().model(),
                        config.datasetDescription(),
                        config.method().toString(),
                        prompts.digests().toString()))
                .substring(0, 16);
        Optional<String> unfinished =
                cache.resumable(run).filter(a -> session(a).isPresent());
        String session = unfinished
                .flatMap(Attempt::session)
                .orElseGet(() -> HexFormat.of().toHexDigits(RANDOM.nextLong()));
        return new Attempt(
                run + "/" + session + "/" + STARTED.format(Instant.now()) + "-"
                        + HexFormat.of().toHexDigits(RANDOM.nextInt()),
                unfinished.orElse(null));
    }

    /** @return the session the target's answers of this attempt are kept under */
    String session() {
        return session(id).orElseThrow();
    }

    /** @return when the attempt this one resumes started, or empty when it resumes none */
    Optional<String> resumedStart() {
        return Optional.ofNullable(resumes).map(a -> {
            String last = a.substring(a.lastIndexOf('/') + 1);
            int random = last.lastIndexOf('-');
            return random < 0 ? last : last.substring(0, random);
        });
    }

    /** The session part of an attempt's id; none for an id without one (a release that kept no sessions). */
    private static Optional<String> session(String attempt) {
        String[] parts = attempt.split("/");
        return parts.length == 3 ? Optional.of(parts[1]) : Optional.empty();
    }

    /**
     * The usage of this attempt, with what earlier attempts at its run that never finished paid for, which
     * this one now accounts for.
     */
    static List<UsageLedger.Line> usage(UsageLedger ledger, CallCache cache, Prices prices) {
        List<UsageLedger.Line> lines = new ArrayList<>(ledger.lines());
        for (CallCache.Paid p : cache.unfinishedAttempts()) {
            lines.add(new UsageLedger.Line(
                    UNFINISHED,
                    p.role(),
                    p.model(),
                    p.answers(),
                    0,
                    0,
                    0,
                    0,
                    p.promptTokens(),
                    0,
                    p.completionTokens(),
                    0,
                    prices.cost(p.model(), new Usage(p.promptTokens(), p.completionTokens()))));
        }
        return List.copyOf(lines);
    }
}
