package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.jspecify.annotations.Nullable;

/**
 * Every input meme's outcome, in the order they were added, held as bytes rather than as objects: a
 * million memes' outcomes, with each Miner's vote, must fit beside the pipeline in a small heap. The
 * strings that repeat from meme to meme (an origin's file, categories, votes, dataset labels) are stored
 * once; a meme's id, its origin's line and its reason are stored inline. Each {@link #get} rebuilds an
 * outcome equal to the one added.
 */
final class MemeOutcomes extends AbstractList<MemeOutcome> implements RandomAccess {

    private static final MemeOutcome.Status[] STATUSES = MemeOutcome.Status.values();

    private final PackedRecords records = new PackedRecords();

    /**
     * Appends an outcome.
     *
     * @param outcome the outcome of the next meme
     */
    void append(MemeOutcome outcome) {
        records.begin();
        records.text(outcome.memeId());
        origin(outcome.origin());
        // The file's format is the status's ordinal: its constants are only ever appended, never reordered.
        @SuppressWarnings("EnumOrdinal")
        int status = outcome.status().ordinal();
        records.number(status);
        records.codes(outcome.categories());
        List<List<String>> votes = outcome.votes();
        records.number(votes == null ? 0 : votes.size() + 1);
        if (votes != null) {
            votes.forEach(records::codes);
        }
        records.codes(outcome.datasetLabels());
        records.text(outcome.reason());
    }

    /** How many distinct repeated strings are held: it grows with the categories and labels, not with the memes. */
    int distinctStrings() {
        return records.distinctStrings();
    }

    @Override
    public int size() {
        return records.size();
    }

    @Override
    public MemeOutcome get(int index) {
        PackedRecords.Reader in = records.read(index);
        String id = Objects.requireNonNull(in.text(), "every outcome is written with its meme's id");
        String origin = switch (in.number()) {
            case 0 -> null;
            case 1 -> in.text();
            default -> in.code() + ":" + in.text();
        };
        MemeOutcome.Status status = STATUSES[in.number()];
        List<String> categories = Objects.requireNonNull(in.codes(), "categories are written as a list");
        int voteCount = in.number();
        List<List<String>> votes = null;
        if (voteCount > 0) {
            votes = new ArrayList<>(voteCount - 1);
            for (int i = 0; i < voteCount - 1; i++) {
                votes.add(in.codes());
            }
            votes = Collections.unmodifiableList(votes);
        }
        List<String> labels = Objects.requireNonNull(in.codes(), "labels are written as a list");
        return new MemeOutcome(id, origin, status, categories, votes, labels, in.text());
    }

    /** An origin is a file and a line: the file is stored once, the line inline. */
    private void origin(@Nullable String origin) {
        int colon = origin == null ? -1 : origin.lastIndexOf(':');
        records.number(origin == null ? 0 : colon < 0 ? 1 : 2);
        if (origin == null) {
            return;
        }
        if (colon < 0) {
            records.text(origin);
        } else {
            records.code(origin.substring(0, colon));
            records.text(origin.substring(colon + 1));
        }
    }
}
