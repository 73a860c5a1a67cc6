package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.prompt.PromptBlocks;
import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.cost.Usage;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A model double that answers each call with a script, and remembers every request it saw. */
public final class ScriptedModel implements ChatModel {

    private final Function<ChatRequest, String> script;
    final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

    public ScriptedModel(Function<ChatRequest, String> script) {
        this.script = script;
    }

    @Override
    public String identity() {
        return "scripted";
    }

    @Override
    public String model() {
        return "scripted";
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        requests.add(request);
        return new ChatResponse(script.apply(request), null, "stop", new Usage(10, 5), false);
    }

    List<ChatRequest> byRole(String role) {
        return requests.stream().filter(r -> r.role().equals(role)).toList();
    }

    /** The text of the {@code <name>} block of the request's opening turns, as a model reads it. */
    static String block(ChatRequest request, String name) {
        String prompt = request.messages().stream().map(ChatMessage::text).reduce("", (a, b) -> a + "\n" + b);
        String content = PromptBlocks.content(prompt, name);
        return content == null ? null : content.strip();
    }
}
