package io.github.adammeme.internal.sim;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.simulator.SimDialect;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Serves {@code sim:} models that have no URL from the built-in simulated mLLM, started on first use
 * and shared by every run of the process, and says so once: its scores are not a real model's.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class BuiltInSimulator implements EndpointResolver {

    /** The simulator as it starts: no latency, no faults, no noise. */
    public static final BuiltInSimulator DEFAULT = new BuiltInSimulator(SimSettings.DEFAULT);

    private final SimSettings settings;

    /** @param settings the simulator's latency, faults and noise for the runs it serves */
    public BuiltInSimulator(SimSettings settings) {
        this.settings = settings;
    }

    @Override
    public Endpoint resolve(Endpoint endpoint) {
        if (!endpoint.simulated() || endpoint.baseUrl() != null) {
            return endpoint;
        }
        boolean fresh = !SimulatedModelServer.isSharedRunning();
        SimulatedModelServer server = SimulatedModelServer.shared();
        server.configure(settings);
        if (fresh) {
            System.err.println("adammeme: no endpoint configured for " + endpoint.model()
                    + "; started the built-in simulated mLLM at " + server.baseUrl()
                    + " (its scores are simulated, not a real model's)");
        }
        return endpoint.simulatorAt(server.baseUrl(), variant(settings));
    }

    /** What sets the answers apart from the defaults' (judge noise, the strict dialect), or null: their cache keys differ. */
    static @Nullable String variant(SimSettings settings) {
        List<String> apart = new ArrayList<>();
        if (settings.judgeNoise() > 0) {
            apart.add("judge-noise=" + settings.judgeNoise());
        }
        if (settings.dialect() != SimDialect.REAL) {
            apart.add("dialect=" + settings.dialect().name().toLowerCase(Locale.ROOT));
        }
        return apart.isEmpty() ? null : String.join(", ", apart);
    }
}
