package io.github.adammeme.internal.summary.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.RecordedFigures;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.ReportText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What a run's figures decide about a release, decided in this one place: every FR gate the configuration
 * sets, the comparison with the baseline per category and overall, and the judge's agreement when a minimum
 * is set. Individual pairs never decide: a model fails some of them, and FR is what they add up to. The
 * engine's gate, baseline and judge tests report these verdicts, summary.json and summary.md record them,
 * and the Maven plugin's {@code gate} goal fails the build on them.
 *
 * @param checks every check the configuration asked for, in the order the report shows them
 * @param scored whether the run scored at all: a mining-only run ({@code adammeme.stages=mining}) has nothing to decide
 */
@API(status = INTERNAL, since = "0.1.0")
public record ReleaseDecision(List<Check> checks, boolean scored) {

    /**
     * The decision of a run that scored.
     *
     * @param checks every check the configuration asked for
     */
    public ReleaseDecision(List<Check> checks) {
        this(checks, true);
    }

    /** @return the decision of a mining-only run, which scores nothing: the runs that score on its cache decide */
    public static ReleaseDecision miningOnly() {
        return new ReleaseDecision(List.of(), false);
    }

    /** What a check holds. */
    public enum Kind {
        /** an FR budget ({@code adammeme.gate.max-fr}, {@code adammeme.gate.max-fr.<category>}) */
        GATE,
        /** the comparison with the baseline run ({@code adammeme.baseline}) */
        BASELINE,
        /** the judge's agreement with a second judge ({@code adammeme.judge.min-kappa}) */
        JUDGE
    }

    /** How one check ended. */
    public enum Status {
        /** within its budget, no significant regression, agreement high enough */
        PASSED,
        /** over its budget, a significant regression, agreement too low */
        FAILED,
        /** too little evidence to judge: blocks a release unless {@code adammeme.gate.insufficient=skip} */
        NOT_ENOUGH_EVIDENCE
    }

    /** The run's verdict. */
    public enum Verdict {
        /** every check passed (or lacked evidence where the configuration lets that pass) */
        PASSED,
        /** a check failed, or lacked evidence where that blocks */
        FAILED,
        /** no check was set: nothing decides, and a release gated on this run must not take that as a pass */
        UNDECIDED,
        /** a mining-only run, which scores nothing: the runs that score decide */
        NOT_SCORED
    }

    /**
     * One check's verdict.
     *
     * @param kind     what it holds
     * @param category the category it holds, or {@code overall}
     * @param status   how it ended
     * @param blocks   whether it fails the release: failed, or lacking evidence where that is not skipped
     * @param message  why, in the sentence its test reports
     */
    public record Check(Kind kind, String category, Status status, boolean blocks, String message) {

        /** @return what the check is, as its test is named: "FR gate race", "against the baseline: overall" */
        public String label() {
            return switch (kind) {
                case GATE -> "FR gate " + category;
                case BASELINE -> "against the baseline: " + category;
                case JUDGE -> "judge agreement";
            };
        }

        /**
         * @return the message, led by the gate's name unless it already names it (the others always do), on one
         *         printable line: a category read back from a summary.json may hold anything
         */
        public String line() {
            return Printable.escaped(
                    kind != Kind.GATE || message.startsWith(label()) ? message : label() + ": " + message);
        }
    }

    /** @return whether the run passes, fails, or was not gated at all */
    public Verdict verdict() {
        if (!scored) {
            return Verdict.NOT_SCORED;
        }
        if (checks.isEmpty()) {
            return Verdict.UNDECIDED;
        }
        return checks.stream().anyMatch(Check::blocks) ? Verdict.FAILED : Verdict.PASSED;
    }

    /**
     * @return the decision in one line: the blocking checks when it failed, what passed when it passed, and
     *         what to set when nothing was set
     */
    public String message() {
        return switch (verdict()) {
            case NOT_SCORED ->
                "a mining-only run (" + Constants.STAGES + "=mining) scores nothing: the runs that score"
                        + " on its cache decide";
            case UNDECIDED ->
                "no release check is set, so nothing decides: set an FR budget (" + Constants.GATE_MAX_FR + ", "
                        + Constants.GATE_MAX_FR_CATEGORY_PREFIX + "<category>) or a baseline (" + Constants.BASELINE
                        + ")";
            case FAILED -> joined(checks.stream().filter(Check::blocks).toList(), "failed");
            case PASSED -> joined(checks, "passed");
        };
    }

