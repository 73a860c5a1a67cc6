package io.github.adammeme.internal.llm.cost;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.openai.core.JsonField;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.completions.CompletionUsage;
import io.github.adammeme.internal.text.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The tokens a chat completion says it used, read so that no impossible count passes for a true one. An endpoint
 * (a proxy with a bug, a hostile one) may send {@code 1e400}, a negative or fractional count, one past any call's
 * size, or none beside an answer; taken as it came, or as none, each would make paid calls free, switch
 * {@code adammeme.budget-usd} off without a word, or overflow the run's totals. Such a report is marked with a
 * {@link Usage.Doubt}: its output is counted from the answer's size here, its input from the request's size where the
 * call is counted ({@link UsageLedger}), which also says so once per endpoint and role.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ReportedUsage {

    /**
     * More than any call reads or writes: the largest context windows offered hold some millions of tokens. A count
     * past it is a bug or a lie, and summing a few of them would leave no room in a long.
     */
    static final long MOST_PLAUSIBLE = 1_000_000_000L;

    private ReportedUsage() {}

    /**
     * @param completion what the endpoint answered
     * @param who        the model and endpoint, for the doubt's message
     * @return the counts as reported when each is possible; otherwise the possible ones, the output at least the
     *         answer's size, and the doubt
     */
    public static Usage of(ChatCompletion completion, String who) {
        long answered = answerChars(completion);
        JsonField<CompletionUsage> field = completion._usage();
        Optional<CompletionUsage> usage = field.asKnown();
        if (usage.isEmpty()) {
            if (answered == 0 && (field.isMissing() || field.isNull())) {
                return Usage.NONE; // nothing answered and nothing said: there is no call to count
            }
            return doubtful(
                    0,
                    0,
                    TokenEstimate.text(answered),
                    who,
                    field.isMissing() || field.isNull() ? "no usage" : "usage = " + shown(field));
        }
        CompletionUsage u = usage.get();
        List<String> impossible = new ArrayList<>();
        Long prompt = count(u._promptTokens(), "prompt_tokens", answered, impossible);
        Long output = count(u._completionTokens(), "completion_tokens", answered, impossible);
        long cached = u._promptTokensDetails()
                .asKnown()
                .flatMap(d -> d._cachedTokens().asKnown())
                .filter(c -> c >= 0 && c <= MOST_PLAUSIBLE)
                .orElse(0L); // a discount: none is the dear side
        if (impossible.isEmpty()) {
            // a count is null only when it added its doubt to impossible
            return new Usage(
                    Objects.requireNonNull(prompt, "no doubt about it"),
                    cached,
                    Objects.requireNonNull(output, "no doubt about it"),
                    false);
        }
        return doubtful(
                        prompt == null ? 0 : prompt,
                        prompt == null ? 0 : cached,
                        output == null ? 0 : output,
                        who,
                        String.join(", ", impossible))
                .withOutputAtLeast(TokenEstimate.text(answered));
    }

    private static Usage doubtful(long prompt, long cached, long output, String who, String counts) {
        return new Usage(prompt, cached, output, false, new Usage.Doubt(who, counts));
    }

    /** A count as reported, or null when it cannot be true (its description added to {@code impossible}). */
    private static @Nullable Long count(JsonField<Long> field, String name, long answered, List<String> impossible) {
        if (field.isMissing() || field.isNull()) {
            if (answered == 0) {
                return 0L;
            }
            impossible.add("no " + name);
            return null;
        }
        Optional<Long> known = field.asKnown();
        if (known.isPresent() && known.get() >= 0 && known.get() <= MOST_PLAUSIBLE) {
            return known.get();
        }
        // 1e3 is a whole number written as a JSON float; openai-java reads only integers as a long.
        Optional<Number> number = known.isPresent() ? Optional.empty() : field.asNumber();
        if (number.isPresent()) {
            double d = number.get().doubleValue();
            if (d >= 0 && d <= MOST_PLAUSIBLE && d == Math.rint(d)) {
                return (long) d;
            }
        }
        impossible.add(name + " = " + shown(field));
        return null;
    }

    /** The endpoint's value as a message may quote it: its own text, short and printable. */
    private static String shown(JsonField<?> field) {
        return Printable.line(field.toString(), 40);
    }

    /** The characters of every choice's text and refusal, or none when the choices cannot be read. */
    private static long answerChars(ChatCompletion completion) {
        long chars = 0;
        try {
            for (ChatCompletion.Choice choice : completion._choices().asKnown().orElse(List.of())) {
                ChatCompletionMessage message = choice._message().asKnown().orElse(null);
                if (message != null) {
                    chars += message.content().map(String::length).orElse(0)
                            + message.refusal().map(String::length).orElse(0);
                }
            }
        } catch (OpenAIInvalidDataException unreadable) {
            // counted as no answer: the caller fails the call as unusable, and its input is still counted
        }
        return chars;
    }
}
