// A misspelt gate key in junit-platform.properties: the build fails naming it and the key meant.
settings = ['adammeme.gate.maxfr': '0.25']
evaluate(new File(consumer))
