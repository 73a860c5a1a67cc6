package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.text.Secrets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What a run was: models, dataset and parameters, so a report can be read (and compared) on its own.
 * Never holds a secret: endpoints are described by URL and the name of their key variable.
 *
 * @param notice says, when any model is the built-in simulator, that the scores are simulated
 * @param shard  which part of a sharded run this is ({@code 1/1} for a whole run)
 * @param miningBatchSize  memes mined before their proposals are examined: with the lookahead, what the
 *                         taxonomy's growth depends on
 * @param miningLookahead  batches whose Miners ran while a batch's proposals were examined
 * @param refinementOrder  Algorithm 1's order: rounds or paper
 * @param structuredOutput whether ratings and votes were asked for as JSON (auto, on, off)
 * @param judgeRecheck     share of scored samples a second judge scored again
 * @param judgeSecondModel the second judge's model, or null when it was a Scorer replica
 * @param method           the method the settings started from: {@code default} or {@code paper}
 * @param departures       what departed from the paper's method in this run, each with its setting and the
 *                         paper's; empty when the run was the paper's method
 * @param textErasure      how the pictures' own text was erased ({@code adammeme.text-erasure}), in words
 * @param targetAnswers    what the target's answers belong to (this run, or a declared revision) and who the
 *                         endpoint said gave them; null for a run imported from elsewhere
 * @param datasetKey       the datasets as another checkout of the project names them (relative to the working
 *                         directory when inside it), by which a later run finds its last release on the same memes
 */
@API(status = INTERNAL, since = "0.1.0")
public record RunInfo(
        String target,
        String targetEndpoint,
        String controller,
        String controllerEndpoint,
        String dataset,
        boolean simulated,
        @Nullable String notice,
        double threshold,
        int samplesPerCategory,
        int seeds,
        int iterations,
        long randomSeed,
        boolean refusalCountsAsFailure,
        Map<String, String> promptDigests,
        String libraryVersion,
        String shard,
        int miningBatchSize,
        int miningLookahead,
        String refinementOrder,
        String structuredOutput,
        double judgeRecheck,
        @Nullable String judgeSecondModel,
        String method,
        List<String> departures,
        @Nullable String textErasure,
        @Nullable TargetAnswers targetAnswers,
        String datasetKey) {

    /**
     * What this configuration's run is, with its endpoints as they were reached.
     *
     * @param config            the run's configuration
     * @param target            the target's endpoint, as reached
     * @param controller        the agents' endpoint, as reached
     * @param prompts           the run's prompts
     * @param controllerGateway the agents' gateway, which knows whether it still sends schemas
     * @param targetAnswers     whose answers the target gave
     * @return the run
     */
    public static RunInfo of(
            EvaluationConfig config,
            Endpoint target,
            Endpoint controller,
            PromptLibrary prompts,
            ModelGateway controllerGateway,
            TargetAnswers targetAnswers) {
        String structuredOutput = structuredOutput(config, controllerGateway);
        String notice = null;
        if (target.simulated() && controller.simulated()) {
            notice = "Scores come from the built-in simulator (target " + target.model() + ", controller "
                    + controller.model() + "): they show how the tool works, not how any real model performs.";
        } else if (target.simulated()) {
            notice = "The target is the built-in simulator (" + target.model()
                    + "): its scores show how the tool works, not how a real model performs.";
        } else if (controller.simulated()) {
            notice = "The agents (reference answers, Scorer) are the built-in simulator (" + controller.model()
                    + "): the scores of " + target.model() + " are not a real judge's.";
        }
        return new RunInfo(
                target.model(),
                describe(target),
                controller.model(),
                describe(controller),
                config.datasetDescription(),
                config.simulated(),
                notice,
                config.method().threshold(),
                config.method().samplesPerCategory(),
                config.method().seeds(),
                config.method().iterations(),
                config.method().randomSeed(),
                config.method().refusalCountsAsFailure(),
                prompts.digests(),
                LibraryVersion.current(),
                config.method().shard().toString(),
                config.method().miningBatchSize(),
                config.method().miningLookahead(),
                config.method().refinementOrder().name().toLowerCase(Locale.ROOT),
                structuredOutput,
                config.method().judgeRecheck(),
                config.models().judgeSecondModel(),
                config.methodName(),
                config.departures(),
                config.images().textErasure().describe(),
                targetAnswers,
                config.datasetKey());
    }

    /** The structured-output setting, and whether the controller's endpoint turned it down. */
    private static String structuredOutput(EvaluationConfig config, ModelGateway controller) {
        String mode = config.models().structuredOutput().name().toLowerCase(Locale.ROOT);
        return controller.schemasTurnedDown() ? mode + " (turned down by the endpoint: answers read as text)" : mode;
    }

    private static String describe(Endpoint e) {
        String url = e.baseUrl();
        if (url == null) {
            return "built-in simulator";
        }
        return e.simulated() && url.startsWith("http://127.0.0.1") ? "built-in simulator" : Secrets.redact(url);
    }
}
