package io.github.adammeme.internal.agent.prompt;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.util.Digests;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import org.apiguardian.api.API;

/**
 * One agent's prompt: a {@code [system]} and a {@code [user]} section with {@code {{name}}}
 * placeholders. Every placeholder sits in a block, a {@code <name>} line and a {@code </name>}
 * line around it, and a value can never change the prompt's structure:
 * <ul>
 *   <li>placeholders are filled in one pass, so a value holding {@code {{...}}} is never expanded;</li>
 *   <li>each block is rendered with a key derived from the template and the block's filled content
 *       ({@link PromptBlocks}): to close its block early a value would have to contain a hash of
 *       itself, and since the key is a function of the request, the call cache still hits;</li>
 *   <li>nothing is stripped from values, so the text a model grades is the text the target wrote.</li>
 * </ul>
 *
 * <p>The picture goes where the user section has an {@code [image]} line, or else after its opening
 * instructions, before the first block. Endpoints cache the longest prefix a prompt shares with earlier
 * ones, so a template puts what is the same on every call of its role first (instructions, the
 * taxonomy), then the picture, then what changes with each call (the meme's text, the answers).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PromptTemplate {

    private final String name;
    private final List<TemplateSegment> system;
    private final List<TemplateSegment> user;
    private final String digest;
    private final Set<String> placeholders;

    private PromptTemplate(
            String name,
            List<TemplateSegment> system,
            List<TemplateSegment> user,
            String source,
            Set<String> placeholders) {
        this.name = name;
        this.system = system;
        this.user = user;
        this.digest = Digests.sha256Hex(source).substring(0, 16);
        this.placeholders = placeholders;
    }

    /**
     * Parses a template's text; {@code origin} names the file in error messages.
     *
     * @param name the role the template is for
     * @param source the template's text
     * @param origin where the text came from
     * @return the template
     * @throws IllegalArgumentException when there is no [user] section, a placeholder sits outside a block,
     *     or a block is never closed
     */
    public static PromptTemplate parse(String name, String source, String origin) {
        TemplateParser.Parsed parsed = TemplateParser.parse(source, origin);
        return new PromptTemplate(name, parsed.system(), parsed.user(), parsed.source(), parsed.placeholders());
    }

    /** @return the role the template is for */
    public String name() {
        return name;
    }

    /**
     * @return the placeholders the template uses, in order of appearance
     */
    Set<String> placeholders() {
        return placeholders;
    }

    /**
     * First 16 hex digits of the template's SHA-256: part of every cache key and of the report.
     *
     * @return the digest
     */
    public String digest() {
        return digest;
    }

    /**
     * Renders the messages; images go with the user message, where its {@code [image]} line is or after
     * its opening instructions.
     *
     * @param values a value for every placeholder the template has
     * @param images the pictures to send, or none
     * @return a system message (when the template has one) and the user message
     * @throws IllegalArgumentException when a placeholder has no value
     */
    public List<ChatMessage> render(Map<String, String> values, List<ContentPart.Image> images) {
        for (String required : placeholders) {
            if (!values.containsKey(required)) {
                throw new IllegalArgumentException(
                        "prompt template " + name + " needs a value for {{" + required + "}}");
            }
        }
        List<ChatMessage> messages = new ArrayList<>();
        if (!system.isEmpty()) {
            messages.add(ChatMessage.system(render(system, values)));
        }
        List<ContentPart> parts = new ArrayList<>();
        int at = pictureAt();
        String before = render(user.subList(0, at), values);
        String after = render(user.subList(at, user.size()), values);
        if (images.isEmpty()) {
            // The text a reader joining the parts line by line would see with a picture, as one part.
            parts.add(
                    new ContentPart.Text(before.isEmpty() || after.isEmpty() ? before + after : before + "\n" + after));
        } else {
            if (!before.isEmpty()) {
                parts.add(new ContentPart.Text(before));
            }
            parts.addAll(images);
            if (!after.isEmpty()) {
                parts.add(new ContentPart.Text(after));
            }
        }
        messages.add(new ChatMessage(ChatMessage.Role.USER, parts));
        return messages;
    }

    /** The index of the user segment the picture goes before: its marker, or the first block. */
    private int pictureAt() {
        int marker = user.indexOf(TemplateSegment.PICTURE);
        if (marker >= 0) {
            return marker;
        }
        for (int i = 0; i < user.size(); i++) {
            if (user.get(i).isBlock()) {
                return i;
            }
        }
        return user.size();
    }

    private String render(List<TemplateSegment> segments, Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        for (TemplateSegment s : segments) {
            if (s.isPicture()) {
                continue;
            }
            if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                out.append('\n');
            }
            if (!s.isBlock()) {
                out.append(s.text());
                continue;
            }
            String block = Objects.requireNonNull(s.block(), "a block has its name");
            String content = fill(s.text(), values);
            String key = key(block, content);
            out.append(PromptBlocks.open(block, key))
                    .append('\n')
                    .append(content)
                    .append('\n')
                    .append(PromptBlocks.close(block, key));
        }
        return out.toString();
    }

    /**
     * The key of a block: a hash of the template, the block's name and its content. A content that
     * happened to hold its own key gets the next one, so "no value contains its block's key" holds
     * without exception, not just with overwhelming probability.
     */
    String key(String block, String content) {
        for (int salt = 0; ; salt++) {
            String key = Digests.sha256Hex(digest + '\u0000' + block + '\u0000' + salt + '\u0000' + content)
                    .substring(0, PromptBlocks.KEY_LENGTH);
            if (!content.contains(key)) {
                return key;
            }
        }
    }

    private static String fill(String text, Map<String, String> values) {
        Matcher m = TemplateParser.PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? "" : value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
