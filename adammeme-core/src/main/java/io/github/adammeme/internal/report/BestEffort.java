package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.ReportText;
import java.io.PrintStream;
import org.apiguardian.api.API;

/**
 * A part of a run's publishing that the run's figures do not depend on: its record in the cache, the history, the
 * hard-case bank, summary.md, the charts, Allure's files. Once the figures exist, such a part failing, in any way
 * (an {@link Error} included: sqlite's native library failing to load is an {@code UnsatisfiedLinkError}), costs
 * that part only: one line names it and why, and the run goes on. Only the JVM's own failures (out of memory) pass.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class BestEffort {

    /** Longest cause a warning line carries: an exception's message can hold a whole request. */
    private static final int MAX_CAUSE = 400;

    private BestEffort() {}

    /** A part to publish. */
    @FunctionalInterface
    public interface Part {
        /**
         * @throws Exception when it cannot be done
         */
        void publish() throws Exception;
    }

    /**
     * Does one part, or says in one line why it was left out.
     *
     * @param what the part, as the line names it after "left out": "the run's record in the cache .adammeme/cache.db"
     * @param part what to do
     * @param err  where a part left out is said
     * @return whether it was done
     */
    public static boolean attempt(String what, Part part, PrintStream err) {
        try {
            part.publish();
            return true;
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Exception | Error e) {
            err.println("adammeme: left out " + ReportText.plain(what) + ": " + cause(e));
            return false;
        }
    }

    /**
     * A failure in one line: its type and every distinct message down its causes, redacted, control characters
     * shown as escapes, cut to a few hundred characters.
     *
     * @param failure what was thrown
     * @return the line
     */
    public static String cause(Throwable failure) {
        StringBuilder line = new StringBuilder(failure.getClass().getSimpleName());
        StringBuilder said = new StringBuilder();
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 4; t = t.getCause() == t ? null : t.getCause(), depth++) {
            String message = t.getMessage() == null ? "" : t.getMessage().strip();
            if (!message.isEmpty() && said.indexOf(message) < 0) {
                line.append(": ").append(message);
                said.append(message);
            } else if (t != failure) {
                // A cause that adds no words still says what went wrong: "(FileAlreadyExistsException)".
                line.append(" (").append(t.getClass().getSimpleName()).append(')');
            }
        }
        String plain = ReportText.plain(line.toString());
        return plain.length() <= MAX_CAUSE ? plain : plain.substring(0, MAX_CAUSE) + "...";
    }
}
