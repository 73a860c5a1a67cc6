package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.Verdict;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;

/**
 * The second half of refusal detection: a controller call of its own role (temperature 0, cached
 * like every call) that reads a candidate answer whole and says whether the model declined the
 * task or did it. Its Yes/No is the only thing that makes a target's answer REFUSED.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RefusalChecker {

    static final String ROLE = "RefusalCheck";

    private final AgentContext context;

    /** @param context the controller's model, templates, seed and re-ask bound */
    public RefusalChecker(AgentContext context) {
        this.context = context;
    }

    /**
     * Yes: the answer declined; No: it analysed.
     *
     * @param category the category the answer was asked about
     * @param answer the target's (or a reference agent's) answer, whole
     * @return the check's verdict, or why there is none
     */
    public CompletableFuture<Answer<Verdict>> check(String category, String answer) {
        return context.ask(
                ROLE,
                "refusal",
                Map.of("question", context.prompts().question(category), "answer", answer),
                List.of(),
                0.0,
                0,
                Verdict.PARSER);
    }
}
