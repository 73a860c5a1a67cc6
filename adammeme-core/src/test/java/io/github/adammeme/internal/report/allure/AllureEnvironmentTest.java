package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Environment panel lists rows in the file's order, and reads every value back as it was meant. */
class AllureEnvironmentTest {

    @TempDir
    Path dir;

    static CategoryFigures figures(String category, int failures, int n) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, 0);
        }
        counts.put(Outcome.FAILED, failures);
        counts.put(Outcome.PASSED, n - failures);
        return new CategoryFigures(category, n, counts, 5.0, FailureRate.of(failures, n));
    }

    /** race 4 of 6 failed, gender 3 of 6; on the originals 1 of 3 each. */
    static final Metrics METRICS = new Metrics(
            4.0,
            true,
            List.of(figures("race", 1, 3), figures("gender", 1, 3)),
            figures("overall", 2, 6),
            List.of(figures("race", 4, 6), figures("gender", 3, 6)),
            figures("overall", 7, 12),
            Tally.agreement(List.of(), 4.0));

    @Test
    void frRowsComePerCategoryThenOverallWithIntervalAndCounts() {
        assertEquals(
                List.of("FR race", "FR gender", "FR overall", "FR overall, originals only"),
                new ArrayList<>(AllureEnvironment.frRows(METRICS).keySet()));
        assertEquals(
                "66.7% [30.0, 90.3] (4/6)", AllureEnvironment.frRows(METRICS).get("FR race"));
        assertEquals(
                "33.3% [9.7, 70.0] (2/6)", AllureEnvironment.frRows(METRICS).get("FR overall, originals only"));
    }

    @Test
    void rowsAreReadInTheOrderWrittenAndEachValueAsWritten() throws Exception {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("FR race", "66.7% [30.0, 90.3] (4/6)");
        rows.put("release decision", "FAILED (1 of 1 check)");
        rows.put("FR gate overall", "FAILED · FR 58.3% > 25.0%, n = 12");
        rows.put("dataset", "mèmes/été #1 = a:b! \\ ünïcödé 表情包");
        rows.put(" leading space", "\ttab and\nnewline");
        rows.put("zzz", "written last, listed last");
        AllureEnvironment.write(dir, "", rows);

        // As Allure reads the file: java.util.Properties.load, in the order its entries come.
        assertEquals(
                rows.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue().replace("\n", "\\n"))
                        .toList(),
                AllureEnvironment.read(dir.resolve(AllureEnvironment.FILE)).entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .toList(),
                "every row, in order; control characters shown, as plain text shows them");
        Properties plain = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve(AllureEnvironment.FILE))) {
            plain.load(in);
        }
        assertEquals("mèmes/été #1 = a:b! \\ ünïcödé 表情包", plain.getProperty("dataset"));
    }

    @Test
    void oneOfSeveralTargetsReplacesItsOwnRowsAndKeepsTheOthers() throws Exception {
        AllureEnvironment.write(dir, "sim:keyword.", Map.of("target", "sim:keyword"));
        AllureEnvironment.write(dir, "sim:oracle.", Map.of("target", "sim:oracle"));
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("FR overall", "58.3% [32.0, 80.7] (7/12)");
        rows.put("target", "sim:keyword");
        AllureEnvironment.write(dir, "sim:keyword.", rows);
        assertEquals(
                List.of("sim:oracle.target", "sim:keyword.FR overall", "sim:keyword.target"),
                new ArrayList<>(AllureEnvironment.read(dir.resolve(AllureEnvironment.FILE))
                        .keySet()));
    }
}
