package io.github.adammeme.internal.llm.batch;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The batch being gathered: its request lines written to a file as calls join (each carries its
 * picture, so a thousand of them do not belong on the heap), and which role asked each call.
 */
final class BatchSpool {

    /** OpenAI takes input files of up to 200 MB. */
    static final long MAX_FILE_BYTES = 200_000_000L;

    private final Path file;
    private final OutputStream out;
    private final Map<String, String> calls = new LinkedHashMap<>();
    private long bytes;

    private BatchSpool(Path file) throws IOException {
        this.file = file;
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 64 << 10);
    }

    static BatchSpool create() {
        try {
            return new BatchSpool(Files.createTempFile("adammeme-batch-", ".jsonl"));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write a batch input file in " + System.getProperty("java.io.tmpdir") + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** Whether a line this long still fits the file; the first line always does (the endpoint judges it). */
    boolean fits(int lineBytes) {
        return calls.isEmpty() || bytes + lineBytes <= MAX_FILE_BYTES;
    }

    void add(String customId, String role, byte[] line) {
        try {
            out.write(line);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the batch input file " + file + ": " + e.getMessage(), e);
        }
        bytes += line.length;
        calls.put(customId, role);
    }

    int size() {
        return calls.size();
    }

    /** @return the calls' ids and the roles that asked them, in the file's order */
    Map<String, String> calls() {
        return calls;
    }

    /** @return the file, complete */
    Path finish() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the batch input file " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    void delete() {
        try {
            out.close();
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind; the system's temporary folder is cleaned in time
        }
    }
}
