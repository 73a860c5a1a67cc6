package io.github.adammeme.agent;

import java.util.Locale;

/**
 * A harmfulness category of the taxonomy, with where it came from.
 *
 * @param origin null for the initial taxonomy, else the admission that added it
 */
public record Category(String name, String description, Admission origin) {

    /** Category names compare case- and spacing-insensitively ("Child  Exploitation" = "child exploitation"). */
    public static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", " ");
    }
}
