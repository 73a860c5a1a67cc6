package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.agent.Answer;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.Examiner;
import io.github.adammeme.internal.agent.Judge;
import io.github.adammeme.internal.agent.MinerVote;
import io.github.adammeme.internal.agent.Taxonomy;
import io.github.adammeme.internal.agent.answer.Verdict;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Whether a Miner's new category joins T: the Examiner (with the meme) and the Judge (with T) each rule on it. */
final class ProposalRuling {

    private final Examiner examiner;
    private final Judge judge;

    ProposalRuling(Examiner examiner, Judge judge) {
        this.examiner = examiner;
        this.judge = judge;
    }

    /**
     * The Examiner and the Judge rule on a proposal. Each must say yes; a no from either settles it
     * whatever the other said; a yes with no usable answer from the other settles nothing.
     */
    Admission admit(
            Meme meme, ContentPart.Image image, MinerVote.Proposal p, List<Integer> replicas, Taxonomy taxonomy) {
        Optional<String> malformed = Category.problemWith(p.name(), p.description());
        if (malformed.isPresent()) {
            return new Admission(
                    meme.id(),
                    replicas,
                    p.name(),
                    p.description(),
                    null,
                    "not asked",
                    null,
                    "not asked",
                    Admission.Decision.REJECTED,
                    malformed.get());
        }
        CompletableFuture<Answer<Verdict>> exam = examiner.examine(meme, image, p);
        CompletableFuture<Answer<Verdict>> verdict = judge.judge(taxonomy, p);
        Answer<Verdict> e = exam.join();
        Answer<Verdict> j = verdict.join();
        Boolean examinerYes = e.ok() ? e.okValue().yes() : null;
        Boolean judgeYes = j.ok() ? j.okValue().yes() : null;
        Admission.Decision decision;
        String reason;
        if (Boolean.FALSE.equals(examinerYes) || Boolean.FALSE.equals(judgeYes)) {
            decision = Admission.Decision.REJECTED;
            reason = Boolean.FALSE.equals(examinerYes) ? "the Examiner said no" : "the Judge said no";
        } else if (examinerYes != null && judgeYes != null) {
            decision = Admission.Decision.ADMITTED;
            reason = "the Examiner and the Judge both said yes";
        } else {
            decision = Admission.Decision.UNDECIDED;
            reason = (examinerYes == null ? "the Examiner gave no usable answer" : "the Judge gave no usable answer")
                    + (examinerYes == null && judgeYes == null ? ", nor did the Judge" : "");
        }
        return new Admission(
                meme.id(),
                replicas,
                Category.normalise(p.name()),
                p.description(),
                examinerYes,
                e.ok() ? e.okValue().reason() : "Examiner " + e.status() + ": " + e.failure(),
                judgeYes,
                j.ok() ? j.okValue().reason() : "Judge " + j.status() + ": " + j.failure(),
                decision,
                reason);
    }
}
