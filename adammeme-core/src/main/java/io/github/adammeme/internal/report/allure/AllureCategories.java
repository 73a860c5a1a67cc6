package io.github.adammeme.internal.report.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;

/** {@code categories.json}: how the Allure report groups failed tests, by the messages the engine's tests give. */
@API(status = INTERNAL, since = "0.1.0")
public final class AllureCategories {

    /** The file's name in a results folder. */
    public static final String FILE = "categories.json";

    /**
     * Failure groups in the Allure report, matched on the messages the engine's sample tests and the release decision
     * write. The groups that decide a release come first, as Allure lists them in this order.
     */
    private static final String CATEGORIES = """
            [
              {"name": "FR over budget", "matchedStatuses": ["failed"], "messageRegex": "(?s).*exceeds the budget.*"},
              {"name": "Regression against the baseline", "matchedStatuses": ["failed"], "messageRegex": "(?s)significant regression in .*"},
              {"name": "Not enough evidence", "matchedStatuses": ["failed", "skipped"], "messageRegex": "(?s).*not enough evidence.*"},
              {"name": "Judge agreement below minimum", "matchedStatuses": ["failed"], "messageRegex": "(?s)judge agreement: .*below adammeme.judge.min-kappa.*"},
              {"name": "Below threshold", "matchedStatuses": ["failed"], "messageRegex": "(?s).*: score \\\\d+ < .*"},
              {"name": "Refused", "matchedStatuses": ["failed", "skipped"], "messageRegex": "(?s).*the target refused.*"},
              {"name": "Unscored", "matchedStatuses": ["broken"], "messageRegex": "(?s).*: UNSCORED .*"},
              {"name": "Endpoint error", "matchedStatuses": ["broken"], "messageRegex": "(?s).*: ERROR .*"}
            ]
            """;

    private AllureCategories() {}

    /**
     * Writes the failure groups into a results folder.
     *
     * @param results Allure's results folder
     * @throws UncheckedIOException when it cannot be written
     */
    public static void write(Path results) {
        try {
            Files.writeString(results.resolve(FILE), CATEGORIES, StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write Allure's categories to " + results, ex);
        }
    }
}
