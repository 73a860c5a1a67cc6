package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelConnector;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.Preflight;
import io.github.adammeme.internal.llm.batch.BatchChatModel;
import io.github.adammeme.internal.llm.batch.BatchJournal;
import io.github.adammeme.internal.llm.batch.BatchSettings;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.resilience.RateCaps;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.text.Console;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Opens the gateways a run's calls go through, all on one call cache, so that evaluating several
 * targets pays for the target-independent calls once; batch mode's journals are shared the same way.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Gateways {

    private final CallCache cache;
    /** Batch mode's journals, one per file, shared by every run and endpoint of these gateways. */
    private final Map<Path, BatchJournal> journals = new ConcurrentHashMap<>();

    /** Stops every run of these gateways when their caller gives up on them (its test run was lost, say). */
    private final RunStop cancel;

    private final ModelConnector connector;

    /**
     * @param cache     the call cache every gateway shares
     * @param cancel    stops every run of these gateways when their caller gives up on them
     * @param connector how the models behind the endpoints are reached
     */
    public Gateways(CallCache cache, RunStop cancel, ModelConnector connector) {
        this.cache = cache;
        this.cancel = cancel;
        this.connector = connector;
    }

    /** What a gateway is for, and the settings that point at its endpoint, which a preflight or breaker message names. */
    enum Role {
        TARGET("target", Constants.TARGET_MODEL, Constants.TARGET_BASE_URL, Constants.TARGET_API_KEY_ENV),
        CONTROLLER(
                "controller",
                Constants.CONTROLLER_MODEL,
                Constants.CONTROLLER_BASE_URL,
                Constants.CONTROLLER_API_KEY_ENV),
        SECOND_JUDGE(
                "second judge",
                Constants.JUDGE_SECOND_MODEL,
                Constants.CONTROLLER_BASE_URL,
                Constants.CONTROLLER_API_KEY_ENV);

        final String name;
        final String modelKey;
        final String urlKey;
        final String keyEnvKey;

        Role(String name, String modelKey, String urlKey, String keyEnvKey) {
            this.name = name;
            this.modelKey = modelKey;
            this.urlKey = urlKey;
            this.keyEnvKey = keyEnvKey;
        }

        /**
         * @param endpoint   where the run reaches it, its URL resolved
         * @param configured as configured: a {@code sim:} model without a URL is the built-in simulator
         */
        Preflight.Subject subject(Endpoint endpoint, Endpoint configured) {
            return new Preflight.Subject(name, endpoint, modelKey, urlKey, keyEnvKey, builtIn(configured));
        }

        /** The setting to look at when the endpoint fails: its URL, or for the built-in simulator, the model asked of it. */
        String setting(Endpoint endpoint, Endpoint configured) {
            return builtIn(configured)
                    ? modelKey + "=" + endpoint.model()
                    : urlKey + "=" + Preflight.shown(Objects.requireNonNull(endpoint.baseUrl(), "a served endpoint"));
        }

        private static boolean builtIn(Endpoint configured) {
            return configured.simulated() && configured.baseUrl() == null;
        }
    }

    /**
     * Checks the run's endpoints before it pays for a call (unless the configuration turns the preflight off):
     * the target (unless only mining runs), the controller and the second judge's model.
     *
     * @return the target's entry in its endpoint's list of models; none when not listed or not checked
     *
     * @throws io.github.adammeme.internal.llm.EndpointUnusableException naming the setting of the first that cannot be used
     */
    static Map<String, String> preflight(
            EvaluationConfig config, Endpoint target, Endpoint controller, UsageLedger ledger) {
        if (!config.models().checks().preflight()) {
            return Map.of();
        }
        List<Preflight.Subject> subjects = new ArrayList<>();
        if (config.method().stages() != Stages.MINING) {
            subjects.add(Role.TARGET.subject(target, config.models().target()));
        }
        subjects.add(Role.CONTROLLER.subject(controller, config.models().controller()));
        Endpoint second = secondJudgeEndpoint(controller, config);
        if (second != null) {
            subjects.add(Role.SECOND_JUDGE.subject(second, config.models().controller()));
        }
        Preflight.Findings findings = Preflight.inspect(subjects, ledger);
        findings.warnings().forEach(warning -> Console.warn(warning));
        return findings.listed().getOrDefault(Role.TARGET.name, Map.of());
    }

    /**
     * The gateways of one run, on one stop: once an endpoint is found unusable, none of them pays for another call.
     *
     * @param target      the target's
     * @param controller  the agents'
     * @param secondJudge the second judge model's, or null
     * @param stop        the run's stop
     * @param attempt     the attempt that pays for the run's calls
     * @param targetListing the target's entry in its endpoint's list of models
     * @param cache       the call cache
     */
    public record RunGateways(
            ModelGateway target,
            ModelGateway controller,
            @Nullable ModelGateway secondJudge,
            RunStop stop,
            Attempt attempt,
            Map<String, String> targetListing,
            CallCache cache)
            implements AutoCloseable {

        /**
         * The run's usage, with what unfinished attempts at it paid for, which this one now accounts for; then the
         * attempt is over: it leaves no mark, so the next run asks the target afresh.
         *
         * @param ledger the run's ledger
         * @param config the run's configuration, for its prices
         * @return the run's usage, line by line
         */
        public List<UsageLedger.Line> finish(UsageLedger ledger, EvaluationConfig config) {
            List<UsageLedger.Line> usage =
                    Attempt.usage(ledger, cache, config.limits().prices());
            cache.attemptFinished();
            return usage;
        }

        /**
         * What the run's target answers belong to and who the endpoint said gave them.
         *
         * @param config the run's configuration
         * @param ledger the run's ledger
         * @return the target's answers, as the run records them
         */
        public TargetAnswers targetAnswers(EvaluationConfig config, UsageLedger ledger) {
            return TargetAnswers.of(config, attempt, ledger, target.answeredBy(), targetListing);
        }

        /**
         * What a run that failed throws: the reason it stopped, when an endpoint stopped it (the failures that
         * followed from the stop say nothing a user can act on), else what it threw.
         *
         * @param e what the run threw
         * @return what to throw in its place
         */
        public RuntimeException failure(RuntimeException e) {
            return stop.reason().<RuntimeException>map(why -> why).orElse(e);
        }

        /** Throws why the run stopped, once it has: a stage whose calls were stopped has no results worth going on with. */
        public void throwIfStopped() {
            if (stop.reason().isPresent()) {
                throw stop.reason().get();
            }
        }

        @Override
        @SuppressWarnings("try") // the resources are only to be closed, in the order try-with-resources closes them
        public void close() {
            try (ModelGateway t = target;
                    ModelGateway c = controller;
                    ModelGateway s = secondJudge) {
                // each closed, the last opened first
            }
        }
    }

    /**
     * The gateways of a run, after its endpoints passed the preflight.
     *
     * @param target     the target's endpoint
     * @param controller the agents' endpoint
     * @param ledger     the run's ledger
     * @param config     the run's configuration
     * @param prompts    the run's prompts, part of what its attempt is
     * @return the run's gateways
     * @throws io.github.adammeme.internal.llm.EndpointUnusableException naming the setting of an endpoint that cannot be used
     */
    public RunGateways forRun(
            Endpoint target, Endpoint controller, UsageLedger ledger, EvaluationConfig config, PromptLibrary prompts) {
        // Which answers of the target this attempt may reuse is read before anything is marked: a run that cannot
        // reach its endpoints never began, and leaves no attempt behind.
        Attempt attempt = Attempt.start(config, prompts, cache);
        Map<String, String> listing = preflight(config, target, controller, ledger);
        RunStop stop = new RunStop();
        cancel.alsoStops(stop);
        Endpoint second = secondJudgeEndpoint(controller, config);
        RunGateways run = new RunGateways(
                open(
                        target.answersKeptFor(TargetAnswers.scope(config, attempt)),
                        Role.TARGET,
                        config.models().target(),
                        ledger,
                        config,
                        stop),
                open(controller, Role.CONTROLLER, config.models().controller(), ledger, config, stop),
                second == null
                        ? null
                        : open(second, Role.SECOND_JUDGE, config.models().controller(), ledger, config, stop),
                stop,
                attempt,
                listing,
                cache);
        cache.paidBy(attempt.id());
        return run;
    }

    /** A gateway to {@code endpoint}, one of the run's: it stops with the run, and its breaker may stop the run. */
    private ModelGateway open(
            Endpoint endpoint,
            Role role,
            Endpoint configured,
            UsageLedger ledger,
            EvaluationConfig config,
            RunStop stop) {
        ModelGateway gateway = open(endpoint, ledger, config);
        gateway.stopWith(stop, config.models().checks(), role.setting(endpoint, configured));
        return gateway;
    }

    ModelGateway open(Endpoint endpoint, UsageLedger ledger, EvaluationConfig config) {
        BatchSettings batch = config.models().batch();
        // In batch mode a call waits on its gateway thread for its batch's answer: a batch's worth of calls
        // are pending at once, besides the calls of roles still made at once.
        ChatModel model = batch.enabled()
                ? new BatchChatModel(
                        endpoint,
                        config.limits().concurrency(),
                        cache,
                        journals.computeIfAbsent(batch.journal(), BatchJournal::open),
                        batch)
                : connector.connect(endpoint, config.limits().concurrency());
        ModelGateway gateway = new ModelGateway(
                model,
                cache,
                ledger,
                config.callSlots(),
                config.models().retries(),
                new RateCaps(endpoint.requestsPerMinute(), endpoint.tokensPerMinute()));
        gateway.budget(config.limits().budgetUsd());
        gateway.queueOrder(CallPriority::rank);
        gateway.structuredOutput(config.models().structuredOutput());
        gateway.replicasInOneCall(config.models().replicasInOneRequest());
        return gateway;
    }

    /** The second judge model's endpoint (the controller's, another model), or null when a Scorer replica is the second judge. */
    private static @Nullable Endpoint secondJudgeEndpoint(Endpoint controller, EvaluationConfig config) {
        if (config.models().judgeSecondModel() == null || config.method().judgeRecheck() <= 0) {
            return null;
        }
        return new Endpoint(
                config.models().judgeSecondModel(),
                controller.baseUrl(),
                controller.apiKeyEnv(),
                controller.timeout(),
                controller.requestsPerMinute(),
                controller.tokensPerMinute(),
                controller.simulatorVariant());
    }

    /**
     * The agents of a run, on the controller's gateway, each role shown pictures at its own detail.
     *
     * @param config     the run's configuration
     * @param controller the controller's gateway
     * @param prompts    the run's prompts
     * @return what every agent of the run needs
     */
    public static AgentContext agents(EvaluationConfig config, ModelGateway controller, PromptLibrary prompts) {
        return new AgentContext(
                        controller,
                        prompts,
                        config.method().randomSeed(),
                        config.method().reasks(),
                        config.models().maxTokens())
                .showing(config.images().roles());
    }
}
