package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.FrChange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report pages written from templates: what a reader needs is there, and no text of a dataset or a model is
 * markup.
 */
class ReportPagesTest {

    private static final String HOSTILE = "<script>alert(1)</script>\" onmouseover=\"alert(2)";

    private static void assertInert(String page) {
        assertFalse(page.contains("<script") || page.contains("\" onmouseover"), page);
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover"), page);
    }

    @Test
    void theChartsPageLinksEveryChartAndShowsTitlesAsText() {
        String page = Charts.html(HOSTILE, List.of(new Charts.Chart("FR of " + HOSTILE, "charts/fr-by-category.svg")));
        assertTrue(page.startsWith("<!DOCTYPE html>"), page);
        assertTrue(
                page.contains(
                        "<a href=\"charts/fr-by-category.svg\"><img src=\"charts/fr-by-category.svg\" alt=\"FR of"),
                page);
        assertInert(page);
    }

    @Test
    void theHistoryPageMarksSignificantChangesAndShowsNamesAsText() {
        FailureRate before = FailureRate.of(2, 20);
        FailureRate after = FailureRate.of(12, 20);
        FrChange overall = new FrChange(
                Metrics.OVERALL,
                before,
                after,
                7.0,
                4.0,
                20,
                10,
                0,
                "McNemar",
                0.002,
                0.002,
                FrChange.Verdict.REGRESSED);
        FrChange category = new FrChange(
                HOSTILE, before, before, 7.0, 7.0, 20, 0, 0, "McNemar", 1.0, 1.0, FrChange.Verdict.NOT_ENOUGH_EVIDENCE);
        Map<String, FrChange> changes = new LinkedHashMap<>();
        changes.put(Metrics.OVERALL, overall);
        changes.put(HOSTILE, category);
        History history = new History(
                List.of(
                        new History.Point(
                                "first@" + HOSTILE,
                                "m",
                                "2026-01-01T00:00:00Z",
                                Map.of(Metrics.OVERALL, before),
                                Map.of(Metrics.OVERALL, before),
                                Map.of(Metrics.OVERALL, 7.0),
                                Map.of()),
                        new History.Point(
                                "second",
                                "m",
                                "2026-01-02T00:00:00Z",
                                Map.of(Metrics.OVERALL, after),
                                Map.of(Metrics.OVERALL, after),
                                Map.of(),
                                changes)),
                List.of(HOSTILE, Metrics.OVERALL),
                0.05);
        String page = HistoryPage.html(history, "History of " + HOSTILE, List.of(new Charts.Chart("FR", "fr.svg")));
        assertTrue(page.contains("2 recorded runs"), page);
        assertTrue(page.contains("<td>first run</td>"), page);
        assertTrue(page.contains("<span class=\"up\">" + HistoryPage.UP + " regressed</span>"), page);
        assertTrue(page.contains("<td>n/a</td>"), "the second run scored nothing: " + page);
        assertTrue(page.contains("no significant change ("), "a category without enough evidence: " + page);
        assertTrue(page.contains("<img src=\"history/fr.svg\" alt=\"FR\">"), page);
        assertInert(page);
    }
}
