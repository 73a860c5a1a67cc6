package io.github.adammeme.llm;

import java.util.List;

/** A chat message as the OpenAI chat-completions protocol knows it. */
public record ChatMessage(Role role, List<ContentPart> parts) {

    public enum Role { SYSTEM, USER, ASSISTANT }

    public ChatMessage {
        parts = List.copyOf(parts);
    }

    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, List.of(new ContentPart.Text(text)));
    }

    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, List.of(new ContentPart.Text(text)));
    }

    public static ChatMessage assistant(String text) {
        return new ChatMessage(Role.ASSISTANT, List.of(new ContentPart.Text(text)));
    }

    /** The concatenated text parts, for parsers and for the simulator reading a request. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (ContentPart part : parts) {
            if (part instanceof ContentPart.Text t) {
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(t.text());
            }
        }
        return sb.toString();
    }
}
