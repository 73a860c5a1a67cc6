package io.github.adammeme.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.adammeme.Constants;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The keyword suite in a JVM of its own, for cases that need an environment of their own (a key in
 * a variable): {@code key=value...}. Prints what a build's console and Surefire report would show:
 * discovery issues, and every test that did not pass with its message and trace.
 * Not a test itself; the bad-input suite starts it as a child process.
 */
final class BadInputChild {

    private BadInputChild() {}

    public static void main(String[] args) {
        EngineTestKit.Builder kit =
                EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectClass(Suites.Keyword.class));
        for (String arg : args) {
            int eq = arg.indexOf('=');
            kit.configurationParameter(arg.substring(0, eq), arg.substring(eq + 1));
        }
        kit.discover()
                .getDiscoveryIssues()
                .forEach(i -> System.out.println("discovery issue (" + i.severity() + "): " + i.message()));
        EngineExecutionResults results = kit.execute();
        results.allEvents().finished().list().forEach(e -> {
            TestExecutionResult r = e.getPayload(TestExecutionResult.class).orElseThrow();
            if (r.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                System.out.println(
                        "test " + r.getStatus() + ": " + e.getTestDescriptor().getDisplayName());
                r.getThrowable().ifPresent(t -> {
                    StringWriter trace = new StringWriter();
                    t.printStackTrace(new PrintWriter(trace));
                    System.out.println(trace);
                });
            }
        });
        results.allEvents()
                .reportingEntryPublished()
                .list()
                .forEach(e ->
                        System.out.println("report entry: " + e.getPayload().orElse(null)));
        System.out.println("bad-input child: " + results.testEvents().finished().count() + " tests finished, "
                + results.testEvents().failed().count() + " failed");
        System.exit(0);
    }
}
