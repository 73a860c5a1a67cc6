package io.github.adammeme.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Runs of the keyword suite for the bad-input suite, what they left, and how two of them compare meme by meme. */
final class BadInputRuns {

    static final ObjectMapper JSON = new ObjectMapper();

    private BadInputRuns() {}

    /** The engine on a dataset: one seed, one refinement step, answers kept in memory, no progress line. */
    static EngineTestKit.Builder kit(Path dataset, Path out, String... config) {
        return kit(selectClass(Suites.Keyword.class), dataset, out, config);
    }

    /** As {@link #kit(Path, Path, String...)}, with selectors of the caller's. */
    static EngineTestKit.Builder kit(DiscoverySelector selector, Path dataset, Path out, String... config) {
        EngineTestKit.Builder kit = EngineTestKit.engine(Constants.ENGINE_ID)
                .selectors(selector)
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter("adammeme.seeds", "1")
                .configurationParameter("adammeme.iterations", "1")
                .configurationParameter("adammeme.progress", "false")
                .configurationParameter("adammeme.cache", "memory")
                .configurationParameter("adammeme.output-dir", out.toString());
        for (int i = 0; i < config.length; i += 2) {
            kit.configurationParameter(config[i], config[i + 1]);
        }
        return kit;
    }

    /** What became of one input meme, as memes.jsonl says. */
    record MemeRow(String status, List<String> categories, String reason) {
        /** What must not change for a meme the bad item did not touch. */
        String verdict() {
            return status + " " + categories;
        }
    }

    /** One scored sample, as samples.jsonl says. */
    record SampleRow(String id, String memeId, String outcome, Integer score, boolean refined, String reason) {
        String verdict() {
            return outcome + (score == null ? "" : " " + score);
        }
    }

    /** What a finished run left in its output folder. */
    record Outcomes(Map<String, MemeRow> memes, Map<String, SampleRow> samples, JsonNode summary) {

        static Outcomes read(Path out) {
            try {
                Map<String, MemeRow> memes = new LinkedHashMap<>();
                for (String line : Files.readAllLines(out.resolve("memes.jsonl"), StandardCharsets.UTF_8)) {
                    JsonNode m = JSON.readTree(line);
                    List<String> categories = new ArrayList<>();
                    m.path("categories").forEach(c -> categories.add(c.asText()));
                    memes.put(
                            m.path("memeId").asText(),
                            new MemeRow(
                                    m.path("status").asText(),
                                    categories,
                                    m.path("reason").isNull()
                                            ? null
                                            : m.path("reason").asText()));
                }
                Map<String, SampleRow> samples = new LinkedHashMap<>();
                for (String line : Files.readAllLines(out.resolve("samples.jsonl"), StandardCharsets.UTF_8)) {
                    JsonNode s = JSON.readTree(line);
                    samples.put(
                            s.path("id").asText(),
                            new SampleRow(
                                    s.path("id").asText(),
                                    s.path("memeId").asText(),
                                    s.path("outcome").asText(),
                                    s.path("score").isNumber() ? s.path("score").asInt() : null,
                                    !s.path("refinement").isNull()
                                            && !s.path("refinement").isMissingNode(),
                                    s.path("reason").isNull()
                                            ? null
                                            : s.path("reason").asText()));
                }
                return new Outcomes(
                        memes,
                        samples,
                        JSON.readTree(out.resolve("summary.json").toFile()));
            } catch (IOException e) {
                throw new UncheckedIOException("the run left no readable results in " + out, e);
            }
        }

        List<SampleRow> samplesOf(String memeId) {
            return samples.values().stream()
                    .filter(s -> s.memeId().equals(memeId))
                    .toList();
        }
    }

    /** How much of the run a comparison holds to the baseline for the memes the bad item did not touch. */
    enum Scope {
        /** mining, original samples and refinement steps */
        EVERYTHING,
        /**
         * mining and original samples: a bad item that still has samples of its own (an ERROR, a renamed
         * meme) may move the seeded draw of refinement seeds and what BM25 retrieves, as the method says
         */
        ORIGINALS
    }

