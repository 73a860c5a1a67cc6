package io.github.adammeme.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The layering DESIGN.md draws, checked on the library's classes: the engine knows the pipeline and
 * the pipeline knows nothing of JUnit, reports, the simulator or the command line.
 */
@AnalyzeClasses(packages = "io.github.adammeme", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** The core of the method, usable from any runner. */
    private static final String[] CORE = {"io.github.adammeme.pipeline..", "io.github.adammeme.agent..",
            "io.github.adammeme.llm..", "io.github.adammeme.data..", "io.github.adammeme.retrieval.."};

    @ArchTest
    static final ArchRule junitOnlyInTheEngine = noClasses()
            .that().resideOutsideOfPackage("io.github.adammeme.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.opentest4j..", "io.qameta.allure..")
            .because("the engine is the only part that speaks JUnit Platform (and feeds Allure); the command line"
                    + " runs the same pipeline without it");

    @ArchTest
    static final ArchRule theCoreKnowsNoRunnerReportOrSimulator = noClasses()
            .that().resideInAnyPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage("io.github.adammeme.engine..",
                    "io.github.adammeme.report..", "io.github.adammeme.sim..", "io.github.adammeme.cli..")
            .because("the engine or the command line starts the simulator and publishes the results;"
                    + " the pipeline only evaluates");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("io.github.adammeme.(*)..")
            .should().beFreeOfCycles();

    /** A reader opening a package learns what it is for before reading any class of it. */
    @ArchTest
    static void everyPackageSaysWhatItIsFor(JavaClasses classes) {
        Set<String> packages = new TreeSet<>();
        classes.forEach(c -> packages.add(c.getPackageName()));
        List<String> undocumented = packages.stream()
                .filter(p -> !Files.exists(SOURCES.resolve(p.replace('.', '/')).resolve("package-info.java")))
                .toList();
        assertTrue(packages.size() >= 8, "the library's packages were found: " + packages);
        assertEquals(List.of(), undocumented, "packages without a package-info.java");
    }

    private static final Path SOURCES = Path.of("src", "main", "java");
}
