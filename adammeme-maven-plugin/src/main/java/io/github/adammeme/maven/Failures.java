package io.github.adammeme.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What fails the build, each in full, and the one short message Maven ends the build with. Maven prints that message
 * as its last line ("Failed to execute goal ...: message -> [Help 1]"), where CI systems take it for the build's
 * title, so it names the first failure and where the rest are rather than join them all: nine failed checks joined
 * made a line of thousands of characters. The goal prints every failure in full above it.
 */
final class Failures {

    /** The most Maven's last line carries of the failures, whatever their number and length. */
    static final int MAX_MESSAGE = 300;
    /** What stands for the words left out of a failure too long for the message. */
    private static final String ELLIPSIS = " ... ";
    /** The share of a shortened failure taken from its start: what failed; the rest from its end, often what to do. */
    private static final double HEAD_SHARE = 0.6;
    /** How far back a cut looks for a space, so that no word is cut in two unless it is that long. */
    private static final int WORD_REACH = 24;

    /**
     * One failure.
     *
     * @param text   what failed, in the sentence the goal prints
     * @param record the summary.md that records it, or null when none does
     */
    record Failure(String text, Path record) {
    }

    private final List<Failure> all = new ArrayList<>();

    /**
     * @param text what failed, recorded in no file
     */
    void add(String text) {
        add(text, null);
    }

    /**
     * @param text   what failed
     * @param record the summary.md that records it, or null
     */
    void add(String text, Path record) {
        all.add(new Failure(text, record));
    }

    boolean isEmpty() {
        return all.isEmpty();
    }

    /** @return every failure's text, in full, in the order they were found */
    List<String> lines() {
        return all.stream().map(Failure::text).toList();
    }

    /** @return whether the message leaves anything out, so that the failures must be printed in full before it */
    boolean shortened(Path projectDir) {
        return all.size() > 1 || !message(projectDir).equals(oneLine(all.get(0).text()));
    }

    /**
     * @param projectDir the project's folder, which the files named are given relative to
     * @return the first failure, shortened when it alone is too long, and how many more there are and where: at most
     *         {@value #MAX_MESSAGE} characters on one line
     */
    String message(Path projectDir) {
        if (all.isEmpty()) {
            throw new IllegalStateException("nothing failed");
        }
        List<Failure> rest = all.subList(1, all.size());
        String more = rest.isEmpty() ? "" : "; " + rest.size() + " more " + where(rest, projectDir);
        more = shorten(more, MAX_MESSAGE / 2);
        return shorten(oneLine(all.get(0).text()), MAX_MESSAGE - more.length()) + more;
    }

    /** The summary.md that holds them all, when one does; else the goal's lines above, which always do. */
    private static String where(List<Failure> rest, Path projectDir) {
        List<Path> records = rest.stream().map(Failure::record).distinct().toList();
        if (records.contains(null)) {
            return "listed above";
        }
        if (records.size() == 1) {
            return "in " + shown(records.get(0), projectDir);
        }
        Path common = records.get(0).toAbsolutePath().normalize().getParent();
        while (common != null && !under(records, common)) {
            common = common.getParent();
        }
        return "in the summary.md of " + records.size() + " runs" + (common == null ? "" : " under " + shown(common, projectDir));
    }

    private static boolean under(List<Path> records, Path folder) {
        return records.stream().allMatch(r -> r.toAbsolutePath().normalize().startsWith(folder));
    }

    /** @return the path relative to the project when it is inside it, as the build's own messages name its files */
    static String shown(Path path, Path projectDir) {
        Path absolute = path.toAbsolutePath().normalize();
        Path project = projectDir.toAbsolutePath().normalize();
        if (absolute.startsWith(project) && !absolute.equals(project)) {
            return project.relativize(absolute).toString();
        }
        return absolute.toString();
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    /**
     * @return the text as it is when it fits, else its start and its end around {@value #ELLIPSIS}, cut between words,
     *         in at most {@code max} characters
     */
    static String shorten(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int room = max - ELLIPSIS.length();
        if (room <= 0) {
            return text.substring(0, Math.max(0, max));
        }
        int head = headEnd(text, (int) (room * HEAD_SHARE));
        int tail = tailStart(text, text.length() - (room - head));
        return text.substring(0, head).stripTrailing() + ELLIPSIS + text.substring(tail).stripLeading();
    }

    /** The end of the head: at a space at or before {@code at}, unless the word there is too long to keep whole. */
    private static int headEnd(String text, int at) {
        int space = text.lastIndexOf(' ', at);
        return space > 0 && at - space <= WORD_REACH ? space : at;
    }

    /** The start of the tail: after a space at or after {@code at}, unless the word there is too long to keep whole. */
    private static int tailStart(String text, int at) {
        int space = text.indexOf(' ', at);
        return space >= 0 && space - at <= WORD_REACH ? space + 1 : at;
    }
}
