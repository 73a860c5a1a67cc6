package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Answers that stopped at the token limit ({@code finish_reason} length), by role, as summary.json, summary.md
 * and the console give them. A target's cut answer is scored as written, since the paper scores what the model
 * wrote, and its sample is marked {@code "truncated": true}; an agent's is asked again, since its verdict or
 * rating may be what was cut. Either way a reader should know, because a higher {@value Constants#MAX_TOKENS}
 * might have let the target say more.
 *
 * @param total  answers cut, all roles
 * @param byRole answers cut per role, the roles without any left out, in the order of their names
 */
@API(status = INTERNAL, since = "0.1.0")
public record TruncatedAnswers(long total, Map<String, Long> byRole) {

    /** @param byRole answers cut per role, kept in the order of their names so that two runs' summaries compare */
    public TruncatedAnswers {
        byRole = Collections.unmodifiableMap(new TreeMap<>(byRole));
    }

    /**
     * The cut answers a run's usage lines counted.
     *
     * @param usage the run's usage lines, every stage and model
     * @return the counts by role
     */
    public static TruncatedAnswers of(List<UsageLedger.Line> usage) {
        Map<String, Long> byRole = new TreeMap<>();
        for (UsageLedger.Line line : usage) {
            if (line.cutOff() > 0) {
                byRole.merge(line.role(), line.cutOff(), Long::sum);
            }
        }
        return new TruncatedAnswers(
                byRole.values().stream().mapToLong(Long::longValue).sum(), byRole);
    }

    /**
     * "Target 2 (kept as written, marked "truncated" in samples.jsonl), Scorer 1 (asked again)"
     *
     * @return each role's count and what became of its cut answers, the target first
     */
    public String describe() {
        return describe("\"truncated\"");
    }

    /** The roles are this project's own names, never a model's or a dataset's, so Markdown needs no escaping. */
    private String describe(String mark) {
        List<String> parts = new ArrayList<>();
        Long target = byRole.get(Target.ROLE);
        if (target != null) {
            parts.add(Target.ROLE + " " + target + " (kept as written, marked " + mark + " in samples.jsonl)");
        }
        byRole.forEach((role, n) -> {
            if (!role.equals(Target.ROLE)) {
                parts.add(role + " " + n + " (asked again)");
            }
        });
        return String.join(", ", parts);
    }

    /**
     * The console's one line about them.
     *
     * @param maxTokens the run's token limit per answer, or null when the run sends none ({@code max-tokens=none})
     * @return the line, or null when no answer was cut
     */
    public @Nullable String consoleLine(@Nullable Integer maxTokens) {
        if (total == 0) {
            return null;
        }
        // With no cap of the run's own, the endpoint cut them at a limit of its own (a server's maximum length).
        String remedy = maxTokens == null
                ? "the run sends no " + Constants.MAX_TOKENS + ", so the endpoint's own limit" + " cut them"
                : "raise " + Constants.MAX_TOKENS + " (now " + maxTokens + ") to let them finish";
        return "note: " + total + (total == 1 ? " answer was" : " answers were")
                + " cut at the token limit (finish_reason" + " length): " + describe() + "; " + remedy;
    }

    /** @return summary.md's paragraph about them, or empty when no answer was cut */
    public String markdown() {
        return total == 0
                ? ""
                : "Answers cut at the token limit (`finish_reason` length): " + describe("`\"truncated\": true`")
                        + ".\n";
    }
}
