package io.github.adammeme.engine;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.adammeme.Constants;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;
import org.junit.platform.engine.support.hierarchical.HierarchicalTestEngine;

/**
 * The {@code adammeme} test engine: each {@link AdamMemeSuite} class is an AdamMeme evaluation,
 * each mined meme-category pair and each refinement step a test that fails below the threshold.
 * The platform's hierarchical executor runs the tree; suites add their tests as dynamic children.
 */
@API(status = STABLE, since = "0.1.0")
public final class AdamMemeTestEngine extends HierarchicalTestEngine<AdamMemeExecutionContext> {

    private static final EngineDiscoveryRequestResolver<AdamMemeEngineDescriptor> RESOLVER =
            EngineDiscoveryRequestResolver.<AdamMemeEngineDescriptor>builder()
                    .addClassContainerSelectorResolver(SuiteResolver::isSuite)
                    .addSelectorResolver(context -> new SuiteResolver(
                            context.getDiscoveryRequest().getConfigurationParameters(), context.getIssueReporter()))
                    .build();

    /** Made by the launcher before its listeners, Allure's among them: the moment to say where Allure writes. */
    public AdamMemeTestEngine() {
        if (AllureSupport.PRESENT) {
            AllureBridge.resultsUnderTheBuildFolder();
        }
    }

    @Override
    public String getId() {
        return Constants.ENGINE_ID;
    }

    /** Named in the platform's reports beside the engine's version, which its jar's manifest gives. */
    @Override
    public Optional<String> getGroupId() {
        return Optional.of("io.github.adammeme");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("adammeme-junit");
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        AdamMemeEngineDescriptor engine = new AdamMemeEngineDescriptor(uniqueId);
        RESOLVER.resolve(request, engine);
        return engine;
    }

    @Override
    protected AdamMemeExecutionContext createExecutionContext(ExecutionRequest request) {
        // Several suite classes in one run each write into a folder of their own.
        long classes = request.getRootTestDescriptor().getChildren().stream()
                .map(c -> ((SuiteNode) c).suiteClass())
                .distinct()
                .count();
        return new AdamMemeExecutionContext(request.getEngineExecutionListener(), new EngineRun(classes > 1), null);
    }
}
