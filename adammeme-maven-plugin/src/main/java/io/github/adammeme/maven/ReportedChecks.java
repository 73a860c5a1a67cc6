package io.github.adammeme.maven;

import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.ReportText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Holds the release checks a run's summary.json records to the tests Surefire reported for them in the same build.
 * The engine reports every check as a test ("FR gate: overall", "against the baseline: race", "judge agreement")
 * with the check's own verdict, so the two always agree when the summary is the one the run wrote; when they do not
 * (a summary edited after the run, one copied from another build), the goal cannot tell which to believe and fails
 * closed, naming the check.
 */
final class ReportedChecks {

    private static final String GATE = "FR gate: ";
    private static final String BASELINE = "against the baseline: ";
    private static final String JUDGE = "judge agreement";
    private static final String NOT_THIS_RUNS =
            "; summary.json is not the one this build's tests wrote, so it decides" + " nothing: run the tests again";

    private ReportedChecks() {}

    /**
     * @param decision the decision summary.json records
     * @param target   the run's target, as summary.json names it
     * @param suite    the suite class's simple name when the summary's folder names it, else empty (any suite)
     * @param cases    every test Surefire reports of the AdamMeme suites in this build
     * @return each disagreement in a sentence; empty when the reports bear the decision out
     */
    static List<String> disagreements(
            ReleaseDecision decision, String target, Optional<String> suite, List<SurefireReports.TestCase> cases) {
        String runOf = " · target " + ReportText.plain(target);
        List<SurefireReports.TestCase> run = cases.stream()
                .filter(c -> c.className().endsWith(runOf)
                        && suite.map(s -> c.className().startsWith(s + " · ")).orElse(true))
                .toList();
        if (run.isEmpty()) {
            return List.of("Surefire's reports hold no test of the run of " + ReportText.plain(target)
                    + ", whose release decision summary.json records" + NOT_THIS_RUNS);
        }
        Map<String, SurefireReports.Result> reported = run.stream()
                .collect(Collectors.toMap(
                        SurefireReports.TestCase::name,
                        SurefireReports.TestCase::result,
                        (a, b) -> a == SurefireReports.Result.FAILED ? a : b));
        List<String> out = new ArrayList<>();
        List<String> recorded = new ArrayList<>();
        for (ReleaseDecision.Check check : decision.checks()) {
            String test = testOf(check);
            recorded.add(test);
            SurefireReports.Result expected = check.blocks()
                    ? SurefireReports.Result.FAILED
                    : check.status() == ReleaseDecision.Status.PASSED
                            ? SurefireReports.Result.PASSED
                            : SurefireReports.Result.SKIPPED;
            SurefireReports.Result actual = reported.get(test);
            if (actual == null) {
                out.add("summary.json records the check '" + test + "' as " + check.status()
                        + ", but Surefire reports no such" + " test" + NOT_THIS_RUNS);
            } else if (actual != expected) {
                out.add("summary.json records the check '" + test + "' as " + check.status()
                        + (check.blocks() ? ", blocking" : "") + ", but Surefire reports its test " + actual
                        + NOT_THIS_RUNS);
            }
        }
        reported.forEach((test, result) -> {
            if (result == SurefireReports.Result.FAILED && isCheck(test) && !recorded.contains(test)) {
                out.add("Surefire reports the test '" + test + "' FAILED, but summary.json records no such check"
                        + NOT_THIS_RUNS);
            }
        });
        return out;
    }

    /**
     * The suite whose run a summary is: a build with several suite classes writes each into a folder named after it.
     *
     * @param summary the summary.json
     * @param results the results folder the goal reads
     * @param suites  the AdamMeme suites' class names
     * @return the suite's simple name, or empty when the folder names none
     */
    static Optional<String> suiteOf(Path summary, Path results, List<String> suites) {
        Path relative = results.toAbsolutePath()
                .normalize()
                .relativize(summary.toAbsolutePath().normalize().getParent());
        if (relative.getNameCount() == 0 || relative.toString().isEmpty()) {
            return Optional.empty();
        }
        String first = relative.getName(0).toString();
        return suites.stream()
                .map(s -> s.substring(s.lastIndexOf('.') + 1))
                .filter(first::equals)
                .findFirst();
    }

    /** The test the engine reports a check as: its display name. */
    private static String testOf(ReleaseDecision.Check check) {
        return switch (check.kind()) {
            case GATE -> GATE + ReportText.plain(check.category());
            case BASELINE -> BASELINE + ReportText.plain(check.category());
            case JUDGE -> JUDGE;
        };
    }

    private static boolean isCheck(String test) {
        return test.startsWith(GATE) || test.startsWith(BASELINE) || test.equals(JUDGE);
    }
}
