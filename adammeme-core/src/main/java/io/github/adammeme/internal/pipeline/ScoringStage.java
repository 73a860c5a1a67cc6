package io.github.adammeme.internal.pipeline;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Answer;
import io.github.adammeme.internal.agent.Candidate;
import io.github.adammeme.internal.agent.RefusalChecker;
import io.github.adammeme.internal.agent.Scorer;
import io.github.adammeme.internal.agent.Senior;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.agent.refusal.RefusalDetector;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Refinement;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.result.SecondScore;
import io.github.adammeme.internal.summary.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Stage 2, model scoring, for one sample: the reference (3 Candidates, then the Senior) and the
 * target's answer run side by side; an answer that might be a refusal is read whole by the refusal
 * check; then the Scorer compares answer and reference, and for a seeded share of samples a second
 * judge does too. The reference never depends on the target, so across targets its calls are cache
 * hits. A target answer cut at the token limit is scored as written and its sample marked.
 */
final class ScoringStage {

    static final int CANDIDATES = 3;
    /** The fewest Candidate analyses the Senior forms a reference from (see {@link #reference}). */
    static final int MIN_ANALYSES = 1;

    private final Candidate candidate;
    private final Senior senior;
    private final Target target;
    private final Scorer scorer;
    private final double threshold;
    private final RefusalDetector refusals;
    private final @Nullable Scorer secondJudge;
    private final Recheck recheck;
    private final boolean detectRefusals;

    /** What a target's answer is when refusals are not looked for: the paper's reference code scores every answer. */
    private static final RefusalDetector.Decision NOT_LOOKED_FOR = new RefusalDetector.Decision(
            RefusalDetector.Decision.Kind.ANALYSIS,
            "refusals are not looked for (" + Constants.REFUSAL_DETECTION + "=false)");

    /**
     * @param secondJudge an independent Scorer (another replica, or another model) for the judge's
     *                    reliability check, or null when {@code recheck} draws nothing
     */
    ScoringStage(
            Candidate candidate,
            Senior senior,
            Target target,
            Scorer scorer,
            double threshold,
            RefusalDetector refusals,
            @Nullable Scorer secondJudge,
            Recheck recheck) {
        this(candidate, senior, target, scorer, threshold, refusals, secondJudge, recheck, true);
    }

    /**
     * @param detectRefusals whether the target's answers are checked for refusals; when not, each is scored like any
     *                       other, and the references are still kept from being formed from an agent's refusal
     */
    ScoringStage(
            Candidate candidate,
            Senior senior,
            Target target,
            Scorer scorer,
            double threshold,
            RefusalDetector refusals,
            @Nullable Scorer secondJudge,
            Recheck recheck,
            boolean detectRefusals) {
        this.detectRefusals = detectRefusals;
        this.candidate = candidate;
        this.senior = senior;
        this.target = target;
        this.scorer = scorer;
        this.threshold = threshold;
        this.refusals = refusals;
        this.secondJudge = secondJudge;
        this.recheck = recheck;
    }

    /**
     * What is put to the target.
     *
     * @param text       the meme text (original or refined), as recorded
     * @param promptText what the prompt's meme-text block holds: the text, or a note that it is on the picture
     * @param image      the picture shown: erased, the original, or with the refined text rendered on it
     * @param shownImage where that picture is kept, when it is not the dataset's file
     */
    record Probe(
            String id,
            String memeId,
            String category,
            String misbelief,
            String text,
            String originalText,
            String imagePath,
            @Nullable String shownImage,
            String promptText,
            ContentPart.Image image,
            @Nullable Refinement refinement) {}

