package io.github.adammeme.internal.llm.batch;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Batch mode ({@code adammeme.batch.*}): which roles' calls go through OpenAI's Batch API, at its
 * discount, instead of being made at once, and how their batches are gathered and waited for.
 *
 * @param enabled     whether batch mode is on
 * @param roles       the roles whose calls are batched, in lower case ({@code miner}, {@code target} ...)
 * @param maxRequests calls in one batch: a batch is sent once it holds this many
 * @param quiet       a batch holding fewer is sent once no call has joined it for this long
 * @param poll        time between asking the endpoint how a batch is doing
 * @param maxWait     the longest a batch is waited for; then it is cancelled, and its unanswered calls fail
 * @param journal     where batches sent and not yet finished are remembered, so a restarted run waits on
 *                    them instead of paying for their calls again
 */
@API(status = INTERNAL, since = "0.1.0")
public record BatchSettings(
        boolean enabled,
        Set<String> roles,
        int maxRequests,
        Duration quiet,
        Duration poll,
        Duration maxWait,
        Path journal) {

    /** Every role a call can be made for, as the agents name them (and the usage table shows them). */
    public static final List<String> ROLES = List.of(
            "Miner",
            "Examiner",
            "Judge",
            "Narrator",
            "Candidate",
            "Senior",
            "Target",
            "Scorer",
            "RefusalCheck",
            "Refiner");

    /**
     * The target-independent calls (mining, misbeliefs, references) and the target's: the bulk of a run's
     * calls, asked many at a time. The Scorer, refusal check and Refiner are asked one step of a
     * refinement chain after another, where each batch's wait would add up.
     */
    public static final Set<String> DEFAULT_ROLES =
            Set.of("miner", "examiner", "judge", "narrator", "candidate", "senior", "target");

    /** Batch mode off: every call is made at once. */
    public static final BatchSettings OFF = new BatchSettings(
            false,
            DEFAULT_ROLES,
            1_000,
            Duration.ofSeconds(2),
            Duration.ofSeconds(30),
            Duration.ofHours(25),
            Path.of(".adammeme", "batches.jsonl"));

    /**
     * Keeps its own copy of the roles.
     *
     * @param enabled whether batch mode is on
     * @param roles the roles whose calls are batched
     * @param maxRequests calls in one batch
     * @param quiet how long a batch waits for more calls
     * @param poll time between polls
     * @param maxWait the longest a batch is waited for
     * @param journal where pending batches are remembered
     */
    public BatchSettings {
        roles = Set.copyOf(roles.stream().map(r -> r.toLowerCase(Locale.ROOT)).toList());
    }

    /**
     * @param role the role making a call, as the agents name it
     * @return whether that call goes into a batch
     */
    public boolean batches(String role) {
        return enabled && roles.contains(role.toLowerCase(Locale.ROOT));
    }
}
