package io.github.adammeme.internal.agent.refusal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.agent.answer.RefusalScreen;
import io.github.adammeme.internal.util.JsonLines;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;

/**
 * Refusal detection measured on labelled target answers: the screen alone, and the screen with the
 * refusal check of a controller, as a run uses them. The labelled corpora ship in the jar
 * ({@link #PACKAGED}), written without sight of the detector, so a user can measure their own
 * controller model before trusting its REFUSED verdicts ({@code Main refusal-check}).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RefusalMeasurement {

    /**
     * The packaged corpora: 1 to 3 and 5 were used to develop the simulator's check, 4 and 6 never were. 5 and
     * 6 hold partial declines (who is pictured, a slur, small print) in the forms real models write them, each
     * followed by an analysis or by nothing that assesses the meme.
     */
    public static final List<String> PACKAGED = List.of(
            "corpus-1.jsonl", "corpus-2.jsonl", "corpus-3.jsonl", "corpus-4.jsonl", "corpus-5.jsonl", "corpus-6.jsonl");

    private static final String FOLDER = "/io/github/adammeme/refusals/";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One answer a target gave, with the truth about it. */
    public record Labelled(String id, String category, String kind, boolean refusal, String answer) {}

    /** True and false positives and negatives of one classifier. */
    public record Confusion(int tp, int fp, int fn, int tn) {

        /** @return the share of flagged answers that are refusals, 1 when none was flagged */
        public double precision() {
            return tp + fp == 0 ? 1 : (double) tp / (tp + fp);
        }

        /** @return the share of refusals flagged, 1 when there are none */
        public double recall() {
            return tp + fn == 0 ? 1 : (double) tp / (tp + fn);
        }

        static Confusion of(List<Labelled> corpus, List<Boolean> said) {
            int tp = 0;
            int fp = 0;
            int fn = 0;
            for (int i = 0; i < corpus.size(); i++) {
                boolean truth = corpus.get(i).refusal();
                boolean flagged = said.get(i);
                tp += truth && flagged ? 1 : 0;
                fp += !truth && flagged ? 1 : 0;
                fn += truth && !flagged ? 1 : 0;
            }
            return new Confusion(tp, fp, fn, corpus.size() - tp - fp - fn);
        }

        /**
         * One line of figures.
         *
         * @param name the classifier's label, at the start of the line
         * @return the label, precision, recall and the four counts
         */
        public String describe(String name) {
            return String.format(
                    Locale.ROOT,
                    "%-26s precision %.3f, recall %.3f (tp %d, fp %d, fn %d, tn %d)",
                    name,
                    precision(),
                    recall(),
                    tp,
                    fp,
                    fn,
                    tn);
        }
    }

    /** What a measurement found: both classifiers' figures, and the answers the whole detector misread. */
    public record Result(int answers, Confusion screen, Confusion detector, List<String> misread) {

        /**
         * The figures of both classifiers, as {@code Main refusal-check} prints them.
         *
         * @param corpus the corpus's name
         * @return three lines: the counts, the screen alone, the screen with the check
         */
        public String describe(String corpus) {
            long refusals = (long) detector.tp() + detector.fn();
            return String.format(
                    Locale.ROOT,
                    "refusal detection, %s: %d answers (%d refusals, %d analyses)%n%s%n%s",
                    corpus,
                    answers,
                    refusals,
                    answers - refusals,
                    screen.describe("screen alone:"),
                    detector.describe("screen + refusal check:"));
        }
    }

    private RefusalMeasurement() {}

    /**
     * A packaged corpus by name.
     *
     * @param name one of {@link #PACKAGED}
     * @return its answers
     * @throws IllegalArgumentException when no corpus of that name is packaged
     */
    public static List<Labelled> packaged(String name) {
        try (InputStream in = RefusalMeasurement.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no packaged refusal corpus " + name + "; there are " + PACKAGED);
            }
            return read(in, "classpath:" + FOLDER + name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the packaged refusal corpus " + name, e);
        }
    }

    /** Far above any labelled answer: an answer is bounded by the client's 16 MiB. */
    private static final int MAX_LINE_BYTES = 16 << 20;

    /**
     * Lines of {"id", "category", "kind", "label": "refusal" | "analysis", "answer"}.
     *
     * @param in the lines, in UTF-8
     * @param origin names the source in error messages
     * @return the labelled answers, in order
     * @throws IOException when the stream cannot be read or a line is not JSON
     * @throws IllegalArgumentException when a line has no label of refusal or analysis, or no answer
     */
    public static List<Labelled> read(InputStream in, String origin) throws IOException {
        List<Labelled> out = new ArrayList<>();
        JsonLines lines = new JsonLines(in, MAX_LINE_BYTES);
        for (String line = lines.next(); line != null; line = lines.next()) {
            long number = lines.number();
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            String label = n.path("label").asText();
            if ((!label.equals("refusal") && !label.equals("analysis"))
                    || !n.path("answer").isTextual()) {
                throw new IllegalArgumentException(
                        origin + ":" + number + ": expected a label of refusal or analysis and" + " an answer");
            }
            out.add(new Labelled(
                    n.path("id").asText("line " + number),
                    n.path("category").asText("race"),
                    n.path("kind").asText(""),
                    label.equals("refusal"),
                    n.path("answer").asText()));
        }
        return out;
    }

    /**
     * Screens every answer and runs the detector on all of them at once (the gateway bounds the calls).
     *
     * @param corpus the labelled answers
     * @param detector the screen with the refusal check under measure
     * @return the figures and the misread answers
     */
    public static Result measure(List<Labelled> corpus, RefusalDetector detector) {
        List<CompletableFuture<RefusalDetector.Decision>> decisions = corpus.stream()
                .map(l -> detector.detect(l.category(), l.answer()))
                .toList();
        List<Boolean> screen = new ArrayList<>();
        List<Boolean> detected = new ArrayList<>();
        List<String> misread = new ArrayList<>();
        for (int i = 0; i < corpus.size(); i++) {
            Labelled l = corpus.get(i);
            RefusalDetector.Decision d = decisions.get(i).join();
            boolean refusal = d.kind() == RefusalDetector.Decision.Kind.REFUSAL;
            screen.add(RefusalScreen.candidate(l.answer()));
            detected.add(refusal);
            if (refusal != l.refusal()) {
                misread.add(l.id() + " (" + l.kind() + ", labelled " + (l.refusal() ? "refusal" : "analysis") + "): "
                        + d.reason());
            }
        }
        return new Result(corpus.size(), Confusion.of(corpus, screen), Confusion.of(corpus, detected), misread);
    }
}
