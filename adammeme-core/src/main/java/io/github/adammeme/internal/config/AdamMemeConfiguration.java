package io.github.adammeme.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.RunPublisher;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Everything a run is told, typed: what to evaluate and how (one configuration per target model), how the built-in
 * simulator behaves, what the run publishes and the release checks it holds, and how it reports progress. Read once,
 * by {@link ConfigurationReader}, from the test engine's configuration parameters or the command line's arguments.
 *
 * @param evaluations one evaluation per target model, in the order they were listed, alike in everything else
 * @param simulator   the built-in simulator's latency, faults, judge noise and dialect
 * @param publishing  the baseline (already read), the history, the bank and the gates
 * @param progress    whether a progress line is drawn while the run works
 * @param dryRun      whether the run only plans its calls and makes none
 */
@API(status = INTERNAL, since = "0.1.0")
public record AdamMemeConfiguration(
        List<EvaluationConfig> evaluations,
        SimSettings simulator,
        RunPublisher.Options publishing,
        boolean progress,
        boolean dryRun) {

    /**
     * @param evaluations at least one
     * @param simulator   the simulator's settings
     * @param publishing  what the run publishes
     * @param progress    whether a progress line is drawn
     * @param dryRun      whether the run only plans
     */
    public AdamMemeConfiguration {
        evaluations = List.copyOf(evaluations);
        if (evaluations.isEmpty()) {
            throw new IllegalArgumentException("a configuration evaluates at least one target");
        }
        Objects.requireNonNull(simulator, "simulator");
        Objects.requireNonNull(publishing, "publishing");
    }

    /** @return the evaluation of the first (or only) target */
    public EvaluationConfig evaluation() {
        return evaluations.get(0);
    }
}
