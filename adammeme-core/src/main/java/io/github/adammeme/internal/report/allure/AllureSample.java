package io.github.adammeme.internal.report.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.text.ReportText;
import io.github.adammeme.internal.text.Secrets;
import io.qameta.allure.Allure;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Link;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What Allure shows of a sample's test, written on the test case open on this thread: by the engine as the
 * platform runs the test, and for a run no engine ran (an imported one) as if it had. Every text comes from a
 * dataset, a model or a configuration and goes through {@link ReportText}: labels and parameters as plain text,
 * attachments redacted, so nothing a meme or a model wrote can run in the report.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class AllureSample {

    /** A setting's parameter when the run left it unset: a merge of shards reads it back as unset. */
    public static final String NOT_SET = "not set";

    private AllureSample() {}

    /**
     * @return whether an Allure test case is open on this thread: without a listener (an IDE without it, the
     *         engine test kit) nothing is written
     */
    public static boolean active() {
        return Allure.getLifecycle().getCurrentTestCase().isPresent();
    }

    /**
     * Labels, parameters and attachments of a pair or step test, on the test case open on this thread.
     *
     * @param s         the sample
     * @param picture   the picture the target saw ({@link ScoredSample#picture}: the run's copy, or the dataset's file)
     * @param story     the chain or the originals it belongs to
     * @param suite     the suite's name
     * @param target    the target model
     * @param endpoints what answered as the target and as the agents
     */
    public static void sample(
            ScoredSample s, Path picture, String story, String suite, String target, RoleEndpoints endpoints) {
        if (!active()) {
            return;
        }
        labels(
                suite,
                target,
                s.category(),
                story,
                s.refined() ? "refinement" : "original",
                s.refined() ? "minor" : "normal",
                endpoints);
        parameter("meme", s.memeId());
        parameter("category", s.category());
        parameter("step", s.refined() ? s.madeBy().step() : 0);
        parameter("score", s.score() == null ? "none" : s.score().toString());
        parameter("outcome", s.outcome().name());
        if (s.truncated()) {
            parameter("target answer", "cut at the token limit (finish_reason length), scored as written");
        }
        if (endpoints.simulated()) {
            parameter("model", "simulated (built-in simulator)");
        }
        AllurePictures.attach(pictureName(s), picture);
        text("meme text (original)", s.originalText());
        if (s.refined()) {
            text("meme text (refined)", s.text());
            text("refiner's explanation", s.madeBy().explanation());
            String parent = s.madeBy().parentId();
            Allure.getLifecycle()
                    .updateTestCase(r -> r.getLinks()
                            .add(new Link()
                                    .setName(ReportText.plain("rewrites " + parent))
                                    .setType("parent")
                                    .setUrl("#" + URLEncoder.encode(parent, StandardCharsets.UTF_8))));
        }
        text("misbelief", s.misbelief());
        text("reference answer", s.reference());
        text(s.truncated() ? "target answer (cut at the token limit)" : "target answer", s.targetAnswer());
        text("scorer explanation", s.scorerExplanation());
        if (s.reason() != null) {
            text("why there is no score", s.reason());
        }
        if (s.raw() != null) {
            text("unusable model output", s.raw());
        }
    }

    /**
     * Says that this is a smaller copy of what the target was shown. One meme's pairs and steps often show the same
     * picture, which Allure then stores once under one name: the name depends on the picture alone.
     */
    private static String pictureName(ScoredSample s) {
        return "picture the target saw" + (s.shownImage() == null ? "" : ", text erased or redrawn")
                + " (JPEG copy, at most " + AllurePictures.LONGEST_SIDE + " px)";
    }

    /**
     * Behaviours: target, category, stage. Suites: suite class, category, and originals or the chain.
     *
     * @param suite     the suite's name (Allure's parent suite)
     * @param target    the target model (the epic)
     * @param category  the category (the suite and the feature)
     * @param subSuite  the originals or the chain a test belongs to
     * @param stage     the stage (the story)
     * @param severity  Allure's severity
     * @param endpoints what answered as the target and as the agents, as tags
     */
    public static void labels(
            String suite,
            String target,
            String category,
            String subSuite,
            String stage,
            String severity,
            RoleEndpoints endpoints) {
        Allure.getLifecycle().updateTestCase(r -> {
            r.getLabels().add(label("parentSuite", suite));
            r.getLabels().add(label("suite", category));
            r.getLabels().add(label("subSuite", subSuite));
            r.getLabels().add(label("epic", target));
            r.getLabels().add(label("feature", category));
            r.getLabels().add(label("story", stage));
            r.getLabels().add(label("severity", severity));
            endpoints.tags().forEach(tag -> r.getLabels().add(label("tag", tag)));
        });
    }

    private static Label label(String name, String value) {
        return new Label().setName(name).setValue(ReportText.plain(value));
    }

    /**
     * A parameter shown as plain text.
     *
     * @param name  its name
     * @param value its value
     */
    public static void parameter(String name, Object value) {
        Allure.parameter(name, ReportText.plain(String.valueOf(value)));
    }

    /**
     * A text attachment, redacted; nothing for an empty text.
     *
     * @param name  its name
     * @param value the text, from a dataset or a model
     */
    public static void text(String name, @Nullable String value) {
        if (value != null && !value.isBlank()) {
            Allure.addAttachment(name, "text/plain", Secrets.redact(value), ".txt");
        }
    }
}
