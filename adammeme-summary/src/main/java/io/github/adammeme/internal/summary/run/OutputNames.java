package io.github.adammeme.internal.summary.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apiguardian.api.API;

/**
 * Folder and file names made from model ids, which users and endpoints choose: {@code ..},
 * {@code /etc} or {@code a/b} must become a safe name inside the output folder, never a path that
 * leaves it. Two models of one run whose names come out the same are refused where the run is
 * configured.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class OutputNames {

    static final int MAX_LENGTH = 80;

    private OutputNames() {}

    /**
     * Letters, digits, '.', '_' and '-' are kept and anything else becomes '-' ({@code sim:keyword} is
     * {@code sim-keyword}); leading dots go, so no name is {@code .} or {@code ..}; a name with nothing
     * left is {@code model-} and a digest of the id.
     *
     * @param id a model id
     * @return the safe name
     */
    public static String of(String id) {
        String safe = id.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[.-]+", "");
        if (safe.length() > MAX_LENGTH) {
            safe = safe.substring(0, MAX_LENGTH);
        }
        return safe.isEmpty() ? "model-" + sha256Prefix(id) : safe;
    }

    /**
     * {@code base} joined with the name made of {@code id}, checked to stay inside {@code base}.
     *
     * @param base the output folder
     * @param id a model id
     * @return the path inside {@code base}
     * @throws IllegalArgumentException when the name would leave {@code base}
     */
    public static Path inside(Path base, String id) {
        Path resolved = base.resolve(of(id)).normalize();
        if (!resolved.startsWith(base.normalize()) || resolved.equals(base.normalize())) {
            throw new IllegalArgumentException("the name made of '" + id + "' leaves " + base);
        }
        return resolved;
    }

    /** Eight hex digits of the id's SHA-256: a folder name for an id with no safe character of its own. */
    private static String sha256Prefix(String id) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
