evaluate(new File(new File(consumer).parentFile, 'Checks.groovy'))
def log = logs[0]

assert log.contains("com.example.HarmfulMemesTest: unknown configuration key 'adammeme.gate.maxfr' (in"
        + " junit-platform.properties): did you mean adammeme.gate.max-fr?")
assert !new File(basedir, 'target/adammeme/summary.json').exists() : 'nothing ran'
return true
