package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.agent.Answer;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.Examiner;
import io.github.adammeme.internal.agent.Judge;
import io.github.adammeme.internal.agent.Miner;
import io.github.adammeme.internal.agent.MinerVote;
import io.github.adammeme.internal.agent.Narrator;
import io.github.adammeme.internal.agent.Taxonomy;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Stage 1, harmfulness mining. Memes are mined in batches that all see the same taxonomy; a
 * batch's proposals are then examined in dataset order, each admission producing the taxonomy
 * the next proposal sees. While a batch is examined, the Miners of the next {@code lookahead}
 * batches are already running, so the endpoint does not idle at batch boundaries: the Miners of
 * batch k are shown T as batches up to k - 1 - lookahead left it. A Miner proposing a category
 * admitted since is counted as naming it ({@link MajorityVote#named}). T grows the same way however calls
 * interleave, and at any concurrency.
 */
final class MiningStage {

    static final int MINERS = 3;

    private final Miner miner;
    private final ProposalRuling ruling;
    private final Narrator narrator;
    private final MemeImages images;
    private final int batchSize;
    private final int lookahead;
    private final NewCategoryVote newCategoryVote;
    private final PipelineListener listener;
    private final Executor preparers;

    MiningStage(
            Miner miner,
            Examiner examiner,
            Judge judge,
            Narrator narrator,
            MemeImages images,
            int batchSize,
            int lookahead,
            NewCategoryVote newCategoryVote,
            PipelineListener listener,
            Executor preparers) {
        this.lookahead = lookahead;
        this.newCategoryVote = newCategoryVote;
        this.preparers = preparers;
        this.miner = miner;
        this.ruling = new ProposalRuling(examiner, judge);
        this.narrator = narrator;
        this.images = images;
        this.batchSize = batchSize;
        this.listener = listener;
    }

    /** A meme being mined: its picture (read off the calling thread) and the three votes that follow it. */
    private record Mined(
            int index,
            Meme meme,
            CompletableFuture<ContentPart.Image> picture,
            List<CompletableFuture<Answer<MinerVote>>> votes) {

        ContentPart.Image image() {
            return picture.join();
        }

        @Nullable
        String imageError() {
            try {
                picture.join();
                return null;
            } catch (CompletionException e) {
                if (e.getCause() instanceof ImageException ie) {
                    return ie.getMessage();
                }
                throw e;
            }
        }
    }

    MiningResult run(List<Meme> memes, Taxonomy initial) {
        Taxonomy taxonomy = initial;
        List<Admission> admissions = new ArrayList<>();
        // Held for the run's report, as bytes: each outcome object is dropped once the listener has heard it.
        MemeOutcomes outcomes = new MemeOutcomes();
        // Pairs are held as their meme's place, category and misbelief, stored in dataset order as their misbeliefs
        // arrive.
        MinedSamples pairs = new MinedSamples(memes);
        ArrayDeque<Narration> narrating = new ArrayDeque<>();

        Pictures pictures = new Pictures(memes);
        ArrayDeque<List<Mined>> inFlight = new ArrayDeque<>();
        int nextBatch = 0;
        for (int start = 0; start < memes.size(); start += batchSize) {
            for (; inFlight.size() <= lookahead && nextBatch < memes.size(); nextBatch += batchSize) {
                inFlight.add(startBatch(memes, nextBatch, taxonomy, pictures));
            }
            List<Mined> batch = inFlight.removeFirst();
            for (Mined mined : batch) {
                String imageError = mined.imageError();
                if (imageError != null) {
                    finished(
                            outcomes,
                            new MemeOutcome(
                                    mined.meme().id(),
                                    mined.meme().origin(),
                                    MemeOutcome.Status.ERROR,
                                    List.of(),
                                    List.of(),
                                    mined.meme().labels(),
                                    imageError));
                    continue;
                }
                List<Answer<MinerVote>> answers =
                        mined.votes().stream().map(CompletableFuture::join).toList();
                String missing = MajorityVote.missingVotes(answers);
                if (missing != null) {
                    finished(
                            outcomes,
                            new MemeOutcome(
                                    mined.meme().id(),
                                    mined.meme().origin(),
                                    MemeOutcome.Status.ERROR,
                                    List.of(),
                                    MajorityVote.votes(answers),
                                    mined.meme().labels(),
                                    missing));
                    continue;
                }
                List<String> categories = new ArrayList<>(MajorityVote.majority(answers, taxonomy));
                List<String> undecided = new ArrayList<>();
                // Proposals are examined one at a time, in replica order, each against the latest T.
                for (Map.Entry<String, List<Integer>> proposal :
                        MajorityVote.proposals(answers, taxonomy).entrySet()) {
                    // proposals() lists only the Miners that proposed a category
                    MinerVote.Proposal p = Objects.requireNonNull(
                            answers.get(proposal.getValue().get(0)).okValue().proposal(), "a proposing Miner");
                    if (taxonomy.contains(p.name())) {
                        continue;
                    }
                    Admission admission = ruling.admit(mined.meme(), mined.image(), p, proposal.getValue(), taxonomy);
                    admissions.add(admission);
                    // Whether this meme joins the category, had it been admitted: what an undecided admission leaves
                    // open.
                    boolean joins = newCategoryVote.keeps(MajorityVote.votesFor(p.name(), answers), MINERS);
                    if (admission.admitted()) {
                        taxonomy =
                                taxonomy.with(new Category(Category.normalise(p.name()), p.description(), admission));
                        if (joins) {
                            categories.add(Category.normalise(p.name()));
                        }
                    } else if (admission.decision() == Admission.Decision.UNDECIDED && joins) {
                        undecided.add("'" + p.name() + "' (" + admission.reason() + ")");
                    }
                }
                if (!undecided.isEmpty()) {
                    // Whether this meme belongs to the proposed category is exactly what was not settled.
                    finished(
                            outcomes,
                            new MemeOutcome(
                                    mined.meme().id(),
                                    mined.meme().origin(),
                                    MemeOutcome.Status.ERROR,
                                    List.copyOf(categories),
                                    MajorityVote.votes(answers),
                                    mined.meme().labels(),
                                    "the admission of " + String.join(", ", undecided)
                                            + " is undecided, and with it this meme's" + " categories"));
                    continue;
                }
                finished(
                        outcomes,
                        new MemeOutcome(
                                mined.meme().id(),
                                mined.meme().origin(),
                                categories.isEmpty() ? MemeOutcome.Status.HARMLESS : MemeOutcome.Status.MINED,
                                List.copyOf(categories),
                                MajorityVote.votes(answers),
                                mined.meme().labels(),
                                null));
                for (String category : categories) {
                    Category c = taxonomy.find(category).orElseThrow();
                    narrating.add(
                            new Narration(mined.index(), category, narrator.narrate(mined.meme(), mined.image(), c)));
                }
                // A narration that failed outright is left for the end of the stage, where it failed before.
                while (!narrating.isEmpty()
                        && narrating.peekFirst().misbelief().isDone()
                        && !narrating.peekFirst().misbelief().isCompletedExceptionally()) {
                    narrating.removeFirst().storeIn(pairs);
                }
            }
        }
        while (!narrating.isEmpty()) {
            narrating.removeFirst().storeIn(pairs);
        }
        return new MiningResult(taxonomy, admissions, outcomes, pairs);
    }

    /** A pair whose misbelief is being narrated. */
    private record Narration(int memeIndex, String category, CompletableFuture<Answer<String>> misbelief) {

        void storeIn(MinedSamples pairs) {
            Answer<String> answer = misbelief.join();
            pairs.append(
                    memeIndex,
                    category,
                    answer.ok() ? answer.value() : null,
                    answer.ok() ? null : "Narrator " + answer.status() + ": " + answer.failure());
        }
    }

    private void finished(MemeOutcomes outcomes, MemeOutcome outcome) {
        outcomes.append(outcome);
        listener.memeMined(outcome);
    }

    /** Starts the Miners of the batch at {@code start}, each as soon as its picture is read (off this thread). */
    private List<Mined> startBatch(List<Meme> memes, int start, Taxonomy taxonomy, Pictures pictures) {
        List<Mined> batch = new ArrayList<>();
        for (int i = start; i < Math.min(memes.size(), start + batchSize); i++) {
            batch.add(startMining(i, memes.get(i), pictures.take(i), taxonomy));
        }
        return batch;
    }

    /**
     * Pictures are read two batches ahead of the Miners that need them: reading does not depend on
     * T, and a batch of large photos would otherwise leave the endpoint idle while they decode.
     */
    private final class Pictures {

        private final List<Meme> memes;
        private final Map<Integer, CompletableFuture<ContentPart.Image>> read = new HashMap<>();
        private int next;

        Pictures(List<Meme> memes) {
            this.memes = memes;
        }

        CompletableFuture<ContentPart.Image> take(int index) {
            for (int end = Math.min(memes.size(), index + 1 + 2 * batchSize); next < end; next++) {
                Meme meme = memes.get(next);
                read.put(next, CompletableFuture.supplyAsync(() -> images.load(meme.image()), preparers));
            }
            return Objects.requireNonNull(read.remove(index), "read up to two batches past the one asked for");
        }
    }

    private Mined startMining(int index, Meme meme, CompletableFuture<ContentPart.Image> picture, Taxonomy taxonomy) {
        CompletableFuture<List<CompletableFuture<Answer<MinerVote>>>> asked =
                picture.thenApply(image -> miner.mineAll(meme, image, taxonomy, MINERS));
        List<CompletableFuture<Answer<MinerVote>>> votes = new ArrayList<>();
        for (int replica = 0; replica < MINERS; replica++) {
            int r = replica;
            votes.add(asked.thenCompose(all -> all.get(r)));
        }
        return new Mined(index, meme, picture, votes);
    }
}
