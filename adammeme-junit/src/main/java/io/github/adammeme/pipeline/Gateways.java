package io.github.adammeme.pipeline;

import io.github.adammeme.agent.AgentContext;
import io.github.adammeme.agent.PromptLibrary;
import io.github.adammeme.llm.BatchChatModel;
import io.github.adammeme.llm.BatchJournal;
import io.github.adammeme.llm.BatchSettings;
import io.github.adammeme.llm.CallCache;
import io.github.adammeme.llm.ChatModel;
import io.github.adammeme.llm.Endpoint;
import io.github.adammeme.llm.ModelGateway;
import io.github.adammeme.llm.OpenAiChatModel;
import io.github.adammeme.llm.RateCaps;
import io.github.adammeme.llm.UsageLedger;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Opens the gateways a run's calls go through, all on one call cache, so that evaluating several
 * targets pays for the target-independent calls once; batch mode's journals are shared the same way.
 */
final class Gateways {

    private final CallCache cache;
    /** Batch mode's journals, one per file, shared by every run and endpoint of these gateways. */
    private final Map<Path, BatchJournal> journals = new ConcurrentHashMap<>();

    Gateways(CallCache cache) {
        this.cache = cache;
    }

    ModelGateway open(Endpoint endpoint, UsageLedger ledger, EvaluationConfig config) {
        BatchSettings batch = config.models().batch();
        // In batch mode a call waits on its gateway thread for its batch's answer: a batch's worth of calls
        // are pending at once, besides the calls of roles still made at once.
        ChatModel model = batch.enabled()
                ? new BatchChatModel(endpoint, config.limits().concurrency(), cache, journals.computeIfAbsent(batch.journal(),
                        BatchJournal::open), batch)
                : new OpenAiChatModel(endpoint, config.limits().concurrency());
        ModelGateway gateway = new ModelGateway(model, cache, ledger,
                config.callSlots(),
                config.models().retries(), new RateCaps(endpoint.requestsPerMinute(), endpoint.tokensPerMinute()));
        gateway.budget(config.limits().budgetUsd());
        gateway.queueOrder(CallPriority::rank);
        gateway.structuredOutput(config.models().structuredOutput());
        gateway.replicasInOneCall(config.models().replicasInOneRequest());
        return gateway;
    }

    /** The second judge model's gateway (on the controller's endpoint), or null when a Scorer replica is the second judge. */
    ModelGateway secondJudge(Endpoint controller, UsageLedger ledger, EvaluationConfig config) {
        if (config.models().judgeSecondModel() == null || config.method().judgeRecheck() <= 0) {
            return null;
        }
        return open(new Endpoint(config.models().judgeSecondModel(), controller.baseUrl(), controller.apiKeyEnv(),
                controller.timeout(), controller.requestsPerMinute(), controller.tokensPerMinute(),
                controller.simulatorVariant()), ledger, config);
    }

    /** The agents of a run, on the controller's gateway, each role shown pictures at its own detail. */
    static AgentContext agents(EvaluationConfig config, ModelGateway controller, PromptLibrary prompts) {
        return new AgentContext(controller, prompts, config.method().randomSeed(), config.method().reasks(),
                config.models().maxTokens()).showing(config.images().roles());
    }
}
