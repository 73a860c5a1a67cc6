package io.github.adammeme.internal.summary.release;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.text.ReportText;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Holds a decision read back from summary.json to one story: the verdict it records must be the one its checks
 * give, and each check's status must agree with whether it blocks. A release gate reads this file after the run,
 * so an edited or damaged one must fail the gate naming what disagrees, never pass on a verdict its own checks
 * contradict (a "NOT_SCORED" written over FAILED checks once passed every gate).
 */
final class RecordedVerdict {

    private static final String CHANGED = "; the summary was changed after its run or is damaged, so it decides"
            + " nothing: run the evaluation again";

    private RecordedVerdict() {}

    /**
     * @param node   the summary's {@code decision}
     * @param checks its checks, as read
     * @return the verdict recorded, once it agrees with the checks
     * @throws IllegalArgumentException naming the disagreement
     */
    static ReleaseDecision.Verdict of(JsonNode node, List<ReleaseDecision.Check> checks) {
        String recorded = node.path("verdict").asText("");
        ReleaseDecision.Verdict verdict = Arrays.stream(ReleaseDecision.Verdict.values())
                .filter(v -> v.name().equals(recorded))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "the recorded release decision's verdict '" + ReportText.plain(recorded) + "' is none of "
                                + Arrays.toString(ReleaseDecision.Verdict.values()) + CHANGED));
        for (ReleaseDecision.Check c : checks) {
            if ((c.status() == ReleaseDecision.Status.FAILED && !c.blocks())
                    || (c.status() == ReleaseDecision.Status.PASSED && c.blocks())) {
                throw new IllegalArgumentException("the recorded check '" + ReportText.plain(c.label()) + "' is "
                        + c.status() + " but recorded as " + (c.blocks() ? "blocking" : "not blocking") + " the release"
                        + CHANGED);
            }
        }
        ReleaseDecision.Verdict given = new ReleaseDecision(
                        checks, verdict != ReleaseDecision.Verdict.NOT_SCORED || !checks.isEmpty())
                .verdict();
        if (given != verdict) {
            throw new IllegalArgumentException("the recorded release decision says " + verdict + " but its "
                    + (checks.isEmpty()
                            ? "lack of checks gives " + given
                            : checks.size() + (checks.size() == 1 ? " check gives " : " checks give ") + given + " ("
                                    + described(checks) + ")")
                    + CHANGED);
        }
        return verdict;
    }

    /**
     * A run not scored is a mining-only run: it has no sample to count, so figures that count some belong to a run
     * that scored, whatever its verdict says.
     *
     * @param verdict the verdict the decision records
     * @param summary the whole summary.json
     * @throws IllegalArgumentException when a NOT_SCORED run's figures count scored samples
     */
    static void agreesWithFigures(ReleaseDecision.Verdict verdict, JsonNode summary) {
        int samples = summary.at("/metrics/withRefinementsOverall/samples").asInt(0);
        if (verdict == ReleaseDecision.Verdict.NOT_SCORED && samples > 0) {
            throw new IllegalArgumentException(
                    "the recorded release decision says NOT_SCORED, which only a mining-only run"
                            + " has, but its figures count " + samples + " scored samples" + CHANGED);
        }
    }

    private static String described(List<ReleaseDecision.Check> checks) {
        return checks.stream()
                .map(c -> ReportText.plain(c.label()) + " " + c.status())
                .collect(Collectors.joining(", "));
    }
}
