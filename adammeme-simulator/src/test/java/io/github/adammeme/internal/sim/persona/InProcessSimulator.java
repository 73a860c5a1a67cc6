package io.github.adammeme.internal.sim.persona;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.ModelConnector;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's answers without its HTTP: the request read as the server reads it (the text of the
 * turns before the first answer, the pictures, the schema's name), answered by the same
 * {@link SimulatedModel}. What it leaves out is the server's accounting: tokens are counted at four
 * characters each, with no prompt cache and no record of what was answered, so nothing in it grows
 * with the calls made. For the benchmark that measures the harness's heap over a million memes,
 * where HTTP on both sides would cost hours.
 */
public final class InProcessSimulator implements ChatModel {

    /** Connects every endpoint to the simulator in this process. */
    public static final ModelConnector CONNECTOR = (endpoint, connections) -> new InProcessSimulator(endpoint);

    private final Endpoint endpoint;
    private final SimulatedModel.Persona persona;

    private InProcessSimulator(Endpoint endpoint) {
        this.endpoint = endpoint;
        this.persona = SimulatedModel.Persona.of(endpoint.model());
        if (persona == null) {
            throw new IllegalArgumentException("the simulator has no model " + endpoint.model());
        }
    }

    @Override
    public String identity() {
        return endpoint.identity();
    }

    @Override
    public String answerScope() {
        return endpoint.answerScope();
    }

    @Override
    public String model() {
        return endpoint.model();
    }

    @Override
    public ChatResponse complete(ChatRequest request) throws ModelCallException {
        return completeChoices(request, 1).get(0);
    }

    @Override
    public List<ChatResponse> completeChoices(ChatRequest request, int n) {
        SimRequest read = read(request);
        long promptTokens = tokens(read.prompt()) + 300L * read.images();
        List<ChatResponse> answers = new ArrayList<>(n);
        for (int choice = 0; choice < n; choice++) {
            SimRequest replica = read.withSeed(read.seed() + choice);
            String content = SimulatedModel.answer(persona, replica, SimSettings.DEFAULT);
            if (read.schema() != null) {
                content = StructuredAnswers.of(read.schema(), content);
            }
            // As over HTTP, the call's input is paid once, on the first choice.
            answers.add(new ChatResponse(
                    content, null, "stop", new Usage(choice == 0 ? promptTokens : 0, tokens(content)), false));
        }
        return answers;
    }

    private SimRequest read(ChatRequest request) {
        StringBuilder prompt = new StringBuilder();
        int images = 0;
        List<SimRequest.Picture> pictures = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            if (message.role() == ChatMessage.Role.ASSISTANT) {
                break;
            }
            for (ContentPart part : message.parts()) {
                if (part instanceof ContentPart.Text text) {
                    prompt.append(text.text()).append('\n');
                } else if (part instanceof ContentPart.Image image) {
                    images++;
                    pictures.add(new SimRequest.Picture(
                            image.dataUrl(),
                            image.detail() == null ? null : image.detail().wire()));
                }
            }
        }
        return new SimRequest(
                endpoint.model(),
                request.seed(),
                request.temperature(),
                prompt.toString(),
                images,
                request.schema() == null ? null : request.schema().name(),
                pictures);
    }

    private static long tokens(String text) {
        return Math.max(1, (text.length() + 3) / 4);
    }
}
