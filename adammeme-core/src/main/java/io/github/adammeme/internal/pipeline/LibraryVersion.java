package io.github.adammeme.internal.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The library's version, as its build wrote it into the jar; reports and run records name it. */
public final class LibraryVersion {

    private LibraryVersion() {
    }

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
