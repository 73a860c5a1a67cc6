package io.github.adammeme.internal.report.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.text.ReportText;
import io.github.adammeme.internal.text.Secrets;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Who answered a test: the target, and the agents (the controller's model, which wrote the reference and the score),
 * each the built-in simulator or an endpoint of the user's, named by its address without credentials. Each test
 * carries them as tags, so a reader of one failed pair sees whether a real model failed it and a real judge scored it.
 *
 * @param target    what answered as the target: "built-in simulator", or the endpoint's address
 * @param agents    what answered as the agents
 * @param simulated whether a simulated model played either
 */
@API(status = INTERNAL, since = "0.1.0")
public record RoleEndpoints(String target, String agents, boolean simulated) {

    /** What a role played by the simulator the engine starts on this machine is called. */
    public static final String BUILT_IN = "built-in simulator";

    /**
     * @param target     the target's endpoint as configured
     * @param controller the controller's
     * @return the roles' endpoints
     */
    public static RoleEndpoints of(Endpoint target, Endpoint controller) {
        return new RoleEndpoints(describe(target), describe(controller), target.simulated() || controller.simulated());
    }

    /**
     * The built-in simulator for a simulated model the engine serves (no address yet, or one on this machine), the
     * address otherwise, with any credential in it redacted.
     */
    static String describe(Endpoint e) {
        String url = e.baseUrl();
        boolean here = url == null || url.startsWith("http://127.0.0.1") || url.startsWith("http://localhost");
        if (e.simulated() && here) {
            return BUILT_IN;
        }
        return (e.simulated() ? "simulator at " : "") + (url == null ? "the default endpoint" : Secrets.redact(url));
    }

    /** @return the tags a test carries: "target: built-in simulator", "agents: https://api.openai.com/v1" */
    public List<String> tags() {
        return List.of(ReportText.plain("target: " + target), ReportText.plain("agents: " + agents));
    }
}
