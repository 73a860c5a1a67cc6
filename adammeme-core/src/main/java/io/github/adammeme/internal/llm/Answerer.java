package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.Printable;
import java.util.Comparator;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Who an endpoint says answered: its answer's {@code model} and {@code system_fingerprint}. An alias asked by one
 * name is answered by a dated model (OpenAI's {@code gpt-4o} by {@code gpt-4o-2024-08-06}), and a backend change
 * shows as a new fingerprint, so these say which model a run really heard when its name stayed the same. An
 * endpoint's words: shown only after {@link #of} has made them one short printable line.
 *
 * @param model             the model the answer names, or null when it names none
 * @param systemFingerprint the backend configuration it names, or null
 */
@API(status = INTERNAL, since = "0.1.0")
public record Answerer(@Nullable String model, @Nullable String systemFingerprint) {

    /** The answers of an endpoint that named no model and no fingerprint. */
    public static final Answerer UNNAMED = new Answerer(null, null);

    /** By model, then fingerprint, the unnamed first: a stable order for reports. */
    public static final Comparator<Answerer> ORDER = Comparator.comparing(
                    Answerer::model, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing(Answerer::systemFingerprint, Comparator.nullsFirst(Comparator.<String>naturalOrder()));

    /** Longer than any model id or fingerprint endpoints send; a longer value is cut, not trusted. */
    static final int MOST = 120;

    /**
     * Who answered, as an endpoint reported it, made safe to print.
     *
     * @param model             the answer's {@code model}, or null
     * @param systemFingerprint its {@code system_fingerprint}, or null
     * @return who answered, or null when the endpoint named neither
     */
    public static @Nullable Answerer of(@Nullable String model, @Nullable String systemFingerprint) {
        String m = Printable.line(model, MOST);
        String f = Printable.line(systemFingerprint, MOST);
        return m == null && f == null ? null : new Answerer(m, f);
    }

    /** @return "gpt-4o-2024-08-06 (fp_6b68a8204b)", or what of it the endpoint named */
    public String describe() {
        return (model == null ? "an unnamed model" : model)
                + (systemFingerprint == null ? "" : " (" + systemFingerprint + ")");
    }
}
