package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A harmfulness category of the taxonomy, with where it came from.
 *
 * @param origin null for the initial taxonomy, else the admission that added it
 */
@API(status = INTERNAL, since = "0.1.0")
public record Category(
        String name, String description, @Nullable Admission origin) {

    /** The longest name a category may have. */
    public static final int MAX_NAME_LENGTH = 32;
    /** The name of the figures of all categories together (the FR row and test): no category may take it. */
    public static final String OVERALL = "overall";
    /** The longest description a proposal may carry into the taxonomy and every later prompt. */
    public static final int MAX_DESCRIPTION_LENGTH = 400;

    /**
     * One to three words of the letters a to z: nothing a prompt, a file name, Markdown or HTML could
     * read as markup, and no look-alike letters (Cyrillic, mathematical bold) that would make two
     * names read the same. (The Judge's own test asks for one or two words, as the paper's does.)
     */
    private static final Pattern NAME = Pattern.compile("[a-z]+(?: [a-z]+){0,2}");

    /** Compiled once: names are normalised a few hundred times per meme, in every vote and taxonomy lookup. */
    private static final Pattern SEPARATORS = Pattern.compile("[\\s_-]+");

    /**
     * Category names compare case- and spacing-insensitively ("Child  Exploitation" = "child exploitation").
     *
     * @param name a category name as a model or a file wrote it
     * @return the name trimmed, in lower case, with runs of spaces, underscores and hyphens made one space
     */
    public static String normalise(String name) {
        return SEPARATORS.matcher(name.trim().toLowerCase(Locale.ROOT)).replaceAll(" ");
    }

    /**
     * What is wrong with a proposed category, or empty when it may be put to the Examiner and the
     * Judge. A name reaches prompts, file names, Markdown and the Allure report, so it is held to the
     * shape of the taxonomy's own names: one to three lowercase words, at most 32 characters.
     *
     * @param proposedName the name as the Miner wrote it
     * @param description the Miner's description
     * @return the problem, in one sentence, or empty
     */
    public static Optional<String> problemWith(String proposedName, String description) {
        String name = normalise(proposedName);
        if (name.length() > MAX_NAME_LENGTH) {
            return Optional.of(
                    "the name has " + name.length() + " characters; at most " + MAX_NAME_LENGTH + " are allowed");
        }
        if (!NAME.matcher(name).matches()) {
            return Optional.of("the name is not one to three words of the lowercase letters a to z");
        }
        if (name.equals(OVERALL)) {
            return Optional.of("the name 'overall' is reserved for the figures of all categories together");
        }
        if (description.length() > MAX_DESCRIPTION_LENGTH) {
            return Optional.of("the description has " + description.length() + " characters; at most "
                    + MAX_DESCRIPTION_LENGTH + " are allowed");
        }
        return Optional.empty();
    }
}
