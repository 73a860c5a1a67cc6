package io.github.adammeme.engine;

import io.github.adammeme.internal.settings.KnownKeys;
import java.util.Collection;
import java.util.Optional;
import org.junit.platform.engine.UniqueId;

/** The id among those a run had that is nearest to one asked for: the likely typo's correction. */
final class NearestId {

    private NearestId() {}

    /**
     * @param asked the id a selector named
     * @param ids   the ids the run had
     * @return the one with the fewest edits to {@code asked}, deepest first on a tie; empty when there are none
     */
    static Optional<UniqueId> of(UniqueId asked, Collection<UniqueId> ids) {
        String target = asked.toString();
        UniqueId best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (UniqueId id : ids) {
            int d = KnownKeys.distance(target, id.toString());
            if (d < bestDistance
                    || (d == bestDistance
                            && best != null
                            && id.getSegments().size() > best.getSegments().size())) {
                best = id;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }
}
