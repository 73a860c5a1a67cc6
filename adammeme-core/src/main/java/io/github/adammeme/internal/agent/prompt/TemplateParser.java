package io.github.adammeme.internal.agent.prompt;

import static io.github.adammeme.internal.agent.prompt.TemplateSegment.PICTURE;
import static io.github.adammeme.internal.agent.prompt.TemplateSegment.PICTURE_LINE;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a prompt template's text into its sections' segments, refusing what would let a value shape
 * the prompt: a placeholder outside a block, a block never closed, a picture placed twice.
 */
final class TemplateParser {

    static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9_]+)}}");
    private static final Pattern BLOCK_LINE = Pattern.compile("^<(/?)([a-z][a-z0-9_]*)>$");

    /**
     * @param system the system section's segments, empty when there is none
     * @param user the user section's segments
     * @param source the text, with its line ends normalised
     * @param placeholders every placeholder, in order of appearance
     */
    record Parsed(List<TemplateSegment> system, List<TemplateSegment> user, String source, Set<String> placeholders) {}

    private TemplateParser() {}

    static Parsed parse(String source, String origin) {
        String normalised = source.replace("\r\n", "\n");
        int sys = normalised.indexOf("[system]\n");
        int usr = normalised.indexOf("[user]\n");
        if (usr < 0) {
            throw new IllegalArgumentException("prompt template " + origin + " has no [user] section");
        }
        String system = sys >= 0 && sys < usr
                ? normalised.substring(sys + "[system]\n".length(), usr).strip()
                : "";
        String user = normalised.substring(usr + "[user]\n".length()).strip();
        Set<String> placeholders = new LinkedHashSet<>();
        List<TemplateSegment> systemSegments = segments(system, origin, placeholders);
        List<TemplateSegment> userSegments = segments(user, origin, placeholders);
        if (systemSegments.contains(PICTURE) || userSegments.indexOf(PICTURE) != userSegments.lastIndexOf(PICTURE)) {
            throw new IllegalArgumentException("prompt template " + origin + ": an " + PICTURE_LINE
                    + " line may appear once, in the [user] section");
        }
        return new Parsed(systemSegments, userSegments, normalised, placeholders);
    }

    /** Splits a section into instructions and blocks; a placeholder outside a block is refused. */
    private static List<TemplateSegment> segments(String section, String origin, Set<String> placeholders) {
        List<TemplateSegment> out = new ArrayList<>();
        if (section.isEmpty()) {
            return out;
        }
        StringBuilder literal = new StringBuilder();
        String open = null;
        StringBuilder content = new StringBuilder();
        for (String line : section.split("\n", -1)) {
            Matcher tag = BLOCK_LINE.matcher(line.strip());
            if (tag.matches() && tag.group(1).isEmpty() && open == null) {
                open = tag.group(2);
                content.setLength(0);
            } else if (tag.matches() && !tag.group(1).isEmpty() && tag.group(2).equals(open)) {
                if (literal.length() > 0) {
                    out.add(new TemplateSegment(null, literal.toString()));
                    literal.setLength(0);
                }
                String inner = content.length() == 0 ? "" : content.substring(0, content.length() - 1);
                collect(inner, placeholders);
                out.add(new TemplateSegment(open, inner));
                open = null;
            } else if (open != null) {
                content.append(line).append('\n');
            } else if (line.strip().equals(PICTURE_LINE)) {
                if (literal.length() > 0) {
                    out.add(new TemplateSegment(null, literal.substring(0, literal.length() - 1)));
                    literal.setLength(0);
                }
                out.add(PICTURE);
            } else {
                Matcher p = PLACEHOLDER.matcher(line);
                if (p.find()) {
                    throw new IllegalArgumentException("prompt template " + origin + ": {{" + p.group(1)
                            + "}} is outside a block; put every inserted value between a <name> line and a </name> line,"
                            + " so that no value can shape the prompt");
                }
                literal.append(line).append('\n');
            }
        }
        if (open != null) {
            throw new IllegalArgumentException(
                    "prompt template " + origin + ": the block <" + open + "> is never closed");
        }
        if (literal.length() > 0) {
            out.add(new TemplateSegment(null, literal.substring(0, literal.length() - 1)));
        }
        return out;
    }

    private static void collect(String text, Set<String> placeholders) {
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            placeholders.add(m.group(1));
        }
    }
}
