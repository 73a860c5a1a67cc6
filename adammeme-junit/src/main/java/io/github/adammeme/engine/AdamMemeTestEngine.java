package io.github.adammeme.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;

/**
 * The {@code adammeme} test engine: each {@link AdamMemeSuite} class is an AdamMeme evaluation,
 * each mined meme-category pair and each refinement step a test that fails below the threshold.
 */
public final class AdamMemeTestEngine implements TestEngine {

    private static final EngineDiscoveryRequestResolver<EngineDescriptor> RESOLVER =
            EngineDiscoveryRequestResolver.<EngineDescriptor>builder()
                    .addClassContainerSelectorResolver(SuiteResolver::isSuite)
                    .addSelectorResolver(context -> new SuiteResolver(
                            context.getDiscoveryRequest().getConfigurationParameters(), context.getIssueReporter()))
                    .build();

    @Override
    public String getId() {
        return Constants.ENGINE_ID;
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        EngineDescriptor engine = new EngineDescriptor(uniqueId, "AdamMeme");
        RESOLVER.resolve(request, engine);
        return engine;
    }

    @Override
    public void execute(ExecutionRequest request) {
        TestDescriptor engine = request.getRootTestDescriptor();
        var listener = request.getEngineExecutionListener();
        listener.executionStarted(engine);
        long classes = engine.getChildren().stream().map(c -> ((AdamMemeNode.Suite) c).suiteClass()).distinct().count();
        Map<Class<?>, List<SuiteExecution>> severalTargets = new LinkedHashMap<>();
        List<String> lost = new ArrayList<>();
        for (TestDescriptor child : List.copyOf(engine.getChildren())) {
            AdamMemeNode.Suite suite = (AdamMemeNode.Suite) child;
            SuiteExecution execution = new SuiteExecution(suite, listener, classes > 1);
            execution.run();
            execution.lost().ifPresent(reason -> lost.add(suite.getDisplayName() + ": " + reason));
            if (suite.oneOfSeveralTargets()) {
                severalTargets.computeIfAbsent(suite.suiteClass(), c -> new ArrayList<>()).add(execution);
            }
        }
        severalTargets.values().forEach(Leaderboards::write);
        // Last, where a reader of the console looks: a lost run must not hide above its own noise.
        lost.forEach(reason -> System.out.println("adammeme: RUN LOST, no figures: " + reason));
        listener.executionFinished(engine, TestExecutionResult.successful());
    }
}
