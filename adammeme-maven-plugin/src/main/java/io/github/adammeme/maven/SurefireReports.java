package io.github.adammeme.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.jspecify.annotations.Nullable;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What Surefire reported in this build: one {@code TEST-<class>.xml} per test class it ran, with the tests that
 * failed or broke. Surefire runs the AdamMeme suites with {@code testFailureIgnore}, so their failed pairs do not
 * stop the build; that setting covers every other test class too, and their failures are read back here.
 *
 * @param testSets every test class Surefire ran in this build
 */
record SurefireReports(List<TestSet> testSets) {

    /**
     * One test class's report.
     *
     * @param className the class Surefire ran
     * @param failed    its tests that failed or broke, each "name: message"
     * @param cases     every test it reports, with how it ended
     */
    record TestSet(String className, List<String> failed, List<TestCase> cases) {}

    /**
     * One test as Surefire reports it.
     *
     * @param name      the test's name (an AdamMeme test's display name: "FR gate: overall")
     * @param className the class Surefire files it under (an AdamMeme suite's: "Suite · target model")
     * @param result    how it ended
     */
    record TestCase(String name, String className, Result result) {}

    /** How a test ended, as the report tells it. */
    enum Result {
        /** neither failed nor skipped */
        PASSED,
        /** a failure or an error */
        FAILED,
        /** skipped or aborted */
        SKIPPED
    }

    /**
     * @param folder Surefire's reports folder
     * @param since  reports older than this were left by an earlier build and are not read
     * @return the reports this build wrote
     * @throws IOException when a report cannot be read or parsed
     */
    static SurefireReports read(Path folder, @Nullable FileTime since) throws IOException {
        if (!Files.isDirectory(folder)) {
            return new SurefireReports(List.of());
        }
        List<TestSet> sets = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("TEST-")
                            && f.getFileName().toString().endsWith(".xml"))
                    .sorted()
                    .toList()) {
                if (Files.getLastModifiedTime(file).compareTo(since) >= 0) {
                    sets.add(testSet(file));
                }
            }
        }
        return new SurefireReports(List.copyOf(sets));
    }

    private static TestSet testSet(Path file) throws IOException {
        Element suite;
        try {
            suite = parser().parse(file.toFile()).getDocumentElement();
        } catch (SAXException | ParserConfigurationException e) {
            throw new IOException("Surefire's report " + file + " cannot be read: " + e.getMessage(), e);
        }
        List<String> failed = new ArrayList<>();
        List<TestCase> all = new ArrayList<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element testCase = (Element) cases.item(i);
            Result result = testCase.getElementsByTagName("skipped").getLength() > 0 ? Result.SKIPPED : Result.PASSED;
            for (String kind : List.of("failure", "error")) {
                NodeList problems = testCase.getElementsByTagName(kind);
                if (problems.getLength() > 0) {
                    Element problem = (Element) problems.item(0);
                    String message = problem.getAttribute("message").strip();
                    failed.add(testCase.getAttribute("name") + ": "
                            + (message.isEmpty() ? problem.getAttribute("type") : firstLine(message)));
                    result = Result.FAILED;
                    break;
                }
            }
            all.add(new TestCase(testCase.getAttribute("name"), testCase.getAttribute("classname"), result));
        }
        String name = file.getFileName().toString();
        return new TestSet(
                suite.hasAttribute("name")
                        ? suite.getAttribute("name")
                        : name.substring("TEST-".length(), name.length() - ".xml".length()),
                List.copyOf(failed),
                List.copyOf(all));
    }

    private static String firstLine(String message) {
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end).strip();
    }

    /** A parser that reads no DTD and no external entity: a report is data, not instructions. */
    private static DocumentBuilder parser() throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setExpandEntityReferences(false);
        return factory.newDocumentBuilder();
    }

    /**
     * @param className a test class
     * @return whether Surefire ran it in this build
     */
    boolean ran(String className) {
        return testSets.stream().anyMatch(t -> t.className().equals(className));
    }

    /**
     * The failed tests of every class that is none of these suites.
     *
     * @param suites the AdamMeme suites, whose failed pairs are the release decision's business
     * @return "Class.test: message", one per failed test
     */
    List<String> failedOutside(List<String> suites) {
        List<String> failed = new ArrayList<>();
        for (TestSet set : testSets) {
            if (!suites.contains(set.className())) {
                set.failed().forEach(f -> failed.add(set.className() + "." + f));
            }
        }
        return failed;
    }

    /**
     * @param classNames the AdamMeme suites
     * @return every test Surefire reports of them
     */
    List<TestCase> casesOf(List<String> classNames) {
        return testSets.stream()
                .filter(t -> classNames.contains(t.className()))
                .flatMap(t -> t.cases().stream())
                .toList();
    }

    /**
     * @param className a suite
     * @return its failed tests, when Surefire ran it
     */
    List<String> failedIn(String className) {
        return testSets.stream()
                .filter(t -> t.className().equals(className))
                .findFirst()
                .map(TestSet::failed)
                .orElse(List.of());
    }
}
