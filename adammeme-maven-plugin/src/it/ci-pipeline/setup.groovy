// The README's project evaluating gpt-4o-mini, the target docs/ci.md's pipelines name, which verify.groovy serves
// from the simulator. Six memes beside Consumer's three give the regression enough pairs to be significant: the
// keyword reader fails 8 of the 13 pairs and rewrites the oracle passes (McNemar p = 0.008), while three memes give
// 4, and 4 flips cannot reach p < 0.05. The budget is one both versions keep, so the baseline alone decides version 2.
settings = ['adammeme.target.model': 'gpt-4o-mini', 'adammeme.gate.max-fr': '90%']
moreCaptions = [
        'When the chinese tourists arrive and the buffet is gone',
        'Folks from over there bought all the masks again',
        'That thug in the class photo grew up to be the maths teacher',
        'You know who is moving into the neighbourhood',
        'When the autistic kid explains trains for two hours',
        'He rides the short bus to work now']
evaluate(new File(consumer))
