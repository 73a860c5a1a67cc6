package io.github.adammeme.agent;

import io.github.adammeme.llm.CacheKey;
import io.github.adammeme.llm.ChatMessage;
import io.github.adammeme.llm.ContentPart;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One agent's prompt: a {@code [system]} and a {@code [user]} section with {@code {{name}}}
 * placeholders. Placeholders are filled in one pass, so a value that itself contains
 * {@code {{...}}} is never expanded again; and the template's own block tags are removed from
 * values, so untrusted text cannot close its block and speak as the prompt.
 */
public final class PromptTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9_]+)}}");
    private static final Pattern BLOCK_TAG = Pattern.compile("</?([a-z0-9_]+)>");

    private final String name;
    private final String system;
    private final String user;
    private final String digest;
    private final Set<String> placeholders;
    private final Pattern blockTags;

    private PromptTemplate(String name, String system, String user, String source) {
        this.name = name;
        this.system = system;
        this.user = user;
        this.digest = CacheKey.sha256Hex(source.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
        this.placeholders = new HashSet<>();
        Matcher m = PLACEHOLDER.matcher(source);
        while (m.find()) {
            placeholders.add(m.group(1));
        }
        Set<String> tags = new HashSet<>();
        Matcher t = BLOCK_TAG.matcher(source);
        while (t.find()) {
            tags.add(Pattern.quote(t.group(1)));
        }
        this.blockTags = tags.isEmpty() ? null : Pattern.compile("</?\\s*(?:" + String.join("|", tags) + ")\\s*>",
                Pattern.CASE_INSENSITIVE);
    }

    /** Parses a template's text; {@code origin} names the file in error messages. */
    public static PromptTemplate parse(String name, String source, String origin) {
        String normalised = source.replace("\r\n", "\n");
        int sys = normalised.indexOf("[system]\n");
        int usr = normalised.indexOf("[user]\n");
        if (usr < 0) {
            throw new IllegalArgumentException("prompt template " + origin + " has no [user] section");
        }
        String system = sys >= 0 && sys < usr ? normalised.substring(sys + "[system]\n".length(), usr).strip() : "";
        String user = normalised.substring(usr + "[user]\n".length()).strip();
        return new PromptTemplate(name, system, user, normalised);
    }

    public String name() {
        return name;
    }

    /** First 16 hex digits of the template's SHA-256: part of every cache key and of the report. */
    public String digest() {
        return digest;
    }

    /** Renders the messages; images go with the user message after its text, in order. */
    public List<ChatMessage> render(Map<String, String> values, List<ContentPart.Image> images) {
        for (String required : placeholders) {
            if (!values.containsKey(required)) {
                throw new IllegalArgumentException("prompt template " + name + " needs a value for {{" + required + "}}");
            }
        }
        List<ChatMessage> messages = new ArrayList<>();
        if (!system.isEmpty()) {
            messages.add(ChatMessage.system(fill(system, values)));
        }
        List<ContentPart> parts = new ArrayList<>();
        parts.add(new ContentPart.Text(fill(user, values)));
        parts.addAll(images);
        messages.add(new ChatMessage(ChatMessage.Role.USER, parts));
        return messages;
    }

    private String fill(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(neutralise(value == null ? "" : value)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private String neutralise(String value) {
        return blockTags == null ? value : blockTags.matcher(value).replaceAll("");
    }
}
