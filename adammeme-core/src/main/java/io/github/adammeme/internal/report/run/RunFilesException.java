package io.github.adammeme.internal.report.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.ReportText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * A run's own files (summary.json, samples.jsonl, memes.jsonl) could not be written: the message names the file and
 * why (a full disk, the file-size limit, a folder that cannot be written), in one line; the figures exist, on the
 * console and in the tests, but the folder does not hold them.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunFilesException extends UncheckedIOException {

    private static final long serialVersionUID = 1L;

    /**
     * @param file  the file that could not be written
     * @param cause why
     */
    public RunFilesException(Path file, IOException cause) {
        super(
                ReportText.plain("cannot write " + file.toAbsolutePath() + ": "
                        + (cause.getMessage() != null
                                ? cause.getMessage()
                                : cause.getClass().getSimpleName())),
                cause);
    }
}
