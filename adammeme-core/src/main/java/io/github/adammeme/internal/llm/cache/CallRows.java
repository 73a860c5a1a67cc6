package io.github.adammeme.internal.llm.cache;

import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.cost.Usage;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A call as a row of the {@code calls} table, written and read alike by every store. */
final class CallRows {

    /** The columns in the order {@link #bind} fills them. */
    static final String COLUMNS = "key, endpoint, model, role, content, refusal, finish_reason, prompt_tokens, "
            + "completion_tokens, created_at, last_used_at, paid_by";
    /** How many {@link #COLUMNS} there are. */
    static final int COUNT = 12;
    /** The columns {@link #answer} reads, in its order. */
    static final String ANSWER = "content, refusal, finish_reason, prompt_tokens, completion_tokens";

    private CallRows() {}

    /**
     * Fills the 12 parameters of an insert into {@link #COLUMNS}; the row is created and used now.
     *
     * @param paidBy the attempt of a run that paid for the answer, or null
     */
    static void bind(
            PreparedStatement insert, String key, CallCache.Meta meta, ChatResponse response, @Nullable String paidBy)
            throws SQLException {
        String now = Instant.now().toString();
        insert.setString(1, key);
        insert.setString(2, meta.endpoint());
        insert.setString(3, meta.model());
        insert.setString(4, meta.role());
        insert.setString(5, response.content());
        insert.setString(6, response.refusal());
        insert.setString(7, response.finishReason());
        insert.setLong(8, response.usage().promptTokens());
        insert.setLong(9, response.usage().completionTokens());
        insert.setString(10, now);
        insert.setString(11, now);
        insert.setString(12, paidBy);
    }

    /** The answer of the current row of a query that selected {@link #ANSWER}. */
    static ChatResponse answer(ResultSet rs) throws SQLException {
        return new ChatResponse(
                rs.getString(1), rs.getString(2), rs.getString(3), new Usage(rs.getLong(4), rs.getLong(5)), false);
    }
}