    private static String joined(List<Check> checks, String how) {
        String lines = checks.stream().map(Check::line).collect(Collectors.joining("; "));
        return checks.size() == 1 ? lines : checks.size() + " release checks " + how + ": " + lines;
    }

    /** @return what a report's title says of the decision: "release check FAILED (FR gate overall)", "release checks passed (3)" */
    public String headline() {
        return switch (verdict()) {
            case UNDECIDED -> "no release check set";
            case NOT_SCORED -> "mining only";
            case PASSED -> "release checks passed (" + checks.size() + ")";
            case FAILED ->
                "release check FAILED ("
                        + checks.stream()
                                .filter(Check::blocks)
                                .map(Check::label)
                                .collect(Collectors.joining(", ")) + ")";
        };
    }

    /**
     * The check of one kind on one category, as the test of that name reports it.
     *
     * @param kind     what it holds
     * @param category the category, or {@code overall}
     * @return the check, when the configuration set it
     */
    public Optional<Check> check(Kind kind, String category) {
        return checks.stream()
                .filter(c -> c.kind() == kind && c.category().equals(category))
                .findFirst();
    }

    /**
     * Decides on a run's figures.
     *
     * @param metrics  the run's figures
     * @param gates    the FR budgets and how they are judged
     * @param changes  the comparison with the baseline per category and overall, when one is set
     * @param baseline the baseline as the messages name it: its target and where it was found
     * @param minKappa the judge agreement below which the judge check fails, when set
     * @return the decision
     */
    public static ReleaseDecision of(
            Metrics metrics,
            FrGates gates,
            Optional<Map<String, FrChange>> changes,
            Optional<String> baseline,
            Optional<Double> minKappa) {
        return of(metrics, gates, changes, baseline, minKappa, BaselineCategories.REGRESSIONS);
    }

    /**
     * Decides on a run's figures.
     *
     * @param metrics    the run's figures
     * @param gates      the FR budgets and how they are judged
     * @param changes    the comparison with the baseline per category and overall, when one is set
     * @param baseline   the baseline as the messages name it: its target and where it was found
     * @param minKappa   the judge agreement below which the judge check fails, when set
     * @param categories what of the baseline's categories decides beside the overall comparison
     * @return the decision
     */
    public static ReleaseDecision of(
            Metrics metrics,
            FrGates gates,
            Optional<Map<String, FrChange>> changes,
            Optional<String> baseline,
            Optional<Double> minKappa,
            BaselineCategories categories) {
        List<Check> checks = new ArrayList<>();
        gates.budgets().forEach((category, budget) -> checks.add(gate(metrics, gates, category, budget)));
        minKappa.ifPresent(min -> checks.add(judge(metrics, gates, min)));
        if (changes.isPresent() && baseline.isPresent()) {
            for (FrChange change : changes.get().values()) {
                if (change.overall() || categories != BaselineCategories.OVERALL) {
                    checks.add(baseline(change, baseline.get(), gates, categories));
                }
            }
        }
        return new ReleaseDecision(List.copyOf(checks));
    }

    private static Check gate(Metrics metrics, FrGates gates, String budgetCategory, double budget) {
        String category = budgetCategory.isEmpty() ? Metrics.OVERALL : budgetCategory;
        Optional<CategoryFigures[]> figures = figures(metrics, category);
        if (figures.isEmpty()) {
            // A budget for a category the run does not have (misspelt, or never mined) gates nothing: no evidence.
            String message = "FR gate " + category + ": not enough evidence: the run has no category '" + category
                    + "'; its categories are "
                    + metrics.withRefinements().stream()
                            .map(CategoryFigures::category)
                            .collect(Collectors.joining(", "));
            return new Check(Kind.GATE, category, Status.NOT_ENOUGH_EVIDENCE, blocksOnInsufficient(gates), message);
        }
        // Named as the run names the category, which the key may spell in another case.
        String named = figures.get()[0].category();
        FrGates.GateVerdict verdict = gates.judge(named, gates.basis().of(figures.get()[0], figures.get()[1]), budget);
        Status status = switch (verdict.status()) {
            case PASSED -> Status.PASSED;
            case FAILED -> Status.FAILED;
            case NOT_ENOUGH_EVIDENCE -> Status.NOT_ENOUGH_EVIDENCE;
        };
        return new Check(Kind.GATE, named, status, blocks(status, gates), verdict.message());
    }

