package io.github.adammeme.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.adammeme.internal.erasure.builtin.PrintedText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * The project's layering, checked on the main classes of every module (core, eraser, simulator, engine,
 * command line): the engine knows the pipeline and the pipeline knows nothing of JUnit, reports,
 * the simulator or the command line. The modules' own boundaries are rules on the packages each
 * module holds; Maven holds them too, since a module does not compile against what its pom lacks.
 */
@AnalyzeClasses(
        packages = "io.github.adammeme",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.DoNotIncludeTestJars.class})
class ArchitectureTest {

    /**
     * The modules whose classes and sources are checked, as folders beside this one. adammeme-integration-tests has
     * no main code: its tests are there as users of the public types they name.
     */
    private static final List<Path> MODULES = Stream.of(
                    "adammeme-summary",
                    "adammeme-core",
                    "adammeme-erasure",
                    "adammeme-simulator",
                    "adammeme-junit",
                    "adammeme-cli",
                    "adammeme-integration-tests")
            .map(m -> Path.of("..", m))
            .toList();

    /** The test fixtures the core and the simulator share as test-jars are tests, not main classes. */
    static final class DoNotIncludeTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }

    /** The core of the method, usable from any runner. */
    private static final String[] CORE = {
        "io.github.adammeme.internal.pipeline..",
        "io.github.adammeme.internal.agent..",
        "io.github.adammeme.internal.llm..",
        "io.github.adammeme.internal.data..",
        "io.github.adammeme.internal.erasure..",
        "io.github.adammeme.internal.retrieval.."
    };

    @ArchTest
    static final ArchRule junitOnlyInTheEngine = noClasses()
            .that()
            .resideOutsideOfPackage("io.github.adammeme.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.junit..", "org.opentest4j..")
            .because("the engine is the only part that speaks JUnit Platform; the command line runs the same"
                    + " pipeline without it");

    @ArchTest
    static final ArchRule allureWhereResultsAreWritten = noClasses()
            .that()
            .resideOutsideOfPackages(
                    "io.github.adammeme.engine..",
                    "io.github.adammeme.internal.report.allure..",
                    "io.github.adammeme.cli..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.qameta.allure..")
            .because("Allure results are written by the engine as tests run, and by the command line for a run it"
                    + " imports, both through report.allure; the method knows nothing of Allure");

    @ArchTest
    static final ArchRule allureOnlyBehindTheEnginesGuard = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.engine..")
            .and()
            .doNotHaveSimpleName("AllureBridge")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.qameta.allure..", "io.github.adammeme.internal.report.allure..")
            .because(
                    "allure-junit-platform is optional: AllureBridge asks AllureSupport before it names an Allure class,"
                            + " so a build without Allure never loads one");

    @ArchTest
    static final ArchRule theEngineAndTheCommandLineKnowNothingOfEachOther = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.cli..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.github.adammeme.engine..")
            .orShould()
            .dependOnClassesThat()
            .resideInAnyPackage("org.junit..", "org.opentest4j..")
            .because("the command line runs without JUnit, and the engine and it share only the method and its"
                    + " reports");

    @ArchTest
    static final ArchRule theEngineKnowsNoCommand = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.github.adammeme.cli..")
            .because("the command line is a runner beside the engine, not a part of it");

    @ArchTest
    static final ArchRule theEngineFindsTheSimulatorThroughServiceLoader = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.github.adammeme.internal.sim..")
            .because("the simulator is the offline default, not a part of the engine: a build without it runs real"
                    + " models (llm.simulator.Simulators finds it)");

    @ArchTest
    static final ArchRule theSimulatorKnowsOnlyTheModelsItPlays = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.internal.sim..")
            .should()
            .dependOnClassesThat(JavaClass.Predicates.resideInAnyPackage(
                            "io.github.adammeme.internal.pipeline..",
                            "io.github.adammeme.internal.config..",
                            "io.github.adammeme.internal.settings..",
                            "io.github.adammeme.internal.report..",
                            "io.github.adammeme.internal.summary..",
                            "io.github.adammeme.internal.data..",
                            "io.github.adammeme.internal.erasure..",
                            "io.github.adammeme.engine..",
                            "io.github.adammeme.cli..")
                    .and(DescribedPredicate.not(JavaClass.Predicates.equivalentTo(PrintedText.class))))
            .because(
                    "the simulator is handed its settings, typed, by whoever starts it; it reads no configuration of"
                            + " its own and knows nothing of the method it serves (it reads the text printed on a picture it is"
                            + " shown, as a model sees it, with the eraser's OCR, and nothing else of the data or the erasure package)");

    @ArchTest
    static final ArchRule theEraserKnowsOnlyMemesAndPictures = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.internal.erasure..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.github.adammeme.internal.pipeline..",
                    "io.github.adammeme.internal.agent..",
                    "io.github.adammeme.internal.retrieval..",
                    "io.github.adammeme.internal.config..",
                    "io.github.adammeme.internal.settings..",
                    "io.github.adammeme.internal.report..",
                    "io.github.adammeme.internal.summary..")
            .because("the text eraser takes a meme and its picture and gives the picture back erased; it knows nothing"
                    + " of the method, so it can stand on its own");

    @ArchTest
    static final ArchRule theDataKnowsNoEraser = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.internal.data..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.github.adammeme.internal.erasure..")
            .because("datasets and pictures are read the same whether or how their text is erased: the eraser builds"
                    + " on them, never the other way");

    @ArchTest
    static final ArchRule systemPropertiesAreReadWhereSettingsAreGathered = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("io.github.adammeme.cli.Main")
            .and()
            .doNotHaveFullyQualifiedName("io.github.adammeme.engine.SuiteValues")
            .and()
            .doNotHaveFullyQualifiedName("io.github.adammeme.engine.ScrubbedProperties")
            // JVM facts, not settings: the temporary folder, the platform's natives, the HTTP server's defaults
            .and()
            .doNotHaveFullyQualifiedName("io.github.adammeme.internal.llm.batch.BatchSpool")
            .and()
            .doNotHaveFullyQualifiedName("io.github.adammeme.internal.llm.cache.SqliteNatives")
            .and()
            .doNotHaveFullyQualifiedName("io.github.adammeme.internal.erasure.builtin.TesseractWords")
            .and()
            .doNotHaveFullyQualifiedName("io.github.adammeme.internal.sim.SimulatedModelServer")
            .should()
            .callMethod(System.class, "getProperties")
            .orShould()
            .callMethod(System.class, "getProperty", String.class)
            .orShould()
            .callMethod(System.class, "getProperty", String.class, String.class)
            .orShould()
            .callMethod(Integer.class, "getInteger", String.class)
            .orShould()
            .callMethod(Long.class, "getLong", String.class)
            .orShould()
            .callMethod(Boolean.class, "getBoolean", String.class)
            .because("settings are gathered once, by the engine from its configuration parameters and by the command"
                    + " line in Main, then read as one configuration: a key read anywhere else would escape the check"
                    + " that names a misspelt one");

    @ArchTest
    static final ArchRule theCoreKnowsNoRunnerReportOrSimulator = noClasses()
            .that()
            .resideInAnyPackage(CORE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.github.adammeme.engine..",
                    "io.github.adammeme.internal.report..",
                    "io.github.adammeme.internal.sim..",
                    "io.github.adammeme.cli..")
            .because("the engine or the command line starts the simulator and publishes the results;"
                    + " the pipeline only evaluates");

    /** The packages of adammeme-core (erasure's settings and its SPI, not its eraser). */
    private static final String[] CORE_MODULE = {
        "io.github.adammeme.internal.agent..",
        "io.github.adammeme.internal.data..",
        "io.github.adammeme.internal.erasure",
        "io.github.adammeme.internal.llm..",
        "io.github.adammeme.internal.pipeline..",
        "io.github.adammeme.internal.retrieval..",
        "io.github.adammeme.internal.report..",
        "io.github.adammeme.internal.util..",
        "io.github.adammeme.internal.config.."
    };

    /** The packages of adammeme-summary: the root package's Constants, the settings table and printable text. */
    private static final String[] SUMMARY_MODULE = {
        "io.github.adammeme",
        "io.github.adammeme.internal.settings..",
        "io.github.adammeme.internal.text..",
        "io.github.adammeme.internal.summary.."
    };

    @ArchTest
    static final ArchRule theSummaryModuleStandsAlone = classes()
            .that()
            .resideInAnyPackage(SUMMARY_MODULE)
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(
                    "io.github.adammeme",
                    "io.github.adammeme.internal.settings..",
                    "io.github.adammeme.internal.text..",
                    "io.github.adammeme.internal.summary..",
                    "java..",
                    "com.fasterxml.jackson..",
                    "org.apiguardian..",
                    "org.jspecify..")
            .because("adammeme-summary is what the Maven plugin and the command line's gate read without the"
                    + " method: the settings table, a run's recorded figures, the FR table and the release decision,"
                    + " with nothing of the core, its model client or its native libraries");

    @ArchTest
    static final ArchRule theCoreModuleKnowsNoRunnerNorTheSimulator = noClasses()
            .that()
            .resideInAnyPackage(CORE_MODULE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.github.adammeme.engine..",
                    "io.github.adammeme.internal.sim..",
                    "io.github.adammeme.internal.erasure.builtin..",
                    "io.github.adammeme.cli..",
                    "org.junit..",
                    "org.opentest4j..",
                    "org.bytedeco..")
            .because("adammeme-core is the method without a runner: the engine, the eraser, the simulator and the"
                    + " command line build on it, never the other way (it finds the eraser through ServiceLoader)");

    @ArchTest
    static final ArchRule theErasureModuleKnowsOnlyTheCore = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.internal.erasure.builtin..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.github.adammeme.engine..",
                    "io.github.adammeme.internal.sim..",
                    "io.github.adammeme.cli..",
                    "org.junit..",
                    "org.opentest4j..")
            .because("adammeme-erasure depends on adammeme-core alone: the simulator reads with it, the engine and the"
                    + " command line bring it");

    @ArchTest
    static final ArchRule theEraserIsFoundThroughServiceLoader = noClasses()
            .that()
            .resideOutsideOfPackages(
                    "io.github.adammeme.internal.erasure.builtin..", "io.github.adammeme.internal.sim..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.github.adammeme.internal.erasure.builtin..")
            .because("a build may leave adammeme-erasure out: the core finds the built-in eraser through ServiceLoader"
                    + " (TextErasure), and only the simulator's picture reader names its OCR, guarded");

    @ArchTest
    static final ArchRule onlyTheEraserSpeaksTesseract = noClasses()
            .that()
            .resideOutsideOfPackage("io.github.adammeme.internal.erasure.builtin..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.bytedeco..")
            .because("one OCR stack, in one module: whoever reads printed text reads it through the eraser");

    @ArchTest
    static final ArchRule theSimulatorKnowsOnlyTheCore = noClasses()
            .that()
            .resideInAPackage("io.github.adammeme.internal.sim..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.github.adammeme.engine..", "io.github.adammeme.cli..", "org.junit..", "org.opentest4j..")
            .because("adammeme-simulator depends on adammeme-core, and on adammeme-erasure for its picture reader's"
                    + " OCR alone: the engine and the command line start it");

    @ArchTest
    static final ArchRule noPackageCycles =
            slices().matching("io.github.adammeme.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule noCyclesInsideTheImplementation =
            slices().matching("io.github.adammeme.internal.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule everyPublicTypeSaysWhatItPromises = classes()
            .that()
            .arePublic()
            .and()
            .areTopLevelClasses()
            .should()
            .beAnnotatedWith(API.class)
            .because("a user may rely on what is public, so each public type says whether it is the library's promise"
                    + " (STABLE) or its implementation (INTERNAL), as JUnit's own types do");

    @ArchTest
    static final ArchRule theImplementationPromisesNothing = classes()
            .that()
            .resideInAPackage("..internal..")
            .and()
            .areAnnotatedWith(API.class)
            .should()
            .beAnnotatedWith(apiStatus("INTERNAL"))
            .because("a type in an internal package may change in any release");

    /** An {@code @API} annotation of the given status; the annotation is kept in the class file, where ArchUnit reads it. */
    private static DescribedPredicate<JavaAnnotation<?>> apiStatus(String status) {
        return DescribedPredicate.describe(
                "@API(status = " + status + ")",
                a -> a.getRawType().isEquivalentTo(API.class)
                        && a.get("status")
                                .filter(v -> v instanceof JavaEnumConstant c
                                        && c.name().equals(status))
                                .isPresent());
    }

    /** The Maven plugin is not on this module's classpath: its goal is checked in its sources. */
    @Test
    void theMavenPluginsPublicTypesAreTheApi() throws IOException {
        Path sources = Path.of("..", "adammeme-maven-plugin", "src", "main", "java");
        List<String> unannotated;
        try (Stream<Path> files = Files.walk(sources)) {
            unannotated = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> {
                        try {
                            String text = Files.readString(f);
                            return Pattern.compile("^public ", Pattern.MULTILINE)
                                            .matcher(text)
                                            .find()
                                    && !Pattern.compile(
                                                    "^@API\\(status = [A-Z]+[^)]*\\)\\n(@.*\\n|[ )].*\\n)*public ",
                                                    Pattern.MULTILINE)
                                            .matcher(text)
                                            .find();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .map(Path::toString)
                    .toList();
        }
        assertTrue(Files.isDirectory(sources), sources + " is beside this module");
        assertEquals(List.of(), unannotated, "public types of the Maven plugin without @API");
    }

    /** A reader opening a package learns what it is for before reading any class of it. */
    @ArchTest
    static void everyPackageSaysWhatItIsFor(JavaClasses classes) {
        Set<String> packages = new TreeSet<>();
        classes.forEach(c -> packages.add(c.getPackageName()));
        List<String> undocumented = packages.stream()
                .filter(p -> SOURCES.stream()
                        .noneMatch(
                                s -> Files.exists(s.resolve(p.replace('.', '/')).resolve("package-info.java"))))
                .toList();
        assertTrue(packages.size() >= 8, "the library's packages were found: " + packages);
        assertEquals(List.of(), undocumented, "packages without a package-info.java");
    }

    private static final List<Path> SOURCES =
            MODULES.stream().map(m -> m.resolve(Path.of("src", "main", "java"))).toList();

    /**
     * What is named from outside the library without any class of it naming it: the engine the platform loads by
     * ServiceLoader, the suite annotation, the keys, the command line, and the simulator's and the eraser's
     * providers, which ServiceLoader alone names; the engine's execution context, a type argument of the public engine's superclass;
     * and the second judge's score, which Jackson writes into samples.jsonl through a public accessor.
     */
    private static final Set<String> ENTRY_POINTS = Set.of(
            "io.github.adammeme.engine.AdamMemeTestEngine",
            "io.github.adammeme.engine.AdamMemeSuite",
            "io.github.adammeme.Constants",
            "io.github.adammeme.cli.Main",
            "io.github.adammeme.internal.sim.BuiltInSimulatorProvider",
            "io.github.adammeme.internal.erasure.builtin.BuiltinErasureProvider",
            "io.github.adammeme.engine.AdamMemeExecutionContext",
            "io.github.adammeme.internal.pipeline.result.SecondScore");

    /**
     * A public type is one another package names, itself or a type nested in it (main code, the Maven plugin's
     * included, or its tests, which use what a user would); everything else stays package-private, so a package's
     * surface is what the others need of it. Read from the sources: a constant another package reads
     * is inlined by the compiler and leaves no trace in its class.
     */
    @ArchTest
    static void typesArePublicOnlyWhereAnotherPackageUsesThem(JavaClasses main) throws IOException {
        Map<String, String> sourcesByPackage = new HashMap<>();
        // The Maven plugin names the core's types too, from a module whose classes are not on this classpath.
        List<Path> roots = Stream.of(
                        SOURCES.stream(),
                        MODULES.stream().map(m -> m.resolve(Path.of("src", "test", "java"))),
                        Stream.of(Path.of("..", "adammeme-maven-plugin", "src", "main", "java")))
                .flatMap(s -> s)
                .filter(Files::isDirectory)
                .toList();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    sourcesByPackage.merge(
                            root.relativize(f.getParent()).toString().replace('/', '.'),
                            Files.readString(f),
                            String::concat);
                }
            }
        }
        JavaClasses all = new ClassFileImporter()
                .importPaths(MODULES.stream()
                        .flatMap(m -> Stream.of(
                                m.resolve(Path.of("target", "classes")), m.resolve(Path.of("target", "test-classes"))))
                        .filter(Files::isDirectory)
                        .toList());
        List<String> needlesslyPublic = main.stream()
                .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC) && c.isTopLevelClass())
                .filter(c -> !ENTRY_POINTS.contains(c.getName()))
                .filter(c -> !usedFrom(all, c)
                        && sourcesByPackage.entrySet().stream()
                                .filter(e -> !e.getKey().equals(c.getPackageName()))
                                .noneMatch(e -> Pattern.compile(Pattern.quote(c.getName()) + "\\b")
                                        .matcher(e.getValue())
                                        .find()))
                .map(JavaClass::getName)
                .sorted()
                .toList();
        assertTrue(main.size() > 100, "the library's classes were found: " + main.size());
        assertEquals(List.of(), needlesslyPublic, "public types no other package uses");
    }

    /** Whether a class of another package depends on this type or one nested in it (a call through an accessor counts). */
    private static boolean usedFrom(JavaClasses all, JavaClass type) {
        return all.stream()
                .filter(t -> t.getName().equals(type.getName()) || t.getName().startsWith(type.getName() + "$"))
                .flatMap(t -> t.getDirectDependenciesToSelf().stream())
                .anyMatch(d -> !d.getOriginClass().getPackageName().equals(type.getPackageName()));
    }
}