    /** The stage with the run's agents: the second judge is its own model's Scorer when one is configured. */
    static ScoringStage of(
            AgentContext agents,
            ModelGateway targetGateway,
            @Nullable ModelGateway secondJudge,
            EvaluationConfig config) {
        boolean decimals = config.details().decimalRatings();
        Scorer second =
                secondJudge != null ? new Scorer(agents.on(secondJudge), 0, decimals) : new Scorer(agents, 1, decimals);
        return new ScoringStage(
                new Candidate(agents),
                new Senior(agents),
                new Target(agents.on(targetGateway), config.models().targetTemperature()),
                new Scorer(agents, 0, decimals),
                config.method().threshold(),
                new RefusalDetector(new RefusalChecker(agents)),
                second,
                new Recheck(config.method().judgeRecheck(), config.method().randomSeed()),
                config.details().refusalDetection());
    }

    CompletableFuture<ScoredSample> score(Probe probe) {
        return score(probe, reference(probe));
    }

    /** A hard case replayed from a bank: the reference it was scored against before is scored against again. */
    CompletableFuture<ScoredSample> score(Probe probe, String storedReference) {
        return score(
                probe,
                CompletableFuture.completedFuture(
                        new Answer<>(Answer.Status.OK, storedReference, storedReference, null, 0)));
    }

    @SuppressWarnings("FutureReturnValueIgnored") // false positive: the nested future is flattened by thenCompose
    private CompletableFuture<ScoredSample> score(Probe probe, CompletableFuture<Answer<String>> reference) {
        CompletableFuture<Answer<String>> answer = target.analyse(probe.promptText(), probe.image(), probe.category());
        CompletableFuture<RefusalDetector.Decision> declined = answer.thenCompose(ans -> !ans.ok()
                ? CompletableFuture.completedFuture(null)
                : detectRefusals
                        ? refusals.detect(probe.category(), ans.okValue())
                        : CompletableFuture.completedFuture(NOT_LOOKED_FOR));
        return reference
                .thenCombine(answer, Pair::new)
                .thenCombine(declined, (pair, decision) -> {
                    Answer<String> ref = pair.reference();
                    Answer<String> ans = pair.answer();
                    String refText = ref.ok() ? ref.value() : null;
                    if (ans.status() == Answer.Status.REFUSED && !detectRefusals) {
                        // The reference code has no text to score here either, and drops the sample.
                        return done(
                                probe,
                                Outcome.ERROR,
                                null,
                                refText,
                                ans.raw(),
                                null,
                                "the endpoint declined with its own" + " refusal signal and gave no answer to score ("
                                        + Constants.REFUSAL_DETECTION + "=false)",
                                ans.raw());
                    }
                    if (ans.status() == Answer.Status.REFUSED) {
                        return done(
                                probe,
                                Outcome.REFUSED,
                                null,
                                refText,
                                ans.raw(),
                                null,
                                "the target declined to analyse the meme (the endpoint's own refusal signal)",
                                ans.raw());
                    }
                    if (!ans.ok()) {
                        return done(
                                probe,
                                Outcome.ERROR,
                                null,
                                refText,
                                ans.raw(),
                                null,
                                "target " + ans.status() + ": " + ans.failure(),
                                ans.raw());
                    }
                    if (decision.kind() == RefusalDetector.Decision.Kind.REFUSAL) {
                        return done(
                                probe,
                                Outcome.REFUSED,
                                null,
                                refText,
                                ans.value(),
                                null,
                                "the target declined to analyse the meme: " + decision.reason(),
                                null);
                    }
                    if (decision.kind() == RefusalDetector.Decision.Kind.UNDECIDED) {
                        return done(probe, Outcome.ERROR, null, refText, ans.value(), null, decision.reason(), null);
                    }
                    if (!ref.ok()) {
                        // Never score against something weaker than the reference the method defines.
                        return done(
                                probe,
                                Outcome.ERROR,
                                null,
                                null,
                                ans.value(),
                                null,
                                "no reference answer: " + ref.failure(),
                                ref.raw());
                    }
                    return scorer.score(
                                    probe.promptText(), probe.image(), probe.category(), ref.okValue(), ans.okValue())
                            .thenApply(rating -> rated(probe, ref.okValue(), ans.okValue(), rating))
                            .thenCompose(sample -> secondOpinion(probe, sample));
                })
                .thenCompose(f -> f)
                .thenCombine(answer, (sample, ans) -> ans.cutOff() ? sample.cutAtTokenLimit() : sample);
    }

