package io.github.adammeme.internal.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.sim.persona.SimulatedModel;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The names the simulator serves besides the personas' own ({@value Constants#SIM_SERVE_PREFIX}{@code <name>}), as
 * {@code GET /models} lists them. vLLM lists a {@code --served-model-name} with the weights behind it as {@code root}
 * and the time the server started as {@code created}: here {@code root} is the persona, and {@code created} the time
 * that persona took the name, so a new version under the same name is seen in the listing as in the answers.
 */
final class ServedNames {

    private record Entry(String persona, long created) {}

    private volatile Map<String, Entry> entries = Map.of();

    /**
     * Serves these names from now on, and no others.
     *
     * @param names   each name mapped to a persona's id
     * @param seconds the time now, in seconds since the epoch
     * @throws IllegalArgumentException naming the key of a persona the simulator does not play; nothing changes
     */
    synchronized void serve(Map<String, String> names, long seconds) {
        Map<String, Entry> next = new LinkedHashMap<>();
        names.forEach((name, persona) -> {
            if (SimulatedModel.Persona.of(persona) == null) {
                throw new IllegalArgumentException(
                        Constants.SIM_SERVE_PREFIX + name + "=" + persona + " names no persona"
                                + " of the simulator: it plays " + String.join(", ", SimulatedModelServer.MODELS));
            }
            Entry before = entries.get(name);
            next.put(name, before != null && before.persona().equals(persona) ? before : new Entry(persona, seconds));
        });
        entries = Map.copyOf(next);
    }

    /** Adds each served name's entry to a {@code GET /models} list, in the order given. */
    void list(ArrayNode data, Iterable<String> order) {
        Map<String, Entry> now = entries;
        for (String name : order) {
            Entry e = now.get(name);
            if (e != null) {
                data.addObject()
                        .put("id", name)
                        .put("object", "model")
                        .put("created", e.created())
                        .put("owned_by", SimulatedModelServer.OWNER)
                        .put("root", e.persona());
            }
        }
    }
}
