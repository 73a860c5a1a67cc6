package io.github.adammeme.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.simulator.SimDialect;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.pipeline.config.ConfigValues;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.PublishSettings;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import io.github.adammeme.internal.summary.run.OutputNames;
import io.github.adammeme.internal.text.Printable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Reads {@code adammeme.*} settings, already gathered from wherever they were given, into one
 * {@link AdamMemeConfiguration}. Every value is checked here, so a bad one stops discovery or the command before a
 * model is called; the keys themselves were checked by whoever gathered them, since only they know where each came
 * from.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ConfigurationReader {

    private ConfigurationReader() {}

    /**
     * @param values the {@code adammeme.*} keys and their values
     * @return the configuration they describe
     * @throws ConfigurationException naming the first key whose value cannot be used
     */
    public static AdamMemeConfiguration read(Map<String, String> values) {
        List<EvaluationConfig> evaluations = evaluations(values);
        ConfigValues r = new ConfigValues(values);
        return new AdamMemeConfiguration(
                evaluations,
                simulator(r),
                PublishSettings.read(values, evaluations.get(0)),
                r.bool(Setting.PROGRESS),
                r.bool(Setting.DRY_RUN));
    }

    /**
     * The simulator's own settings, for a command that starts only the simulator.
     *
     * @param values the {@code adammeme.*} keys and their values
     * @return the settings of {@code adammeme.sim.*}
     * @throws ConfigurationException naming the key whose value cannot be used
     */
    public static SimSettings simulator(Map<String, String> values) {
        return simulator(new ConfigValues(values));
    }

    /**
     * {@code adammeme.target.model} may list several models, comma-separated: each is evaluated with everything else
     * alike, so the target-independent calls are paid once and shared through the cache.
     */
    private static List<EvaluationConfig> evaluations(Map<String, String> values) {
        String listed = values.get(Constants.TARGET_MODEL);
        List<String> models = listed == null
                ? List.of()
                : Arrays.stream(listed.split(","))
                        .map(String::trim)
                        .filter(m -> !m.isEmpty())
                        .distinct()
                        .toList();
        if (models.size() <= 1) {
            return List.of(EvaluationConfig.from(values));
        }
        String revision = values.get(Constants.TARGET_REVISION);
        if (revision != null && !revision.isBlank()) {
            // One id for several models would key each one's answers as the same version's: never true.
            throw new ConfigurationException(
                    Constants.TARGET_REVISION,
                    Printable.line(revision, 60),
                    "declares one model's"
                            + " version, but " + Constants.TARGET_MODEL + " lists " + models.size()
                            + " targets; evaluate a"
                            + " target with a declared revision on its own");
        }
        Map<String, String> folders = new LinkedHashMap<>();
        for (String model : models) {
            String other = folders.put(OutputNames.of(model), model);
            if (other != null) {
                throw new ConfigurationException(
                        Constants.TARGET_MODEL,
                        listed,
                        "the targets '" + other + "' and '" + model + "' would share the output folder "
                                + OutputNames.of(model));
            }
        }
        Map<String, String> one = new LinkedHashMap<>(values);
        List<EvaluationConfig> evaluations = new ArrayList<>();
        for (String model : models) {
            one.put(Constants.TARGET_MODEL, model);
            evaluations.add(EvaluationConfig.from(one));
        }
        return evaluations;
    }

    /** {@code adammeme.sim.serve.<name>=<persona>}: each checked here, so a bad one is named by its key. */
    private static Map<String, String> served(ConfigValues r) {
        Map<String, String> served = new LinkedHashMap<>();
        r.values().forEach((key, value) -> {
            if (!key.startsWith(Constants.SIM_SERVE_PREFIX)) {
                return;
            }
            String name = key.substring(Constants.SIM_SERVE_PREFIX.length());
            String persona = value == null ? "" : value.trim();
            if (name.isBlank() || name.startsWith(Endpoint.SIMULATED_PREFIX)) {
                throw new ConfigurationException(
                        key,
                        value,
                        "the served name is a model name of your own; " + Endpoint.SIMULATED_PREFIX
                                + " names are the personas themselves");
            }
            if (!persona.startsWith(Endpoint.SIMULATED_PREFIX)
                    || persona.length() == Endpoint.SIMULATED_PREFIX.length()) {
                throw new ConfigurationException(
                        key,
                        value,
                        "the persona that answers under " + name + ": " + Endpoint.SIMULATED_PREFIX + "oracle, "
                                + Endpoint.SIMULATED_PREFIX + "keyword, ...");
            }
            served.put(name, persona);
        });
        return served;
    }

    private static SimSettings simulator(ConfigValues r) {
        SimDialect dialect = r.parse(Setting.SIM_DIALECT, SimDialect.REAL, SimDialect::parse);
        Map<String, String> served = served(r);
        try {
            return new SimSettings(
                    r.integer(Setting.SIM_LATENCY_MS),
                    r.decimal(Setting.SIM_LATENCY_SPREAD),
                    r.integer(Setting.SIM_RPM),
                    r.decimal(Setting.SIM_FAULT_429),
                    r.decimal(Setting.SIM_FAULT_5XX),
                    r.decimal(Setting.SIM_FAULT_HANG),
                    r.decimal(Setting.SIM_FAULT_DROP),
                    r.decimal(Setting.SIM_FAULT_TRUNCATED),
                    r.decimal(Setting.SIM_FAULT_MALFORMED),
                    r.integer(Setting.SIM_HANG_MS),
                    SimSettings.DEFAULT.seed(),
                    r.decimal(Setting.SIM_JUDGE_NOISE),
                    r.bool(Setting.SIM_STRUCTURED_OUTPUT),
                    r.integer(Setting.SIM_BATCH_DELAY_MS),
                    dialect,
                    served);
        } catch (IllegalArgumentException e) {
            // The fault rates together exceed every request: no one key is to blame.
            throw new ConfigurationException(Constants.PREFIX + "sim.fault.*", "", e.getMessage());
        }
    }
}