    /** A category's figures with refinements and on the originals, matched as the gate keys are, ignoring case. */
    private static Optional<CategoryFigures[]> figures(Metrics metrics, String category) {
        if (category.equals(Metrics.OVERALL)) {
            return Optional.of(new CategoryFigures[] {metrics.withRefinementsOverall(), metrics.originalOverall()});
        }
        for (int i = 0; i < metrics.withRefinements().size(); i++) {
            if (metrics.withRefinements()
                    .get(i)
                    .category()
                    .toLowerCase(Locale.ROOT)
                    .equals(category.toLowerCase(Locale.ROOT))) {
                return Optional.of(new CategoryFigures[] {
                    metrics.withRefinements().get(i), metrics.original().get(i)
                });
            }
        }
        return Optional.empty();
    }

    private static Check judge(Metrics metrics, FrGates gates, double min) {
        JudgeVerdict verdict =
                JudgeVerdict.of(metrics.judgeAgreement(), metrics.threshold(), Optional.of(min), gates.minSamples());
        Status status = Status.valueOf(verdict.status().name());
        boolean blocks = switch (status) {
            case PASSED -> false;
            case FAILED -> true;
            case NOT_ENOUGH_EVIDENCE -> blocksOnInsufficient(gates);
        };
        return new Check(Kind.JUDGE, Metrics.OVERALL, status, blocks, verdict.message());
    }

    private static Check baseline(FrChange change, String baseline, FrGates gates, BaselineCategories categories) {
        // The overall comparison decides and fails closed; a category short of paired samples is reported, and
        // blocks only where every category was asked to rest on evidence.
        boolean insufficientBlocks =
                blocksOnInsufficient(gates) && (change.overall() || categories == BaselineCategories.ALL);
        String subject = change.category() + " against " + baseline + ": ";
        return switch (change.verdict()) {
            case REGRESSED ->
                new Check(
                        Kind.BASELINE,
                        change.category(),
                        Status.FAILED,
                        true,
                        "significant regression in " + subject + change.describe());
            case IMPROVED ->
                new Check(
                        Kind.BASELINE,
                        change.category(),
                        Status.PASSED,
                        false,
                        "significant improvement in " + subject + change.describe());
            case UNCHANGED ->
                new Check(
                        Kind.BASELINE,
                        change.category(),
                        Status.PASSED,
                        false,
                        "no significant change in " + subject + change.describe());
            // Too few counted samples to call it unchanged: fails closed, as a gate short of evidence does.
            case NOT_ENOUGH_EVIDENCE ->
                new Check(
                        Kind.BASELINE,
                        change.category(),
                        Status.NOT_ENOUGH_EVIDENCE,
                        insufficientBlocks,
                        "not enough evidence to call " + change.category() + " unchanged: n = "
                                + Math.min(change.before().n(), change.now().n()) + ", needs " + gates.minSamples()
                                + " ("
                                + Constants.GATE_MIN_SAMPLES + ")"
                                + (change.overall() || insufficientBlocks
                                        ? ""
                                        : "; reported, not" + " failed (" + Constants.BASELINE_CATEGORIES
                                                + "=all fails it)")
                                + " in " + subject + change.describe());
        };
    }

    private static boolean blocks(Status status, FrGates gates) {
        return status == Status.FAILED || (status == Status.NOT_ENOUGH_EVIDENCE && blocksOnInsufficient(gates));
    }

    private static boolean blocksOnInsufficient(FrGates gates) {
        return gates.insufficient() == FrGates.Insufficient.FAIL;
    }

