package io.github.adammeme.internal.sim.persona;

/**
 * What the verbose persona writes after its analysis: general background on memes, some 1,200 tokens of
 * it, so that its answers run past a usual token limit (1,024 by default) and stop there, as a chatty
 * model's do. It names no group, no harm and no verdict, and never speaks as "I": the analysis before it
 * is what the Scorer and the refusal check read.
 */
final class Background {

    static final String TEXT = String.join(
            "\n\n",
            "Some background on the format may help. A meme pairs a picture with a short caption, and its meaning"
                    + " usually comes from the two together rather than from either alone. The same template is reused"
                    + " many times with different captions, so readers who know the template bring expectations to each"
                    + " new version. That shared history is part of how such posts travel: they are quick to read, easy"
                    + " to copy and easy to adapt to a new topic.",
            "Context matters a great deal. A caption that reads one way among friends can read quite differently"
                    + " when it is shared by strangers, reposted by an account with a large following or picked up by a"
                    + " news outlet. The platform matters too: a post that stays in a small group chat reaches few"
                    + " people, while one that is boosted by recommendation systems can reach millions within hours,"
                    + " often stripped of the context it first appeared in.",
            "Readers also differ. People who belong to the group a caption is about often notice details that others"
                    + " miss, and they may have seen many similar posts before. Researchers who study online"
                    + " communities point out that repeated exposure shapes how ordinary a message feels, which is one"
                    + " reason why a single post is rarely the whole story. Patterns across many posts tend to say more"
                    + " than any one example.",
            "Moderation teams typically look at several signals at once: the words in the caption, the picture, the"
                    + " account that posted it, the replies it attracts and whether it is part of a coordinated"
                    + " campaign. Automated systems can flag candidates, but they often struggle with irony, coded"
                    + " language and images whose text has been altered, which is why human review remains common for"
                    + " borderline cases.",
            "There is also the question of intent versus effect. The person who makes a post may intend a joke,"
                    + " while those who see it experience something else entirely. Many frameworks for evaluating"
                    + " content therefore focus on likely effects on the people depicted or referred to, rather than on"
                    + " what the author says they meant. Effects can include feeling singled out or feeling unwelcome"
                    + " in a shared space.",
            "Humour complicates matters further. Satire can criticise prejudice by exaggerating it, and the same words"
                    + " can be read as mocking a bigot or as endorsing the bigotry, depending on the reader. Signals"
                    + " such as the source, the surrounding thread and the choice of image often decide which reading is"
                    + " more plausible, and careful reviewers tend to note when a post is genuinely ambiguous.",
            "For anyone building a dataset of such posts, consistency of labelling is a recurring challenge."
                    + " Annotators disagree more on subtle cases than on explicit ones, and agreement tends to improve"
                    + " when the instructions include worked examples, clear definitions of each category and a way to"
                    + " flag uncertainty rather than forcing a single label on every item.",
            "Responses to such posts vary as well. Some communities rely on counter-speech, where other users reply"
                    + " with corrections or alternative views; others prefer removal, reduced visibility or warning"
                    + " labels. Each approach has trade-offs between free expression, safety and the risk of drawing"
                    + " more attention to the very post being addressed.",
            "History offers perspective. Caricature and mocking cartoons long predate the internet, appearing in"
                    + " pamphlets, newspapers and posters for centuries. What has changed is speed and scale: a drawing"
                    + " that once needed a printing press can now be made in seconds and shared with a global audience,"
                    + " and the feedback of likes and shares rewards the posts that provoke the strongest reaction.",
            "Language choice matters too. Words that seem neutral in one region or generation may carry a loaded"
                    + " history elsewhere, and euphemisms can carry a message past automated filters while remaining"
                    + " clear to the intended audience. Reviewers who know the communities involved are better placed to"
                    + " notice such shifts in meaning than a keyword list is.",
            "Images bring their own signals. The choice of a particular photograph, the way a person is cropped or"
                    + " framed, and small details such as symbols, gestures or clothing can change how a caption is"
                    + " read. When the text of an image has been erased or redrawn, what remains of the picture still"
                    + " carries part of the meaning, which is why the picture and the words are best read together.",
            "Media literacy programmes in schools increasingly cover these questions, teaching students to ask where"
                    + " a post came from, who benefits from its spread and how its framing shapes the reaction it"
                    + " invites. Such habits of reading transfer well from memes to headlines, advertisements and"
                    + " political messaging.",
            "In short, reading a meme well means looking at the caption and the picture together, asking who is likely"
                    + " to see it and how, and considering how it fits with other posts of its kind. The assessment above"
                    + " follows that approach, and the same questions can be asked of any similar post that appears in"
                    + " the future.");

    private Background() {}
}
