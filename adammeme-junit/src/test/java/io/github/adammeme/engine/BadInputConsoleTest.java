package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.engine.BadInputRuns.Run;
import io.github.adammeme.engine.BadInputRuns.SampleRow;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.testing.RelayEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;

/**
 * What reaches the console from outside, and what an endpoint says a call cost: an endpoint's status line, error
 * body, model id and fingerprint, and settings, each built to forge a console line ("release decision: PASSED") or
 * rewrite one with terminal escapes; token counts built to make paid calls free or overflow the totals. Every line
 * printed is the library's own, the hostile text shown escaped on it; the budget holds.
 */
class BadInputConsoleTest {

    /** What a forged line says: with no gate set, the run's own decision is UNDECIDED, so this line is never real. */
    private static final String FORGED = "release decision: PASSED";

    private static final String TARGET = "gpt-4o";

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() throws Exception {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 3);
    }

    /** Settings are the user's own text, and printed: one with a line break or an escape is refused, naming its key. */
    @Test
    void aSettingHoldingALineBreakEscapeOrOverrideIsRefusedNamingItsKey() {
        List<String[]> settings = List.of(
                new String[] {"adammeme.target.model", "sim:keyword\n" + FORGED},
                new String[] {"adammeme.target.revision", "v1\u202eDESSAP"},
                new String[] {"adammeme.gate.max-fr.race\u001b[2K", "25%"},
                new String[] {"adammeme.sim.serve.gpt\r" + FORGED, "sim:keyword"});
        for (String[] setting : settings) {
            List<DiscoveryIssue> issues = BadInputRuns.kit(dataset, dir.resolve("refused"), setting[0], setting[1])
                    .discover()
                    .getDiscoveryIssues();
            assertEquals(1, issues.size(), setting[0] + ": " + issues);
            String message = issues.get(0).message();
            assertTrue(
                    message.contains("configuration key '" + escaped(setting[0]) + "'")
                            && message.contains(" holds the character U+"),
                    message);
            assertEquals(-1, firstControl(message), "one line: " + message);
        }
    }

    /**
     * An endpoint whose status line, error body, model id and fingerprint carry line breaks, ESC, NUL and a
     * bidirectional override: the run goes on, and every line it prints, test name and message is its own.
     */
    @Test
    void anEndpointsStatusLineErrorBodyAndModelIdPrintNoLineOfTheirOwn() throws Exception {
        // JSON's escapes, which the client decodes: the message it reads holds a real CR, LF, ESC, BEL and NUL.
        String body = "{\"error\": {\"message\": \"upstream down\\r\\n" + FORGED + "\\u001b]0;owned\\u0007\\u0000\","
                + " \"type\": \"server_error\"}}";
        String firstMeme = BadInputRuns.JSON
                .readTree(BadInputRuns.read(dataset).lines().findFirst().orElseThrow())
                .path("text")
                .asText();
        try (RelayEndpoint endpoint = new RelayEndpoint(new RelayEndpoint.Rewrite() {
            @Override
            public RelayEndpoint.Reply intercept(String asked, JsonNode request, String authorization) {
                String prompt = RelayEndpoint.openingTurns(request);
                return prompt.contains("Reply with the word OK.")
                        ? new RelayEndpoint.Reply(503, body)
                        : prompt.contains(firstMeme) ? new RelayEndpoint.Reply(500, body) : null;
            }

            @Override
            public String model(String asked) {
                return "sim:keyword";
            }

            @Override
            public void fields(String asked, ObjectNode response) {
                response.put("model", TARGET + "\n[INFO] " + FORGED + "\u001b[2K");
                response.put("system_fingerprint", "fp_\u202eevil\u0000");
            }

            @Override
            public String answer(String asked, String prompt, JsonNode request, ObjectNode choice, String content) {
                return content;
            }
        })) {
            CapturedConsole console = CapturedConsole.capture();
            Run run;
            try {
                run = new Run(
                        BadInputRuns.kit(
                                        dataset,
                                        dir.resolve("endpoint"),
                                        "adammeme.target.model",
                                        TARGET,
                                        "adammeme.target.base-url",
                                        endpoint.baseUrl(),
                                        "adammeme.max-retries",
                                        "0",
                                        "adammeme.text-erasure",
                                        "none",
                                        "adammeme.iterations",
                                        "0",
                                        "adammeme.judge.recheck",
                                        "0")
                                .execute(),
                        dir.resolve("endpoint"));
            } finally {
                console.release();
            }
            assertEquals(Optional.empty(), run.lostWhole());
            assertEquals(
                    -1,
                    firstControl(console.text().replace("\r\n", "\n").replace("\n", "")),
                    "nothing but line breaks moves the cursor");
            List<String> lines = new ArrayList<>(console.lines());
            lines.addAll(run.visibleTexts());
            assertEquals(
                    List.of(),
                    lines.stream()
                            .filter(l -> firstControl(l) >= 0
                                    || l.strip().startsWith(FORGED)
                                    || l.strip().startsWith("[INFO]"))
                            .toList(),
                    "no line printed or reported is the endpoint's");
            assertTrue(
                    console.lines().stream()
                            .anyMatch(l -> l.startsWith("adammeme: preflight: the target's endpoint")
                                    && l.contains(
                                            "HTTP 503 (upstream down " + FORGED + "\\u001b]0;owned\\u0007\\u0000)")),
                    console.text());
            assertTrue(
                    console.text()
                            .contains("answered as " + TARGET + "\\n[INFO] " + FORGED
                                    + "\\u001b[2K (fp_\\u202eevil\\u0000)"),
                    "who answered is shown, escaped: " + console.text());
            assertTrue(
                    run.brokenMessages().values().stream()
                            .anyMatch(m -> m.contains("HTTP 500") && m.contains(FORGED + "\\u001b]0;owned")),
                    "the failed call says what the endpoint said: " + run.brokenMessages());
        }
    }

    /**
     * An endpoint that reports 1e400 input tokens and a negative output count for every answer: each call is counted
     * from its size, said once, and a budget of a few calls stops the calls with a reason of one short line.
     */
    @Test
    void impossibleTokenCountsAreCountedFromTheSizesSoTheBudgetHolds() throws Exception {
        try (RelayEndpoint endpoint = new RelayEndpoint(new RelayEndpoint.Rewrite() {
            @Override
            public String model(String asked) {
                return "sim:keyword";
            }

            @Override
            public void fields(String asked, ObjectNode response) {
                ObjectNode usage = response.putObject("usage");
                usage.put("prompt_tokens", new BigDecimal("1e400"));
                usage.put("completion_tokens", Long.MIN_VALUE);
                usage.put("total_tokens", 9_223_372_036_854_775_000L);
            }

            @Override
            public String answer(String asked, String prompt, JsonNode request, ObjectNode choice, String content) {
                return content;
            }
        })) {
            CapturedConsole console = CapturedConsole.capture();
            Path out = dir.resolve("budget");
            Run run;
            try {
                run = new Run(
                        BadInputRuns.kit(
                                        dataset,
                                        out,
                                        "adammeme.target.model",
                                        TARGET,
                                        "adammeme.target.base-url",
                                        endpoint.baseUrl(),
                                        "adammeme.price." + TARGET,
                                        "25.00,100.00",
                                        "adammeme.budget-usd",
                                        "0.01",
                                        "adammeme.concurrency",
                                        "2",
                                        "adammeme.max-retries",
                                        "0",
                                        "adammeme.text-erasure",
                                        "none",
                                        "adammeme.iterations",
                                        "0",
                                        "adammeme.judge.recheck",
                                        "0")
                                .execute(),
                        out);
            } finally {
                console.release();
            }
            assertEquals(Optional.empty(), run.lostWhole());
            List<String> warnings = console.lines().stream()
                    .filter(l -> l.contains("reported impossible token counts"))
                    .toList();
            assertEquals(
                    1,
                    warnings.stream()
                            .filter(l -> l.contains(" for a Target call (prompt_tokens = Infinity,"
                                    + " completion_tokens = " + Long.MIN_VALUE
                                    + "): counted from the request's and the answer's size instead"))
                            .count(),
                    warnings.toString());
            long calls = 0;
            long in = 0;
            long outTokens = 0;
            double usd = 0;
            JsonNode usage = BadInputRuns.JSON
                    .readTree(out.resolve("summary.json").toFile())
                    .path("usage");
            for (JsonNode line : usage) {
                if (line.path("role").asText().equals("Target")) {
                    calls += line.path("calls").asLong();
                    in += line.path("promptTokens").asLong();
                    outTokens += line.path("completionTokens").asLong();
                    usd += line.path("costUsd").asDouble();
                }
            }
            // A picture alone is 765 tokens: the input is counted, not taken as none, and far from Long.MAX.
            assertTrue(calls >= 1 && in >= 765 * calls && in < 10_000 * calls, usage.toString());
            assertTrue(outTokens > 0 && usd >= 0.01, usage.toString());
            List<String> reasons = run.outcomes().samples().values().stream()
                    .map(SampleRow::reason)
                    .filter(r -> r != null && r.contains("is spent"))
                    .toList();
            assertFalse(
                    reasons.isEmpty(),
                    "the budget stopped the calls: " + run.outcomes().samples().values());
            assertEquals(
                    List.of(),
                    reasons.stream()
                            .filter(r -> r.length() > 200 || r.contains("\n") || !r.contains("adammeme.budget-usd): "))
                            .toList(),
                    "each reason is one short line");
        }
    }

    /** The escape a message shows for a key or value. */
    private static String escaped(String text) {
        return Printable.escaped(text);
    }

    /** The index of the first character that would break, rewrite or reorder a console line, or -1. */
    private static int firstControl(String text) {
        return Printable.firstUnsafe(text);
    }

    /** Standard output and error while the engine runs, as a build's console would show them. */
    private static final class CapturedConsole {
        private final PrintStream out = System.out;
        private final PrintStream err = System.err;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        static CapturedConsole capture() {
            CapturedConsole c = new CapturedConsole();
            PrintStream both = new PrintStream(c.bytes, true, StandardCharsets.UTF_8);
            System.setOut(both);
            System.setErr(both);
            return c;
        }

        void release() {
            System.setOut(out);
            System.setErr(err);
            out.print(text());
        }

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }

        List<String> lines() {
            return text().lines().toList();
        }
    }
}