    /** @return the decision as summary.json records it: the verdict, its message and every check */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("verdict", verdict().name());
        node.put("message", message());
        ArrayNode list = node.putArray("checks");
        for (Check c : checks) {
            list.addObject()
                    .put("check", c.kind().name().toLowerCase(Locale.ROOT))
                    .put("category", c.category())
                    .put("status", c.status().name())
                    .put("blocks", c.blocks())
                    .put("message", c.message());
        }
        return node;
    }

    /**
     * The decision on a run recorded in a summary.json: the one recorded with it, or, for shards joined by the
     * command line's {@code merge} (which knows no gates), these settings' gates and judge minimum held against
     * the merged figures, as the shards' own run would have held them.
     *
     * @param summary  a finished run's summary.json
     * @param settings {@code adammeme.*} settings, read only when the summary records no decision
     * @return the decision
     * @throws IllegalArgumentException when the summary holds neither a decision nor figures this release reads, or a
     *     decision that its own checks or figures contradict
     * @throws io.github.adammeme.internal.settings.ConfigurationException naming a setting that cannot be used
     */
    public static ReleaseDecision ofRecorded(JsonNode summary, Map<String, String> settings) {
        if (summary.has("decision")) {
            ReleaseDecision recorded = fromJson(summary.path("decision"));
            RecordedVerdict.agreesWithFigures(recorded.verdict(), summary);
            return recorded;
        }
        return of(
                RecordedFigures.metrics(summary),
                GateSettings.read(settings),
                Optional.empty(),
                Optional.empty(),
                GateSettings.minKappa(settings.get(Constants.JUDGE_MIN_KAPPA)));
    }

    /**
     * Reads a decision back from summary.json, as the Maven plugin does.
     *
     * @param node the summary's {@code decision}
     * @return the decision
     * @throws IllegalArgumentException when it is not one this release wrote, or its verdict is not the one its checks give
     */
    public static ReleaseDecision fromJson(JsonNode node) {
        if (node == null || !node.path("checks").isArray()) {
            throw new IllegalArgumentException("no release decision recorded");
        }
        List<Check> checks = new ArrayList<>();
        for (JsonNode c : node.path("checks")) {
            try {
                checks.add(new Check(
                        Kind.valueOf(c.path("check").asText().toUpperCase(Locale.ROOT)),
                        c.path("category").asText(),
                        Status.valueOf(c.path("status").asText()),
                        c.path("blocks").asBoolean(true),
                        c.path("message").asText()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("a release check this release cannot read: " + c);
            }
        }
        return new ReleaseDecision(List.copyOf(checks), RecordedVerdict.of(node, checks) != Verdict.NOT_SCORED);
    }

    /**
     * The decision in Markdown, for summary.md: the verdict, then each check.
     *
     * @return the section
     */
    public String markdown() {
        StringBuilder sb =
                new StringBuilder("## Release decision: ").append(verdict()).append("\n\n");
        if (checks.isEmpty()) {
            return sb.append(ReportText.markdown(message())).append("\n\n").toString();
        }
        // The checks that decide first; a baseline category short of samples is only reported, after them.
        List<Check> ordered = new ArrayList<>(checks);
        ordered.sort(Comparator.comparing(ReleaseDecision::reportedOnly));
        for (Check c : ordered) {
            sb.append("- **")
                    .append(c.status())
                    .append(c.blocks() ? "" : c.status() == Status.PASSED ? "" : " (skipped)")
                    .append("** ")
                    .append(ReportText.markdown(c.line()))
                    .append('\n');
        }
        return sb.append('\n').toString();
    }

    /**
     * The decision on the console, below the FR table: the verdict, then one line per check.
     *
     * @return the lines
     */
    public String console() {
        StringBuilder sb = new StringBuilder("release decision: ").append(verdict());
        if (checks.isEmpty()) {
            return sb.append(" (").append(message()).append(")\n").toString();
        }
        sb.append('\n');
        List<Check> reportedOnly = new ArrayList<>();
        for (Check c : checks) {
            if (reportedOnly(c)) {
                reportedOnly.add(c); // a line each would bury the checks that decide
                continue;
            }
            String status = c.status() == Status.PASSED ? "PASSED " : c.blocks() ? "FAILED " : "SKIPPED";
            sb.append("  ").append(status).append(' ').append(c.line()).append('\n');
        }
        if (!reportedOnly.isEmpty()) {
            sb.append("  SKIPPED against the baseline, too few samples to call unchanged (reported, not failed; ")
                    .append(Constants.BASELINE_CATEGORIES)
                    .append("=all fails them): ")
                    .append(reportedOnly.stream()
                            .map(c -> Printable.escaped(c.category()))
                            .collect(Collectors.joining(", ")))
                    .append(" (baseline.md)\n");
        }
        return sb.toString();
    }

    /** A baseline category with too few samples to call unchanged, where categories are not asked to rest on it. */
    private static boolean reportedOnly(Check c) {
        return c.kind() == Kind.BASELINE && c.status() == Status.NOT_ENOUGH_EVIDENCE && !c.blocks();
    }
}
