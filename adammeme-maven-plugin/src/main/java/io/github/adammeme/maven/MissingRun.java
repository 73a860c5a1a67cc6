package io.github.adammeme.maven;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.maven.artifact.versioning.ComparableVersion;
import org.jspecify.annotations.Nullable;

/**
 * Why a build that has AdamMeme suites left no run to decide on, said as the cause and what to change: the suite
 * never running is a failure, never a silent success. The causes are checked in the order a build meets them.
 */
final class MissingRun {

    /** The first Surefire that runs JUnit Platform engines. */
    static final ComparableVersion FIRST_PLATFORM_SUREFIRE = new ComparableVersion("2.22.0");

    private MissingRun() {}

    /**
     * @param surefireVersion  the Surefire the project runs, or null when it has none
     * @param platform         the JUnit Platform artifacts on the test classpath, by artifact id, with their versions
     * @param enginePlatform   the JUnit Platform version adammeme-junit is built with
     * @param suites           the project's AdamMeme suites
     * @param reports          what Surefire reported in this build
     * @param results          the folder the runs were looked for in
     * @param stale            a summary an earlier build left there, or null
     * @return the message
     */
    static String explain(
            @Nullable String surefireVersion,
            Map<String, String> platform,
            String enginePlatform,
            List<String> suites,
            SurefireReports reports,
            Path results,
            RunSummaries.@Nullable Summary stale) {
        String none = "no AdamMeme run to decide on: "
                + (stale == null
                        ? "no summary.json in " + results
                        : results + " holds only a summary an earlier build wrote (" + stale.written() + ")")
                + "; ";
        if (surefireVersion != null && new ComparableVersion(surefireVersion).compareTo(FIRST_PLATFORM_SUREFIRE) < 0) {
            return none + "maven-surefire-plugin " + surefireVersion
                    + " (Maven's default when the pom names no version)"
                    + " runs no JUnit 5 engine, so " + String.join(", ", suites) + " never ran: set"
                    + " maven-surefire-plugin's <version> in <build><plugins> (3.5.4 or later)";
        }
        Map<String, String> older = new TreeMap<>();
        platform.forEach((artifact, version) -> {
            if (new ComparableVersion(version).compareTo(new ComparableVersion(enginePlatform)) < 0) {
                older.put(artifact, version);
            }
        });
        if (!older.isEmpty()) {
            return none + "the test classpath holds "
                    + older.entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", "))
                    + " where adammeme-junit needs JUnit Platform " + enginePlatform
                    + ", so the suites may not have been run: import org.junit:junit-bom at the JUnit version of"
                    + " adammeme-junit in <dependencyManagement>, or drop what pins the older one";
        }
        List<String> unrun = suites.stream().filter(s -> !reports.ran(s)).toList();
        if (unrun.size() == suites.size()) {
            return none + "Surefire ran none of the AdamMeme suites (" + String.join(", ", suites)
                    + "): a class must match"
                    + " Surefire's includes (by default **/Test*.java, **/*Test.java, **/*Tests.java, **/*TestCase.java),"
                    + " and -Dtest must not leave it out";
        }
        String ran = suites.stream().filter(reports::ran).findFirst().orElseThrow();
        List<String> failed = reports.failedIn(ran);
        return none + "Surefire ran " + ran + " but it wrote no run into " + results
                + (failed.isEmpty() ? "" : " (" + failed.get(0) + ")")
                + "; if adammeme.output-dir points elsewhere, set it where this goal reads it"
                + " (junit-platform.properties or -D) or set the goal's resultsDirectory";
    }
}
