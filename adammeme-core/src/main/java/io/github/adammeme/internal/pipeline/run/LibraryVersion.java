package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apiguardian.api.API;

/** The library's version, as its build wrote it into the jar; reports and run records name it. */
@API(status = INTERNAL, since = "0.1.0")
public final class LibraryVersion {

    private LibraryVersion() {}

    /**
     * The library's version, from the jar's build.
     *
     * @return the version, or "unknown"
     */
    public static String current() {
        try (InputStream in = LibraryVersion.class.getResourceAsStream("/io/github/adammeme/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
