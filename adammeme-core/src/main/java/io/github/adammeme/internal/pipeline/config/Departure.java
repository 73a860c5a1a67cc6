package io.github.adammeme.internal.pipeline.config;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.RoleImages;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.ImageDetail;
import io.github.adammeme.internal.llm.StructuredOutput;
import io.github.adammeme.internal.pipeline.NewCategoryVote;
import io.github.adammeme.internal.pipeline.RefinementOrder;
import io.github.adammeme.internal.pipeline.RefinerPicture;
import io.github.adammeme.internal.pipeline.TextPlacement;
import io.github.adammeme.internal.retrieval.Retrieval;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A setting in which a run can depart from the paper's method, with the values that make it the paper's.
 * {@code adammeme.method=paper} sets every key here that is not set otherwise; whatever a run ends with,
 * {@link #inForce} names what still departs, so a report says which method made its figures.
 */
@SuppressWarnings("ImmutableEnumChecker") // its map is an unmodifiable copy, its functions stateless lambdas
enum Departure {

    /** The paper erases the text from every picture it scores and refines on (OCR-SAM). */
    TEXT_ERASURE(
            "no text erasure",
            Map.of(Constants.TEXT_ERASURE, Departure.ERASURE_ON),
            c -> c.images().textErasure().mode() == TextErasure.Mode.NONE,
            c -> Constants.TEXT_ERASURE + "="
                    + c.images().textErasure().mode().name().toLowerCase(Locale.ROOT)),

    /** The paper's code sends each picture file as it is, with no detail field: the endpoint's default. */
    PICTURES(
            "pictures shrunk, agents at low detail",
            Map.of(Constants.IMAGE_DETAIL, ImageDetail.AUTO.wire(), Constants.IMAGE_MAX_SIDE, "" + Departure.FULL_SIDE),
            c -> c.images().maxSide() < Departure.FULL_SIDE || !reduced(c).isEmpty(),
            c -> Constants.IMAGE_MAX_SIDE + "=" + c.images().maxSide()
                    + (reduced(c).isEmpty() ? "" : "; " + reduced(c))),

    /** The paper's reference code shows the Miners, the Examiner and the Narrator the picture alone. */
    MINING_TEXT(
            "the meme text beside the picture for the Miners, Examiner and Narrator",
            Map.of(Constants.MINING_MEME_TEXT, "false"),
            c -> c.details().miningMemeText(),
            c -> Constants.MINING_MEME_TEXT + "=true"),

    /** The paper asks for ratings, votes and verdicts in text. */
    STRUCTURED_OUTPUT(
            "JSON schemas",
            Map.of(Constants.STRUCTURED_OUTPUT, "off"),
            c -> c.models().structuredOutput() != StructuredOutput.OFF,
            c -> Constants.STRUCTURED_OUTPUT + "="
                    + c.models().structuredOutput().name().toLowerCase(Locale.ROOT)),

    /** The paper's reference code caps no answer: each role writes until it is done, up to the model's own limit. */
    TOKEN_CAP(
            "a cap on every answer's tokens",
            Map.of(Constants.MAX_TOKENS, "none"),
            c -> c.models().maxTokens() != null,
            c -> Constants.MAX_TOKENS + "=" + c.models().maxTokens()),

    /** The paper mines meme by meme, each Miner shown the taxonomy as the meme before it left it. */
    MINING_BATCHES(
            "mining in batches",
            Map.of(Constants.MINING_BATCH, "1", Constants.MINING_LOOKAHEAD, "0"),
            c -> c.method().miningBatchSize() != 1 || c.method().miningLookahead() != 0,
            c -> Constants.MINING_BATCH + "=" + c.method().miningBatchSize() + ", " + Constants.MINING_LOOKAHEAD + "="
                    + c.method().miningLookahead()),

    /** The paper counts a meme in a category when more than half of the Miners name it, a new one too. */
    NEW_CATEGORY_VOTE(
            "one Miner's proposal puts its meme in a new category",
            Map.of(Constants.NEW_CATEGORY_VOTE, "majority"),
            c -> c.method().newCategoryVote() != NewCategoryVote.MAJORITY,
            c -> Constants.NEW_CATEGORY_VOTE + "="
                    + c.method().newCategoryVote().name().toLowerCase(Locale.ROOT)),

    /** Neither the paper nor its reference code looks for refusals: a declining answer is scored like any other. */
    REFUSALS(
            "refusals told apart from analyses",
            Map.of(Constants.REFUSAL_DETECTION, "false"),
            c -> c.details().refusalDetection(),
            c -> Constants.REFUSAL_DETECTION + "=true, " + Constants.REFUSAL_IS_FAILURE + "="
                    + c.method().refusalCountsAsFailure()),

    /** The paper's reference code reads a rating of [[6.0]] as 6. */
    DECIMAL_RATINGS(
            "decimal ratings asked again",
            Map.of(Constants.RATING_DECIMALS, "read"),
            c -> !c.details().decimalRatings(),
            c -> Constants.RATING_DECIMALS + "=reject"),

    /** The paper asks the Candidates and the target one question for every category (its figure 10). */
    CATEGORY_INSTRUCTIONS(
            "per-category instructions to the Candidates and the target",
            Map.of(Constants.CATEGORY_INSTRUCTIONS, "false"),
            c -> c.details().categoryInstructions(),
            c -> Constants.CATEGORY_INSTRUCTIONS + "=true"),

    /** Algorithm 1 runs seed after seed, each chain to its end. */
    REFINEMENT_ORDER(
            "refinement in rounds",
            Map.of(Constants.REFINEMENT_ORDER, "paper"),
            c -> c.method().refinementOrder() != RefinementOrder.PAPER,
            c -> Constants.REFINEMENT_ORDER + "="
                    + c.method().refinementOrder().name().toLowerCase(Locale.ROOT)),

    /** The paper's reference code matches every word of a misbelief, the case itself among the candidates. */
    RETRIEVAL(
            "retrieval on content words, the case itself left out",
            Map.of(Constants.RETRIEVAL, "paper"),
            c -> c.details().retrieval() != Retrieval.PAPER,
            c -> Constants.RETRIEVAL + "=" + c.details().retrieval().value()),

    /** The paper's reference code shows the Refiner the meme it rewrites with its printed text. */
    REFINER_PICTURE(
            "the Refiner shown the erased picture",
            Map.of(Constants.REFINER_PICTURE, "original"),
            c -> c.details().refinerPicture() != RefinerPicture.ORIGINAL,
            c -> Constants.REFINER_PICTURE + "=" + c.details().refinerPicture().value()),

    /** The paper scores each sample with one Scorer; it measured the judge against human raters once. */
    SECOND_JUDGE(
            "a second judge",
            Map.of(Constants.JUDGE_RECHECK, "0"),
            c -> c.method().judgeRecheck() > 0,
            c -> Constants.JUDGE_RECHECK + "=" + c.method().judgeRecheck()),

    /** The paper's erased picture with the meme text in the prompt, for originals and rewrites alike. */
    REFINED_TEXT(
            "meme text on the picture",
            Map.of(Constants.REFINED_TEXT, "prompt"),
            c -> c.method().refinedText() != TextPlacement.PROMPT,
            c -> Constants.REFINED_TEXT + "=" + c.method().refinedText().name().toLowerCase(Locale.ROOT)),

    /** The paper's threshold for a flawed answer. */
    THRESHOLD(
            "another threshold",
            Map.of(Constants.THRESHOLD, "4.0"),
            c -> c.method().threshold() != 4.0,
            c -> Constants.THRESHOLD + "=" + c.method().threshold()),

    /** The paper's seed set S: 10 samples. */
    SEEDS(
            "another number of seeds",
            Map.of(Constants.SEEDS, "10"),
            c -> c.method().seeds() != 10,
            c -> Constants.SEEDS + "=" + c.method().seeds()),

    /** The paper's N: 10 steps per chain. */
    ITERATIONS(
            "another number of steps",
            Map.of(Constants.ITERATIONS, "10"),
            c -> c.method().iterations() != 10,
            c -> Constants.ITERATIONS + "=" + c.method().iterations()),

    /** The paper asks every target at temperature 0. */
    TARGET_TEMPERATURE(
            "another target temperature",
            Map.of(Constants.TARGET_TEMPERATURE, "0"),
            c -> c.models().targetTemperature() != 0,
            c -> Constants.TARGET_TEMPERATURE + "=" + c.models().targetTemperature()),

    /**
     * The prompts' wording, in force in every run: the paper's figures are not this project's to copy, so the packaged
     * templates ask the same in their own words, and a user's templates may ask for other things altogether.
     */
    PROMPTS(
            "the prompts' wording",
            Map.of(),
            c -> true,
            c -> c.prompts() == null
                    ? "the packaged prompts, the paper's instructions in this project's own words"
                    : "the user's own prompts, " + Constants.PROMPTS + "=" + c.prompts());

    /**
     * The value of {@code adammeme.text-erasure} that the paper's way turns erasure on with: the one place
     * that names an eraser.
     */
    static final String ERASURE_ON = "builtin";

    /** The longest side an OpenAI endpoint reads a picture at (it fits larger ones in 2048 x 2048 first). */
    static final int FULL_SIDE = 2048;

    private final String label;
    private final Map<String, String> paper;
    private final Predicate<EvaluationConfig> inForce;
    private final Function<EvaluationConfig, String> setting;

    Departure(
            String label,
            Map<String, String> paper,
            Predicate<EvaluationConfig> inForce,
            Function<EvaluationConfig, String> setting) {
        this.label = label;
        this.paper = Collections.unmodifiableMap(new TreeMap<>(paper));
        this.inForce = inForce;
        this.setting = setting;
    }

    /**
     * The settings {@code adammeme.method=paper} puts where a run sets none.
     *
     * @return key to value, in a stable order
     */
    static Map<String, String> paperSettings() {
        Map<String, String> all = new LinkedHashMap<>();
        for (Departure d : values()) {
            all.putAll(d.paper);
        }
        return all;
    }

    /**
     * What departs from the paper in this configuration, each as "what: the setting (the paper's: its
     * setting)".
     *
     * @param config the run's configuration
     * @return one line per departure in force, in a fixed order; empty when the run is the paper's method
     */
    static List<String> inForce(EvaluationConfig config) {
        List<String> out = new ArrayList<>();
        for (Departure d : values()) {
            if (d.inForce.test(config)) {
                out.add(d.label + ": " + d.setting.apply(config) + " (the paper's: " + d.paperSetting() + ")");
            }
        }
        return out;
    }

    private String paperSetting() {
        return paper.isEmpty()
                ? "its figures 6 to 13, not this project's to copy"
                : paper.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "));
    }

    /** The roles whose picture is sent at a detail other than the endpoint's default, or smaller. */
    private static String reduced(EvaluationConfig c) {
        RoleImages roles = c.images().roles();
        List<String> detail = RoleImages.ROLES.stream()
                .filter(r -> roles.detail(r) != null && roles.detail(r) != ImageDetail.AUTO)
                .map(r -> r + " " + Objects.requireNonNull(roles.detail(r)).wire())
                .toList();
        List<String> sides = RoleImages.ROLES.stream()
                .filter(r -> roles.maxSide(r) > 0)
                .map(r -> r + " " + roles.maxSide(r) + " px")
                .toList();
        List<String> parts = new ArrayList<>();
        if (!detail.isEmpty()) {
            parts.add("detail " + String.join(", ", detail));
        }
        if (!sides.isEmpty()) {
            parts.add("smaller pictures for " + String.join(", ", sides));
        }
        return String.join("; ", parts);
    }
}
