package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/** A chat message as the OpenAI chat-completions protocol knows it. */
@API(status = INTERNAL, since = "0.1.0")
public record ChatMessage(Role role, List<ContentPart> parts) {

    /** Who speaks in a message. */
    public enum Role {
        /** the instructions */
        SYSTEM,
        /** the asker: the prompt, the meme and any follow-up */
        USER,
        /** the model */
        ASSISTANT
    }

    /**
     * Keeps its own copy of the parts.
     *
     * @param role who speaks
     * @param parts text and images, in order
     */
    public ChatMessage {
        parts = List.copyOf(parts);
    }

    /**
     * @param text the instructions
     * @return a system message
     */
    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, List.of(new ContentPart.Text(text)));
    }

    /**
     * @param text the message
     * @return a user message of text alone
     */
    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, List.of(new ContentPart.Text(text)));
    }

    /**
     * @param text what the model said
     * @return an assistant message, as a re-ask replays it
     */
    public static ChatMessage assistant(String text) {
        return new ChatMessage(Role.ASSISTANT, List.of(new ContentPart.Text(text)));
    }

    /**
     * The concatenated text parts, for parsers and for the simulator reading a request.
     *
     * @return the text, parts separated by line breaks
     */
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
