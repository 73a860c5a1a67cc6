package io.github.adammeme.engine;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import io.github.adammeme.data.DatasetException;
import io.github.adammeme.pipeline.ConfigurationException;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.SelectorResolver;

/**
 * Turns class selectors (what Surefire sends) and unique-id selectors (what an IDE sends to rerun
 * one test) into suites. A bad configuration becomes a discovery issue naming the class, key and
 * value, and the suite is left out rather than run half-configured.
 */
final class SuiteResolver implements SelectorResolver {

    private final ConfigurationParameters parameters;
    private final DiscoveryIssueReporter issues;

    SuiteResolver(ConfigurationParameters parameters, DiscoveryIssueReporter issues) {
        this.parameters = parameters;
        this.issues = issues;
    }

    static boolean isSuite(Class<?> candidate) {
        return AnnotationSupport.isAnnotated(candidate, AdamMemeSuite.class);
    }

    @Override
    public Resolution resolve(ClassSelector selector, Context context) {
        Class<?> suiteClass = selector.getJavaClass();
        if (!isSuite(suiteClass)) {
            return unresolved();
        }
        return suite(suiteClass, Set.of(), context);
    }

    @Override
    public Resolution resolve(UniqueIdSelector selector, Context context) {
        UniqueId id = selector.getUniqueId();
        if (id.getSegments().size() < 2) {
            return unresolved();
        }
        UniqueId.Segment suiteSegment = id.getSegments().get(1);
        if (!AdamMemeNode.Suite.SEGMENT.equals(suiteSegment.getType())) {
            return unresolved();
        }
        Optional<Class<?>> suiteClass = ReflectionSupport.tryToLoadClass(suiteSegment.getValue()).toOptional();
        if (suiteClass.isEmpty() || !isSuite(suiteClass.get())) {
            issues.reportIssue(DiscoveryIssue.create(DiscoveryIssue.Severity.WARNING,
                    "unique id " + id + " names no @AdamMemeSuite class"));
            return unresolved();
        }
        // Tests below the suite appear only at run time; remember which were asked for.
        Set<UniqueId> selected = id.getSegments().size() > 2 ? Set.of(id) : Set.of();
        return suite(suiteClass.get(), selected, context);
    }

    private Resolution suite(Class<?> suiteClass, Set<UniqueId> selected, Context context) {
        SuiteSettings settings;
        try {
            settings = SuiteSettings.resolve(suiteClass, AnnotationSupport.findAnnotation(suiteClass, AdamMemeSuite.class)
                    .orElseThrow(), parameters);
        } catch (ConfigurationException | DatasetException | IllegalArgumentException e) {
            issues.reportIssue(DiscoveryIssue.builder(DiscoveryIssue.Severity.ERROR,
                    suiteClass.getName() + ": " + e.getMessage()).source(ClassSource.from(suiteClass)).cause(e));
            return unresolved();
        }
        return context.addToParent(parent -> {
            UniqueId id = parent.getUniqueId().append(AdamMemeNode.Suite.SEGMENT, suiteClass.getName());
            Optional<AdamMemeNode.Suite> existing = parent.getChildren().stream()
                    .filter(c -> c.getUniqueId().equals(id)).map(AdamMemeNode.Suite.class::cast).findFirst();
            if (existing.isPresent()) {
                // a second selector for the same suite widens what it reports
                Set<UniqueId> merged = new LinkedHashSet<>(existing.get().selected());
                if (merged.isEmpty() || selected.isEmpty()) {
                    merged.clear();
                } else {
                    merged.addAll(selected);
                }
                existing.get().selected().clear();
                existing.get().selected().addAll(merged);
                return Optional.of(existing.get());
            }
            return Optional.of(new AdamMemeNode.Suite(id, suiteClass, settings, new LinkedHashSet<>(selected)));
        }).map(suite -> Resolution.match(Match.exact(suite))).orElse(unresolved());
    }
}