    private record Pair(Answer<String> reference, Answer<String> answer) {}

    /** The judge's reliability check: a drawn, scored sample rated again by an independent judge. */
    private CompletableFuture<ScoredSample> secondOpinion(Probe probe, ScoredSample sample) {
        if (!sample.outcome().scored() || secondJudge == null || !recheck.selects(sample.id())) {
            return CompletableFuture.completedFuture(sample);
        }
        return secondJudge
                .score(
                        probe.promptText(),
                        probe.image(),
                        probe.category(),
                        Objects.requireNonNull(sample.reference(), "a scored sample has its reference"),
                        Objects.requireNonNull(sample.targetAnswer(), "a scored sample has its answer"))
                .thenApply(rating -> sample.withSecondScore(
                        rating.ok()
                                ? new SecondScore(
                                        secondJudge.judge(), rating.okValue().score(), null)
                                : new SecondScore(
                                        secondJudge.judge(), null, rating.status() + ": " + rating.failure())));
    }

    /**
     * The reference alone: what the mining stage stores for the shards that score. The Senior works from the
     * Candidates that gave an analysis, at least {@link #MIN_ANALYSES}: one that declined, or whose answer was
     * lost, leaves its place empty rather than voiding the sample, since the memes a Candidate declines are
     * often the most offensive ones, which FR must not lose. Only when no Candidate analysed is there nothing
     * to form a reference from.
     */
    CompletableFuture<Answer<String>> reference(Probe probe) {
        List<CompletableFuture<Answer<String>>> candidates =
                candidate.analyseAll(probe.promptText(), probe.image(), probe.category(), CANDIDATES);
        List<CompletableFuture<Answer<String>>> leftOut = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            String who = "Candidate " + (i + 1);
            leftOut.add(candidates
                    .get(i)
                    .thenCompose(a -> a.ok()
                            ? declined(probe, a.okValue(), who)
                            : CompletableFuture.completedFuture(new Answer<String>(
                                    a.status(),
                                    null,
                                    a.raw(),
                                    who + " " + a.status() + ": " + a.failure(),
                                    a.attempts()))));
        }
        return CompletableFuture.allOf(leftOut.toArray(CompletableFuture[]::new))
                .thenCompose(ignored -> {
                    List<String> analyses = new ArrayList<>();
                    List<Answer<String>> missing = new ArrayList<>();
                    List<Integer> missingWho = new ArrayList<>();
                    for (int i = 0; i < candidates.size(); i++) {
                        Answer<String> why = leftOut.get(i).join();
                        analyses.add(why == null ? candidates.get(i).join().value() : null);
                        if (why != null) {
                            missing.add(why);
                            missingWho.add(i + 1);
                        }
                    }
                    if (candidates.size() - missing.size() < MIN_ANALYSES) {
                        Answer<String> first = missing.get(0);
                        return CompletableFuture.completedFuture(new Answer<String>(
                                first.status(),
                                null,
                                first.raw(),
                                noReference(candidates.size(), missing, missingWho),
                                first.attempts()));
                    }
                    return senior.decide(probe.promptText(), probe.image(), probe.category(), analyses)
                            .thenCompose(s -> !s.ok()
                                    ? CompletableFuture.completedFuture(new Answer<String>(
                                            s.status(),
                                            null,
                                            s.raw(),
                                            "Senior " + s.status() + ": " + s.failure(),
                                            s.attempts()))
                                    : declined(probe, s.okValue(), "the Senior").thenApply(d -> d != null ? d : s));
                });
    }

    /**
     * Why no reference could be formed, each distinct cause once: three Candidates stopped by one spent budget or
     * one failing endpoint read as one short line in the sample's reason, not the same sentence three times.
     */
    static String noReference(int asked, List<Answer<String>> missing, List<Integer> numbers) {
        Map<String, List<Integer>> byCause = new LinkedHashMap<>();
        for (int i = 0; i < missing.size(); i++) {
            String who = "Candidate " + numbers.get(i);
            String failure = Objects.requireNonNullElse(missing.get(i).failure(), "no answer");
            byCause.computeIfAbsent(failure.replace(who, WHO), k -> new ArrayList<>())
                    .add(numbers.get(i));
        }
        if (byCause.size() == 1 && missing.size() == asked) {
            return byCause.keySet().iterator().next().replace(WHO, "all " + asked + " Candidates");
        }
        List<String> causes = new ArrayList<>();
        byCause.forEach((cause, who) -> causes.add(cause.replace(
                WHO,
                who.size() == 1
                        ? "Candidate " + who.get(0)
                        : "Candidates "
                                + String.join(
                                        ", ",
                                        who.subList(0, who.size() - 1).stream()
                                                .map(String::valueOf)
                                                .toList())
                                + " and " + who.get(who.size() - 1))));
        return "none of the " + asked + " Candidates gave an analysis to form it from: " + String.join("; ", causes);
    }

    /** Stands for a Candidate's name while causes are compared; no model text holds it. */
    private static final String WHO = "\u0000who\u0000";

    /**
     * A reference is the yardstick every target is scored against, so an agent that declined in words
     * ("I'm sorry, but I can't help with analysing this meme") must not become one: its text is read as a
     * target's answer would be. Null when it is an analysis; otherwise why it cannot be part of the reference,
     * a refusal, or a refusal check that gave no usable answer (then whether it is an analysis is not known,
     * and it is not used as one).
     */
    private CompletableFuture<Answer<String>> declined(Probe probe, String text, String who) {
        return refusals.detect(probe.category(), text).thenApply(d -> switch (d.kind()) {
            case REFUSAL ->
                new Answer<String>(
                        Answer.Status.REFUSED, null, text, who + " declined to analyse the meme: " + d.reason(), 1);
            case UNDECIDED ->
                new Answer<String>(
                        Answer.Status.CALL_FAILED,
                        null,
                        text,
                        "whether " + who + " declined is not known: " + d.reason(),
                        1);
            case ANALYSIS -> null;
        });
    }

    private ScoredSample rated(Probe probe, String reference, String answer, Answer<Rating> rating) {
        if (!rating.ok()) {
            Outcome outcome = rating.status() == Answer.Status.UNPARSEABLE ? Outcome.UNSCORED : Outcome.ERROR;
            return sample(
                    probe,
                    outcome,
                    null,
                    reference,
                    answer,
                    null,
                    "Scorer " + rating.status() + ": " + rating.failure(),
                    rating.raw());
        }
        int score = rating.okValue().score();
        return sample(
                probe,
                score < threshold ? Outcome.FAILED : Outcome.PASSED,
                score,
                reference,
                answer,
                rating.okValue().explanation(),
                null,
                null);
    }

    private static CompletableFuture<ScoredSample> done(
            Probe probe,
            Outcome outcome,
            @Nullable Integer score,
            @Nullable String reference,
            @Nullable String answer,
            @Nullable String explanation,
            @Nullable String reason,
            @Nullable String raw) {
        return CompletableFuture.completedFuture(
                sample(probe, outcome, score, reference, answer, explanation, reason, raw));
    }

    private static ScoredSample sample(
            Probe probe,
            Outcome outcome,
            @Nullable Integer score,
            @Nullable String reference,
            @Nullable String answer,
            @Nullable String explanation,
            @Nullable String reason,
            @Nullable String raw) {
        return new ScoredSample(
                probe.id(),
                probe.memeId(),
                probe.category(),
                probe.misbelief(),
                probe.text(),
                probe.originalText(),
                probe.imagePath(),
                probe.shownImage(),
                outcome,
                score,
                reference,
                answer,
                explanation,
                reason,
                raw,
                probe.refinement(),
                null);
    }
}
