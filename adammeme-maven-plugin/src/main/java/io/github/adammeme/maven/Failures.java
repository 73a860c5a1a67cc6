package io.github.adammeme.maven;

import io.github.adammeme.internal.text.Printable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What fails the build, each in full, and the one short message Maven ends the build with. Maven prints that message
 * as its last line ("Failed to execute goal ...: message -> [Help 1]"), where CI systems take it for the build's
 * title, so it names the first failure and where the rest are rather than join them all: nine failed checks joined
 * made a line of thousands of characters. The goal prints every failure in full above it.
 */
final class Failures {

    /** The most Maven's last line carries, its own words about the goal and project included. */
    static final int MAX_LINE = 300;
    /** The most of the failures that line carries when Maven's own words leave no less room. */
    static final int MAX_MESSAGE = MAX_LINE;
    /** The least it carries, however long Maven's words (a long project name): the first failure must stay legible. */
    static final int MIN_MESSAGE = 120;
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
    record Failure(String text, @Nullable Path record) {}

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
    void add(String text, @Nullable Path record) {
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
    boolean shortened(Path projectDir, int framing) {
        return all.size() > 1
                || !message(projectDir, framing).equals(oneLine(all.get(0).text()));
    }

    /** @return whether the message leaves anything out, with no room given to Maven's own words */
    boolean shortened(Path projectDir) {
        return shortened(projectDir, 0);
    }

    /**
     * @param projectDir the project's folder, which the files named are given relative to
     * @return the first failure, shortened when it alone is too long, and how many more there are and where: at most
     *         {@value #MAX_MESSAGE} characters on one line
     */
    String message(Path projectDir) {
        return message(projectDir, 0);
    }

    /**
     * As {@link #message(Path)}, leaving room for Maven's own words around it on the line, so that the whole line is at
     * most {@value #MAX_LINE} characters (the message never less than {@value #MIN_MESSAGE}).
     *
     * @param projectDir the project's folder, which the files named are given relative to
     * @param framing    the characters Maven puts on the line around the message
     * @return the message
     */
    String message(Path projectDir, int framing) {
        if (all.isEmpty()) {
            throw new IllegalStateException("nothing failed");
        }
        int max = Math.max(MIN_MESSAGE, Math.min(MAX_MESSAGE, MAX_LINE - framing));
        List<Failure> rest = all.subList(1, all.size());
        String more = rest.isEmpty() ? "" : "; " + rest.size() + " more " + where(rest, projectDir);
        more = shorten(more, max / 2);
        return shorten(oneLine(all.get(0).text()), max - more.length()) + more;
    }

    /**
     * The characters Maven's last line has besides the message: "[ERROR] Failed to execute goal g:a:v:goal (id) on
     * project p: " before it and " -&gt; [Help 1]" after.
     *
     * @param goal      the goal as Maven names it, {@code groupId:artifactId:version:goal}
     * @param execution the execution's id
     * @param project   the project's artifactId
     * @return their length
     */
    static int framing(String goal, String execution, String project) {
        return ("[ERROR] Failed to execute goal " + goal + " (" + execution + ") on project " + project + ": ").length()
                + " -> [Help 1]".length();
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
        @Nullable Path common = records.get(0).toAbsolutePath().normalize().getParent();
        while (common != null && !under(records, common)) {
            common = common.getParent();
        }
        return "in the summary.md of " + records.size() + " runs"
                + (common == null ? "" : " under " + shown(common, projectDir));
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

    /** Runs of white space made one space, and whatever else could break the line (a summary's text) escaped. */
    private static String oneLine(String text) {
        return Printable.escaped(text.strip().replaceAll("\\s+", " "));
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
        return text.substring(0, head).stripTrailing()
                + ELLIPSIS
                + text.substring(tail).stripLeading();
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
