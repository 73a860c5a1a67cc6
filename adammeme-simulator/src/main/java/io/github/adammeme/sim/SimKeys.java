package io.github.adammeme.sim;

import io.github.adammeme.Constants;
import io.github.adammeme.pipeline.ConfigValues;
import io.github.adammeme.pipeline.ConfigurationException;
import java.util.Map;

/** Reads the simulator's latency, faults, noise and dialect from {@code adammeme.sim.*} keys. */
public final class SimKeys {

    private SimKeys() {
    }

    /**
     * @param values {@code adammeme.sim.*} keys and their values
     * @return the settings
     */
    public static SimSettings read(Map<String, String> values) {
        return read(new ConfigValues(values));
    }

    /**
     * @param r the configured values
     * @return the settings
     * @throws ConfigurationException naming the key whose value cannot be used
     */
    public static SimSettings read(ConfigValues r) {
        SimDialect dialect = r.parse(Constants.SIM_DIALECT, SimDialect.REAL, SimDialect::parse);
        try {
            return new SimSettings(r.integer(Constants.SIM_LATENCY_MS, 0, 0, 600_000),
                    r.decimal(Constants.SIM_LATENCY_SPREAD, 0.5, 0, 3),
                    r.integer(Constants.SIM_RPM, 0, 0, 10_000_000),
                    r.decimal(Constants.SIM_FAULT_429, 0, 0, 1), r.decimal(Constants.SIM_FAULT_5XX, 0, 0, 1),
                    r.decimal(Constants.SIM_FAULT_HANG, 0, 0, 1), r.decimal(Constants.SIM_FAULT_DROP, 0, 0, 1),
                    r.decimal(Constants.SIM_FAULT_TRUNCATED, 0, 0, 1), r.decimal(Constants.SIM_FAULT_MALFORMED, 0, 0, 1),
                    r.integer(Constants.SIM_HANG_MS, 10_000, 0, 600_000), 7,
                    r.decimal(Constants.SIM_JUDGE_NOISE, 0, 0, 1), r.bool(Constants.SIM_STRUCTURED_OUTPUT, true),
                    r.integer(Constants.SIM_BATCH_DELAY_MS, 0, 0, 86_400_000), dialect);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("adammeme.sim.fault.*", "", e.getMessage());
        }
    }
}
