package io.github.adammeme.internal.agent.prompt;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * How a rendered prompt marks the material it carries. Every value from a dataset or a model sits
 * in a block opened by {@code <name key="k">} and closed by {@code </name key="k">}, where k is
 * derived from the block's own content ({@link PromptTemplate}): a value cannot contain the key of
 * its block, so nothing inside it can end the block, and a tag inside a block is only text.
 *
 * <p>{@link #read} is how a careful reader (the simulator, a test) takes a prompt apart: blocks in
 * order, each one's content skipped as a whole, so a tag planted in one value is never taken for a
 * block of its own.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PromptBlocks {

    /** Hex digits in a key: 64 bits, so a value that guesses its own block's key is out of reach. */
    static final int KEY_LENGTH = 16;

    private static final Pattern OPEN = Pattern.compile("<([a-z][a-z0-9_]*) key=\"([0-9a-f]{" + KEY_LENGTH + "})\">");

    private PromptBlocks() {}

    /** One block of a rendered prompt: its name, key and content (the value as it was given). */
    public record Block(String name, String key, String content) {}

    static String open(String name, String key) {
        return "<" + name + " key=\"" + key + "\">";
    }

    static String close(String name, String key) {
        return "</" + name + " key=\"" + key + "\">";
    }

    /**
     * The blocks of a prompt at top level, in order.
     *
     * @param prompt a rendered prompt
     * @return its blocks
     */
    public static List<Block> read(String prompt) {
        List<Block> blocks = new ArrayList<>();
        Matcher m = OPEN.matcher(prompt);
        int from = 0;
        while (from < prompt.length() && m.find(from)) {
            String name = m.group(1);
            String key = m.group(2);
            int end = prompt.indexOf(close(name, key), m.end());
            if (end < 0) {
                // An opening tag with no closing tag is not a block (only the template writes real ones).
                from = m.end();
                continue;
            }
            blocks.add(new Block(name, key, content(prompt.substring(m.end(), end))));
            from = end + close(name, key).length();
        }
        return blocks;
    }

    /**
     * The content of the first block called {@code name}, or null when the prompt has none.
     *
     * @param prompt a rendered prompt
     * @param name the block's name
     * @return its content
     */
    public static @Nullable String content(String prompt, String name) {
        return read(prompt).stream()
                .filter(b -> b.name().equals(name))
                .map(Block::content)
                .findFirst()
                .orElse(null);
    }

    /**
     * The prompt with every block's content left out: the instructions alone, as the template wrote them.
     *
     * @param prompt a rendered prompt
     * @return the prompt with each block emptied, its tags kept
     */
    public static String instructions(String prompt) {
        StringBuilder out = new StringBuilder();
        Matcher m = OPEN.matcher(prompt);
        int from = 0;
        while (from < prompt.length() && m.find(from)) {
            String closing = close(m.group(1), m.group(2));
            int end = prompt.indexOf(closing, m.end());
            if (end < 0) {
                out.append(prompt, from, m.end());
                from = m.end();
                continue;
            }
            out.append(prompt, from, m.end()).append(closing);
            from = end + closing.length();
        }
        return out.append(prompt.substring(Math.min(from, prompt.length()))).toString();
    }

    /** The template puts the content on lines of its own; those two line breaks are the block's, not the value's. */
    private static String content(String between) {
        String s = between.startsWith("\n") ? between.substring(1) : between;
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
