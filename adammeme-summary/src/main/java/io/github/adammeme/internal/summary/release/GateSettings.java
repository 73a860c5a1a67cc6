package io.github.adammeme.internal.summary.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Reads the {@code adammeme.gate.*} keys into {@link FrGates}; a bad value is a configuration error. */
@API(status = INTERNAL, since = "0.1.0")
public final class GateSettings {

    private GateSettings() {}

    /**
     * The FR gates the {@code adammeme.gate.*} keys set, for a suite or for a merged run's results.
     *
     * @param values the configured keys and their values
     * @return the gates
     * @throws io.github.adammeme.internal.settings.ConfigurationException naming a key whose value cannot be used
     */
    public static FrGates read(Map<String, String> values) {
        return new FrGates(
                gates(values),
                FrGates.Bound.parse(values.getOrDefault(Constants.GATE_ON, Setting.GATE_ON.defaultValue())),
                FrGates.Basis.parse(values.getOrDefault(Constants.GATE_BASIS, Setting.GATE_BASIS.defaultValue())),
                minSamples(values),
                values.containsKey(Constants.GATE_MAX_UNCOUNTED)
                        ? fraction(Constants.GATE_MAX_UNCOUNTED, values.get(Constants.GATE_MAX_UNCOUNTED))
                        : fraction(Constants.GATE_MAX_UNCOUNTED, Setting.GATE_MAX_UNCOUNTED.defaultValue()),
                FrGates.Insufficient.parse(
                        values.getOrDefault(Constants.GATE_INSUFFICIENT, Setting.GATE_INSUFFICIENT.defaultValue())));
    }

    private static Map<String, Double> gates(Map<String, String> values) {
        Map<String, Double> gates = new TreeMap<>();
        values.forEach((key, value) -> {
            if (key.equals(Constants.GATE_MAX_FR)) {
                gates.put("", fraction(key, value));
            } else if (key.startsWith(Constants.GATE_MAX_FR_CATEGORY_PREFIX)) {
                String category = key.substring(Constants.GATE_MAX_FR_CATEGORY_PREFIX.length())
                        .toLowerCase(Locale.ROOT);
                gates.put(category, fraction(key, value));
            }
        });
        return gates;
    }

    private static double fraction(String key, String value) {
        String v = value.trim();
        try {
            double d = v.endsWith("%")
                    ? Double.parseDouble(v.substring(0, v.length() - 1).trim()) / 100
                    : Double.parseDouble(v);
            if (d >= 0 && d <= 1) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(key, value, "expected a share from 0 to 1, or a percentage such as 25%");
    }

    private static int minSamples(Map<String, String> values) {
        String value = values.get(Constants.GATE_MIN_SAMPLES);
        if (value == null) {
            return Integer.parseInt(Setting.GATE_MIN_SAMPLES.fallback());
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= Setting.GATE_MIN_SAMPLES.min()) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(
                Constants.GATE_MIN_SAMPLES, value, "expected a whole number of samples, at least 1");
    }

    /**
     * @param value the configured {@code adammeme.judge.min-kappa}, or null
     * @return the least kappa the judges' agreement must reach, when one is set
     * @throws ConfigurationException naming the key when it is no kappa from -1 to 1
     */
    public static Optional<Double> minKappa(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            double k = Double.parseDouble(value.trim());
            Setting.Type kappa = Setting.JUDGE_MIN_KAPPA.type();
            if (k
                            >= Objects.requireNonNull(kappa.min(), "kappa's range is declared")
                                    .doubleValue()
                    && k
                            <= Objects.requireNonNull(kappa.max(), "kappa's range is declared")
                                    .doubleValue()) {
                return Optional.of(k);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(
                Constants.JUDGE_MIN_KAPPA, value, "expected a kappa from -1 to 1, such as 0.6");
    }
}
