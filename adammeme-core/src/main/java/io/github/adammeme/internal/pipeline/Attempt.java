package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.PromptLibrary;
import io.github.adammeme.internal.llm.CallCache;
import io.github.adammeme.internal.llm.Prices;
import io.github.adammeme.internal.llm.Usage;
import io.github.adammeme.internal.llm.UsageLedger;
import io.github.adammeme.internal.util.Digests;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * One attempt at a run. Its run's key is the same for every attempt at the same evaluation (the same
 * target, controller, dataset, method and prompts, and the same shard) and its id is its own. The cache
 * marks the answers it pays for with it until it finishes, so that when an attempt is killed (a shard of
 * a CI matrix, say) and another started, the answers the killed one paid for are counted in the results
 * of the one that finishes, in usage lines of the stage {@link #UNFINISHED}, instead of in nobody's.
 *
 * @param id the run's key, a slash, the start and a random part
 */
record Attempt(String id) {

    /** The stage of the usage lines that count what attempts killed or lost before this one paid for. */
    static final String UNFINISHED = "unfinished attempts";
    private static final SecureRandom RANDOM = new SecureRandom();

    static Attempt start(EvaluationConfig config, PromptLibrary prompts) {
        String run = Digests.sha256Hex(String.join("\n", config.models().target().identity(),
                config.models().target().model(), config.models().controller().identity(), config.models().controller().model(),
                config.datasetDescription(), config.method().toString(), prompts.digests().toString())).substring(0, 16);
        return new Attempt(run + "/" + Instant.now().truncatedTo(ChronoUnit.MILLIS) + "-"
                + HexFormat.of().toHexDigits(RANDOM.nextInt()));
    }

    /**
     * The usage of this attempt, with what earlier attempts at its run that never finished paid for, which
     * this one now accounts for.
     */
    static List<UsageLedger.Line> usage(UsageLedger ledger, CallCache cache, Prices prices) {
        List<UsageLedger.Line> lines = new ArrayList<>(ledger.lines());
        for (CallCache.Paid p : cache.unfinishedAttempts()) {
            lines.add(new UsageLedger.Line(UNFINISHED, p.role(), p.model(), p.answers(), 0, 0, 0, 0, p.promptTokens(), 0,
                    p.completionTokens(), 0, prices.cost(p.model(), new Usage(p.promptTokens(), p.completionTokens()))));
        }
        return List.copyOf(lines);
    }
}
