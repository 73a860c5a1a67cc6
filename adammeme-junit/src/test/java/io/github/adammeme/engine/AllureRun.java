package io.github.adammeme.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The keyword suite run through the JUnit Platform launcher in a JVM of its own, with the Allure
 * listener found on the class path as a user's build finds it: {@code RESULTS_DIR key=value...}.
 * Not a test itself; tests start it as a child process.
 */
final class AllureRun {

    private AllureRun() {}

    public static void main(String[] args) {
        // Before any Allure class reads its configuration.
        System.setProperty("allure.results.directory", args[0]);
        Map<String, String> config = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            config.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        // Discovery issues printed, as a build tool prints them: a bad configuration says what is wrong.
        LauncherDiscoveryListener issues = new LauncherDiscoveryListener() {
            @Override
            public void issueEncountered(UniqueId engineId, DiscoveryIssue issue) {
                System.out.println("discovery issue (" + issue.severity() + "): " + issue.message());
            }
        };
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(Suites.Keyword.class))
                .configurationParameters(config)
                .listeners(issues)
                .build();
        LauncherFactory.create().execute(request);
        System.exit(0);
    }
}
