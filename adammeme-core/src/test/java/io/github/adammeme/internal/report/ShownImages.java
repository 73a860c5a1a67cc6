package io.github.adammeme.internal.report;

import java.util.List;

/**
 * Runs compared sample by sample: the pictures a target was shown (erased) are kept in each run's own
 * output folder, under the same name (their digest), so two runs of one evaluation differ only there.
 */
public final class ShownImages {

    private ShownImages() {
    }

    /**
     * The text with each shown picture's path cut to its name under {@code images/}.
     *
     * @param text samples.jsonl lines or a file's whole text
     * @return the text as any output folder would have it
     */
    public static String withoutRunFolder(String text) {
        return text.replaceAll("\"shownImage\":\"[^\"]*/images/", "\"shownImage\":\"images/");
    }

    /**
     * Each line with each shown picture's path cut to its name under {@code images/}.
     *
     * @param lines samples.jsonl lines
     * @return the lines as any output folder would have them
     */
    public static List<String> withoutRunFolder(List<String> lines) {
        return lines.stream().map(ShownImages::withoutRunFolder).toList();
    }
}
