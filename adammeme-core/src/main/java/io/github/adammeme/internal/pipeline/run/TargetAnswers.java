package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.llm.Answerer;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Whose answers a run's target gave, and which model the endpoint said gave them. A model name does not name a
 * model version (vLLM's served name, an alias that moves to a new snapshot), so the target's answers belong to the
 * run that asked for them, or to the revision the user declared ({@value Constants#TARGET_REVISION}); a run records
 * what it was told about the model, so that a release decided on a name can be traced to what answered.
 *
 * @param keptFor     whose the answers are, in words: the run's own (asked afresh, or resumed), or the declared revision's
 * @param revision    the declared revision, or null
 * @param resumedFrom when the unfinished attempt this run went on with started, or null
 * @param asked       target calls made in this run
 * @param fromCache   target answers taken from the cache: this run's own (a resumed attempt's, the same question
 *                    twice) or, with a revision, earlier runs' of the same revision
 * @param answeredAs  who the endpoint said answered the calls made in this run
 * @param listed      the model's entry in its endpoint's {@code GET /models}, empty when not listed or not asked
 */
@API(status = INTERNAL, since = "0.1.0")
public record TargetAnswers(
        String keptFor,
        @Nullable String revision,
        @Nullable String resumedFrom,
        long asked,
        long fromCache,
        List<Answered> answeredAs,
        Map<String, String> listed) {

    /**
     * Answers from one model, as the endpoint named it.
     *
     * @param model             the answers' {@code model}, or null when they named none
     * @param systemFingerprint their {@code system_fingerprint}, or null
     * @param answers           how many
     */
    public record Answered(@Nullable String model, @Nullable String systemFingerprint, long answers) {}

    /** The scope of a run's target answers in cache keys: the declared revision's, else the attempt's session. */
    static String scope(EvaluationConfig config, Attempt attempt) {
        String revision = config.models().targetRevision();
        return revision != null ? "revision " + revision : "run " + attempt.session();
    }

    static TargetAnswers of(
            EvaluationConfig config,
            Attempt attempt,
            UsageLedger ledger,
            Map<Answerer, Long> answeredBy,
            Map<String, String> listed) {
        String model = config.models().target().model();
        long asked = 0;
        long fromCache = 0;
        for (UsageLedger.Line line : ledger.lines()) {
            if (line.role().equals(Target.ROLE) && line.model().equals(model)) {
                asked += line.calls();
                fromCache += line.cacheHits();
            }
        }
        List<Answered> answered = new ArrayList<>();
        answeredBy.forEach((who, n) -> answered.add(new Answered(who.model(), who.systemFingerprint(), n)));
        String revision = config.models().targetRevision();
        String resumed = attempt.resumedStart().orElse(null);
        String keptFor = revision != null
                ? "revision " + revision + "'s (" + Constants.TARGET_REVISION
                        + "), shared by every run that declares it"
                : resumed != null
                        ? "the run's own, resumed from its unfinished attempt started " + resumed
                        : "the run's own, asked afresh";
        return new TargetAnswers(keptFor, revision, resumed, asked, fromCache, List.copyOf(answered), listed);
    }

    /**
     * The models that answered under another name than the one asked for: an alias, or a server that serves a
     * model under a name of its own choosing. An endpoint that names no model says nothing either way.
     *
     * @param asked the configured model name
     * @return the other names, in order
     */
    public List<String> otherNames(String asked) {
        return answeredAs.stream()
                .map(Answered::model)
                .filter(Objects::nonNull)
                .filter(m -> !m.equals(asked))
                .distinct()
                .toList();
    }

    /**
     * What a reader of the run's results is told of its target: what its answers belong to, how many were asked,
     * who the endpoint said answered, what it lists under the name, and a note when the answers named another model.
     *
     * @param target the configured model name
     * @return the lines, plain text, without line breaks
     */
    public List<String> lines(String target) {
        List<String> lines = new ArrayList<>();
        lines.add("target answers: " + keptFor + "; " + describe());
        if (!listed.isEmpty()) {
            StringBuilder entry = new StringBuilder("the endpoint lists " + target + " as");
            listed.forEach((k, v) -> entry.append(' ').append(k).append('=').append(v));
            lines.add(entry.toString());
        }
        List<String> others = otherNames(target);
        if (!others.isEmpty()) {
            lines.add(
                    "note: the endpoint answered as " + String.join(", ", others) + ", not as " + target + ", the name"
                            + " asked for: an alias or served name that a later release may point at another model");
        }
        return lines;
    }

    /**
     * "412 asked now, 0 from the cache; answered as gpt-4o-2024-08-06 (fp_1): 412"
     *
     * @return one line for the console and the summary
     */
    public String describe() {
        StringBuilder sb = new StringBuilder()
                .append(asked)
                .append(" asked now, ")
                .append(fromCache)
                .append(" from the cache");
        if (!answeredAs.isEmpty()) {
            sb.append("; answered as ");
            for (int i = 0; i < answeredAs.size(); i++) {
                Answered a = answeredAs.get(i);
                Answerer who = Answerer.of(a.model(), a.systemFingerprint());
                sb.append(i == 0 ? "" : ", ")
                        .append(who == null ? "a model the endpoint did not name" : who.describe())
                        .append(": ")
                        .append(a.answers());
            }
        }
        return sb.toString();
    }
}
