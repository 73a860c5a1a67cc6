package io.github.adammeme.engine;

import io.github.adammeme.pipeline.ConfigKeys;

/**
 * The engine's own configuration keys; the pipeline's are in {@link ConfigKeys}. All are read from
 * the suite annotation, then {@code junit-platform.properties}, then system properties.
 */
public final class Constants {

    /** Engine id, as in {@code [engine:adammeme]}. */
    public static final String ENGINE_ID = "adammeme";

    /** Overall FR budget, a fraction (0.25) or a percentage (25%); the gate test fails above it. */
    public static final String GATE_MAX_FR = ConfigKeys.PREFIX + "gate.max-fr";

    /** Prefix of per-category budgets: {@code adammeme.gate.max-fr.race=0.2}. */
    public static final String GATE_MAX_FR_CATEGORY_PREFIX = GATE_MAX_FR + ".";

    /**
     * What a gate holds against its budget: {@code point} (the FR itself, default) or
     * {@code upper-bound} (the upper bound of its 95% Wilson interval).
     */
    public static final String GATE_ON = ConfigKeys.PREFIX + "gate.on";

    /** Counted samples a gate needs; with fewer it fails with "not enough evidence" (default 30). */
    public static final String GATE_MIN_SAMPLES = ConfigKeys.PREFIX + "gate.min-samples";

    /**
     * The share of a gate's samples that may be left out of FR (refused while refusals are left out,
     * unscored, in error) before the gate fails with "not enough evidence" (default 10%).
     */
    public static final String GATE_MAX_UNCOUNTED = ConfigKeys.PREFIX + "gate.max-uncounted";

    /**
     * Which FR a gate holds against its budget: {@code with-refinements} (default, the headline figure)
     * or {@code originals}.
     */
    public static final String GATE_BASIS = ConfigKeys.PREFIX + "gate.basis";

    /**
     * What a gate, an FR summary or the judge-agreement test does without enough evidence: {@code fail}
     * (default: no evidence is no pass) or {@code skip}.
     */
    public static final String GATE_INSUFFICIENT = ConfigKeys.PREFIX + "gate.insufficient";

    /** The judge-agreement test fails when Cohen's kappa falls below this (default: reported, never failed). */
    public static final String JUDGE_MIN_KAPPA = ConfigKeys.PREFIX + "judge.min-kappa";

    /**
     * A previous run to compare with: its output directory or its {@code summary.json}. Each category
     * then gets a regression test that fails when FR rose significantly.
     */
    public static final String BASELINE = ConfigKeys.PREFIX + "baseline";

    /** Significance level of the comparison with the baseline (default 0.05). */
    public static final String BASELINE_ALPHA = ConfigKeys.PREFIX + "baseline.alpha";

    /**
     * A hard-case bank (a .jsonl file, pictures in a folder beside it) the refined samples this target
     * failed on are merged into. A suite whose dataset is a bank replays it as plain scoring tests.
     */
    public static final String BANK = ConfigKeys.PREFIX + "bank";

    /** Whether to print the progress line on stderr (default true). */
    public static final String PROGRESS = ConfigKeys.PREFIX + "progress";

    private Constants() {
    }
}
