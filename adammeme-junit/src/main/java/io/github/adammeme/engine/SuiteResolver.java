package io.github.adammeme.engine;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
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
        return suite(suiteClass, null, Set.of(), context);
    }

    @Override
    public Resolution resolve(UniqueIdSelector selector, Context context) {
        UniqueId id = selector.getUniqueId();
        if (id.getSegments().size() < 2) {
            return unresolved();
        }
        UniqueId.Segment suiteSegment = id.getSegments().get(1);
        if (!SuiteNode.SEGMENT.equals(suiteSegment.getType())) {
            return unresolved();
        }
        // "com.example.Suite", or "com.example.Suite@model" when the suite evaluates several targets
        String value = suiteSegment.getValue();
        String className = value.contains("@") ? value.substring(0, value.indexOf('@')) : value;
        String onlyTarget = value.contains("@") ? value.substring(value.indexOf('@') + 1) : null;
        Optional<Class<?>> suiteClass =
                ReflectionSupport.tryToLoadClass(className).toOptional();
        if (suiteClass.isEmpty() || !isSuite(suiteClass.get())) {
            issues.reportIssue(DiscoveryIssue.create(
                    DiscoveryIssue.Severity.WARNING, "unique id " + id + " names no @AdamMemeSuite class"));
            return unresolved();
        }
        Optional<UniqueId.Segment> foreign = id.getSegments().stream()
                .skip(2)
                .filter(segment -> !AdamMemeNode.SEGMENTS.contains(segment.getType()))
                .findFirst();
        if (foreign.isPresent()) {
            issues.reportIssue(DiscoveryIssue.builder(
                            DiscoveryIssue.Severity.ERROR,
                            "unique id " + id + " names no test"
                                    + " of an AdamMeme run: its segment type '"
                                    + foreign.get().getType() + "' is none of "
                                    + AdamMemeNode.SEGMENTS)
                    .source(ClassSource.from(suiteClass.get())));
            return unresolved();
        }
        // Tests below the suite appear only at run time; remember which were asked for.
        Set<UniqueId> selected = id.getSegments().size() > 2 ? Set.of(id) : Set.of();
        return suite(suiteClass.get(), onlyTarget, selected, context);
    }

    private Resolution suite(
            Class<?> suiteClass, @Nullable String onlyTarget, Set<UniqueId> selected, Context context) {
        List<SuiteSettings> all;
        try {
            all = SuiteSettings.resolveAll(
                    suiteClass,
                    AnnotationSupport.findAnnotation(suiteClass, AdamMemeSuite.class)
                            .orElseThrow(),
                    parameters);
        } catch (ConfigurationException | DatasetException e) {
            // The message names the key or the file and line: a stack trace below it would only bury it.
            issues.reportIssue(
                    DiscoveryIssue.builder(DiscoveryIssue.Severity.ERROR, suiteClass.getName() + ": " + e.getMessage())
                            .source(ClassSource.from(suiteClass)));
            return unresolved();
        } catch (IllegalArgumentException e) {
            issues.reportIssue(
                    DiscoveryIssue.builder(DiscoveryIssue.Severity.ERROR, suiteClass.getName() + ": " + e.getMessage())
                            .source(ClassSource.from(suiteClass))
                            .cause(e));
            return unresolved();
        }
        all.get(0)
                .warning()
                .ifPresent(w -> issues.reportIssue(
                        DiscoveryIssue.builder(DiscoveryIssue.Severity.WARNING, suiteClass.getName() + ": " + w)
                                .source(ClassSource.from(suiteClass))));
        Set<Match> matches = new LinkedHashSet<>();
        for (SuiteSettings settings : all) {
            String model = settings.config().models().target().model();
            if (onlyTarget != null && !onlyTarget.equals(model)) {
                continue;
            }
            String value = all.size() > 1 ? suiteClass.getName() + "@" + model : suiteClass.getName();
            context.addToParent(parent -> {
                        UniqueId id = parent.getUniqueId().append(SuiteNode.SEGMENT, value);
                        Optional<SuiteNode> existing = parent.getChildren().stream()
                                .filter(c -> c.getUniqueId().equals(id))
                                .map(SuiteNode.class::cast)
                                .findFirst();
                        if (existing.isPresent()) {
                            // a second selector for the same suite widens what it reports
                            Set<UniqueId> merged =
                                    new LinkedHashSet<>(existing.get().selected());
                            if (merged.isEmpty() || selected.isEmpty()) {
                                merged.clear();
                            } else {
                                merged.addAll(selected);
                            }
                            existing.get().selected().clear();
                            existing.get().selected().addAll(merged);
                            return Optional.of(existing.get());
                        }
                        return Optional.of(
                                new SuiteNode(id, suiteClass, settings, new LinkedHashSet<>(selected), all.size() > 1));
                    })
                    .ifPresent(suite -> matches.add(Match.exact(suite)));
        }
        return matches.isEmpty() ? unresolved() : Resolution.matches(matches);
    }
}