    /**
     * The memes lost: an input meme with no outcome, or one the bad item should not have touched whose
     * outcome, categories or samples' outcomes and scores differ from the clean run's.
     *
     * @return one line per lost meme, saying why
     */
    static List<String> lost(
            Outcomes baseline, Outcomes run, Collection<String> inputIds, Set<String> touched, Scope scope) {
        Map<String, String> lost = new LinkedHashMap<>();
        for (String id : inputIds) {
            if (!run.memes().containsKey(id)) {
                lost.putIfAbsent(id, id + ": no outcome in memes.jsonl");
            }
        }
        for (Map.Entry<String, MemeRow> clean : baseline.memes().entrySet()) {
            String id = clean.getKey();
            MemeRow now = run.memes().get(id);
            if (touched.contains(id) || now == null) {
                continue;
            }
            if (!clean.getValue().verdict().equals(now.verdict())) {
                lost.putIfAbsent(id, id + ": was " + clean.getValue().verdict() + ", now " + now.verdict());
            }
        }
        Set<String> ids = new LinkedHashSet<>(baseline.samples().keySet());
        ids.addAll(run.samples().keySet());
        for (String sampleId : ids) {
            SampleRow before = baseline.samples().get(sampleId);
            SampleRow after = run.samples().get(sampleId);
            SampleRow any = before != null ? before : after;
            if (touched.contains(any.memeId()) || scope == Scope.ORIGINALS && any.refined()) {
                continue;
            }
            if (before == null || after == null || !before.verdict().equals(after.verdict())) {
                lost.putIfAbsent(
                        any.memeId(),
                        any.memeId() + ": sample " + sampleId + " was " + (before == null ? "absent" : before.verdict())
                                + ", now " + (after == null ? "absent" : after.verdict()));
            }
        }
        return List.copyOf(lost.values());
    }

    /** One engine run and what it reported. */
    record Run(EngineExecutionResults results, Path out) {

        /** Tests that failed with something other than an assertion: broken, in Allure's words. */
        List<Event> broken() {
            return results.testEvents().failed().list().stream()
                    .filter(e -> !(throwable(e) instanceof AssertionError))
                    .toList();
        }

        /** Display name to message, of every broken test. */
        Map<String, String> brokenMessages() {
            Map<String, String> messages = new LinkedHashMap<>();
            broken().forEach(e -> messages.put(
                    e.getTestDescriptor().getDisplayName(), throwable(e).getMessage()));
            return messages;
        }

        /** Every test name and every failure message the run reported. */
        List<String> visibleTexts() {
            List<String> texts = new ArrayList<>();
            results.allEvents().list().forEach(e -> {
                texts.add(e.getTestDescriptor().getDisplayName());
                e.getPayload(TestExecutionResult.class)
                        .flatMap(TestExecutionResult::getThrowable)
                        .ifPresent(t -> texts.add(String.valueOf(t.getMessage())));
                e.getPayload(ReportEntry.class)
                        .ifPresent(r -> texts.add(r.getKeyValuePairs().toString()));
            });
            return texts;
        }

        /** Why the run was lost whole, when it was: a run-lost test, a failed container, or a summary that says so. */
        Optional<String> lostWhole() {
            for (Event e : results.allEvents().finished().list()) {
                TestExecutionResult r = e.getPayload(TestExecutionResult.class).orElseThrow();
                boolean runLost = e.getTestDescriptor()
                        .getUniqueId()
                        .getLastSegment()
                        .getType()
                        .equals("run");
                boolean container = e.getTestDescriptor().isContainer();
                if (r.getStatus() == TestExecutionResult.Status.FAILED && (runLost || container)) {
                    return Optional.of(e.getTestDescriptor().getDisplayName() + ": "
                            + r.getThrowable().map(Throwable::toString).orElse("failed"));
                }
            }
            Path summary = out.resolve("summary.json");
            if (!Files.isRegularFile(summary)) {
                return Optional.of("no summary.json in " + out);
            }
            try {
                JsonNode s = JSON.readTree(summary.toFile());
                return s.path("lost").asBoolean(false)
                        ? Optional.of(
                                "summary.json says lost: " + s.path("reason").asText())
                        : Optional.empty();
            } catch (IOException e) {
                return Optional.of("summary.json unreadable: " + e.getMessage());
            }
        }

        Outcomes outcomes() {
            return Outcomes.read(out);
        }

        static Throwable throwable(Event e) {
            return e.getPayload(TestExecutionResult.class)
                    .flatMap(TestExecutionResult::getThrowable)
                    .orElse(null);
        }
    }

    /** Ids as the dataset's lines give them: {@code harmeme:<id>}. */
    static List<String> harmemeIds(List<String> lines) {
        return lines.stream()
                .map(l -> {
                    try {
                        return "harmeme:" + JSON.readTree(l).path("id").asText();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                })
                .toList();
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
