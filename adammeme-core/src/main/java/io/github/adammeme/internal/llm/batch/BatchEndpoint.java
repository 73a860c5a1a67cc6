package io.github.adammeme.internal.llm.batch;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.HttpResponse;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.batches.Batch;
import com.openai.models.batches.BatchCreateParams;
import com.openai.models.files.FileCreateParams;
import com.openai.models.files.FilePurpose;
import io.github.adammeme.internal.llm.DataUrls;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.http.BoundedAnswers;
import io.github.adammeme.internal.llm.http.Redirects;
import io.github.adammeme.internal.llm.http.SameServerRedirects;
import io.github.adammeme.internal.util.JsonLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * OpenAI's Files and Batch APIs on openai-java, as batch mode uses them: upload a JSONL file of
 * requests, create a batch on {@code /v1/chat/completions} with a 24-hour window, retrieve and cancel
 * it, find it again by its input file, and read its output and error files line by line.
 */
final class BatchEndpoint implements AutoCloseable {

    /** An upload of up to 200 MB, or a download of a large output file, takes longer than one chat call. */
    private static final Duration TRANSFER_TIMEOUT = Duration.ofMinutes(10);
    /** Batches looked through when finding one by its input file: far more than one run makes in a day. */
    private static final int FIND_LIMIT = 1_000;
    /** A line of an output file is one chat completion; past this it is no answer (as {@link BoundedAnswers}). */
    static final int MAX_LINE_BYTES = (int) BoundedAnswers.MAX_BYTES;

    /** Reads a downloaded file's lines. */
    @FunctionalInterface
    interface LineReader {
        void read(JsonLines lines) throws IOException;
    }

    private final OpenAIClient client;
    private final JsonMapper mapper;
    private final String who;

    BatchEndpoint(Endpoint endpoint, DataUrls dataUrls) {
        this.who = endpoint.model() + " at " + endpoint.identity();
        this.mapper = dataUrls.mapper();
        this.client = OpenAIOkHttpClient.builder()
                .baseUrl(endpoint.baseUrl())
                .jsonMapper(mapper)
                .apiKey(OpenAiChatModel.apiKey(endpoint))
                .timeout(TRANSFER_TIMEOUT)
                // Polls and downloads are safe to repeat; a lost poll costs nothing but the next one.
                .maxRetries(2)
                .followRedirects(false)
                .addInterceptor(new SameServerRedirects())
                .build();
    }

    /** @return the writer and reader of request and answer bodies, as synchronous calls use it */
    JsonMapper mapper() {
        return mapper;
    }

    /** @return the id of the uploaded file of requests */
    String upload(Path jsonl) {
        return call(
                "upload a batch input file",
                () -> client.files()
                        .create(FileCreateParams.builder()
                                .file(jsonl)
                                .purpose(FilePurpose.BATCH)
                                .build())
                        .id());
    }

    /** @return the batch made of the uploaded file */
    Batch create(String inputFileId) {
        return call(
                "create a batch of file " + inputFileId,
                () -> client.batches()
                        .create(BatchCreateParams.builder()
                                .inputFileId(inputFileId)
                                .endpoint(BatchCreateParams.Endpoint.V1_CHAT_COMPLETIONS)
                                .completionWindow(BatchCreateParams.CompletionWindow._24H)
                                .build()));
    }

    /**
     * The batch made of this input file, if one was: a process killed between creating a batch and
     * recording it finds it here instead of paying for its calls twice.
     */
    Optional<Batch> findByInputFile(String inputFileId) {
        return call(
                "list batches",
                () -> client.batches().list().autoPager().stream()
                        .limit(FIND_LIMIT)
                        .filter(b -> b.inputFileId().equals(inputFileId))
                        .findFirst());
    }

    /** @return the batch, or empty when the endpoint does not know it (gone, or never made there) */
    Optional<Batch> retrieve(String batchId) {
        try {
            return Optional.of(
                    call("retrieve batch " + batchId, () -> client.batches().retrieve(batchId)));
        } catch (ModelCallException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    void cancel(String batchId) {
        call("cancel batch " + batchId, () -> client.batches().cancel(batchId));
    }

    /** Streams a file's lines to {@code reader}, each bounded; nothing of the file is held beyond one line. */
    void read(String fileId, LineReader reader) {
        call("download file " + fileId, () -> {
            try (HttpResponse response = client.files().content(fileId);
                    JsonLines lines = new JsonLines(response.body(), MAX_LINE_BYTES)) {
                reader.read(lines);
                return null;
            } catch (JsonLines.BadLine e) {
                throw new UncheckedIOException("line " + e.line() + " of " + fileId + ": " + e.getMessage(), e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** openai-java's failures as {@link ModelCallException}s; their messages may quote a body, so no cause is kept. */
    private <T> T call(String what, Supplier<T> action) {
        try {
            return action.get();
        } catch (OpenAIServiceException e) {
            int status = e.statusCode();
            boolean retryable = status == 408 || status == 409 || status == 429 || status >= 500;
            String hint = status == 404 && what.startsWith("upload")
                    ? " (does the endpoint serve OpenAI's Batch API? Without it, turn adammeme.batch off)"
                    : "";
            throw new ModelCallException(
                    who + " answered HTTP " + status + " when asked to " + what + ": "
                            + abbreviate(String.valueOf(e.getMessage())) + hint,
                    null,
                    status,
                    retryable,
                    null);
        } catch (OpenAIException | UncheckedIOException e) {
            Redirects.Refused redirect = Redirects.among(e);
            if (redirect != null) {
                throw new ModelCallException(
                        who + " could not " + what + ": " + redirect.getMessage(),
                        null,
                        redirect.status(),
                        false,
                        null);
            }
            // A file with a line no answer can fit is the same file when downloaded again.
            boolean retryable = !(e.getCause() instanceof JsonLines.BadLine);
            throw new ModelCallException(
                    who + " could not " + what + ": " + abbreviate(String.valueOf(e.getMessage())),
                    null,
                    -1,
                    retryable,
                    null);
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }

    @Override
    public void close() {
        client.close();
    }
}
