evaluate(new File(new File(consumer).parentFile, 'Checks.groovy'))
assert logs.size() == 7 : logs.size() + ' invocations'
def (holds, over, overMany, own, misspelt, missing, again) = logs

// 1. Pairs fail, the gate holds: exit 0, a line of reason per failed pair, the decision last, Allure under target/.
def run = (holds =~ /Tests run: (\d+), Failures: (\d+), Errors: \d+, Skipped: \d+, Time elapsed: [^\n]* in com\.example\.HarmfulMemesTest/)
assert run.find() : 'Surefire ran the suite'
assert (run.group(2) as int) > 0 : 'some pairs failed: ' + run.group(0)
assert holds.contains('PASSED  FR gate overall: FR with refinements ')
assert holds.contains('AdamMeme: release decision PASSED')
assert holds.contains('BUILD SUCCESS')
assert !(holds =~ /(?m)^\s+at io\.github\.adammeme\./) : 'a failed pair is one line of reason, no stack trace'
assert new File(basedir, 'target/allure-results').list().any { it.endsWith('-result.json') } : 'Allure writes under target/'
assert !new File(basedir, 'allure-results').exists() && !new File(basedir, '.allure').exists() : 'nothing is left beside the sources'
assert !holds.contains('SLF4J:') && !holds.contains('SLF4J(') : 'no SLF4J provider lines'
assert holds.contains('AdamMeme: Allure report ') && holds.contains('titled with the run\'s verdict and FR')

// The report is built before the gate decides: a release that fails still has it, titled with the verdict.
int reported = over.indexOf('AdamMeme: Allure report ')
assert reported > 0 && reported < over.lastIndexOf('FAILED  FR gate overall') : 'the report, then the gate goal\'s decision'

// 2. Over budget: exit 1 and the gate's sentence, as summary.json records it, is the build's last error.
assert over.contains('FAILED  FR gate overall: FR with refinements ')
def gateLine = (over =~ /FAILED  FR gate overall: ([^\n]*exceeds the budget 5\.0%[^\n]*)/)
assert gateLine.find() : 'the verdict is printed'
assert lastErrors[1].startsWith('Failed to execute goal io.github.adammeme:adammeme-maven-plugin:') : lastErrors[1]
// Maven's whole last line stays within 300 characters: the check, shortened in the middle, after it in full.
assert ('[ERROR] ' + lastErrors[1]).length() <= 300 : lastErrors[1].length() + ': ' + lastErrors[1]
assert lastErrors[1].contains(': FR gate overall: FR with refinements ') && lastErrors[1].endsWith(' -> [Help 1]') : lastErrors[1]
assert over.contains('[ERROR] AdamMeme: FR gate overall: ' + gateLine.group(1).trim() + '\n') : 'printed in full'

// 3. Over several budgets: each failed check is an error line of its own, and Maven's last line, which CI shows as the
// build's title, stays short: the first check, and how many more are in the run's summary.md.
def failedChecks = overMany.readLines().findAll { it.startsWith('[INFO]   FAILED  ') }.collect { it.substring('[INFO]   FAILED  '.length()) }
assert failedChecks.size() >= 5 : failedChecks
failedChecks.each { check -> assert overMany.contains('[ERROR] AdamMeme: ' + check + '\n') : 'printed in full: ' + check }
def many = (lastErrors[2] =~ /^Failed to execute goal io\.github\.adammeme:adammeme-maven-plugin:[^ ]+ \(default\) on project meme-release-gate: (.*) -> \[Help 1\]$/)
assert many.find() : lastErrors[2]
def message = many.group(1)
assert ('[ERROR] ' + lastErrors[2]).length() <= 300 : lastErrors[2].length() + ': ' + lastErrors[2]
assert message.startsWith(failedChecks[0].substring(0, 40)) : message
assert message.endsWith('; ' + (failedChecks.size() - 1) + ' more in target/adammeme/summary.md') : message

// 4. The project's own failing test fails the build while the AdamMeme gate holds.
assert own.contains('AdamMeme run of ') && own.contains('PASSED  FR gate overall')
assert ('[ERROR] ' + lastErrors[3]).length() <= 300 : lastErrors[3]
assert lastErrors[3].contains(': 1 test outside the AdamMeme suites failed (testFailureIgnore') : lastErrors[3]
assert own.contains('[ERROR] AdamMeme: 1 test outside the AdamMeme suites failed (testFailureIgnore, which keeps failed pairs'
        + ' from stopping the build, does not excuse them): com.example.OwnTest.holds: broken on purpose ==>'
        + ' expected: <false> but was: <true>\n') : 'in full above'

// 5. A misspelt key stops the run at discovery, naming it and the key meant.
assert misspelt.contains("com.example.HarmfulMemesTest: unknown configuration key 'adammeme.gate.maxfr' (a system property,"
        + " -Dadammeme.gate.maxfr): did you mean adammeme.gate.max-fr?")
assert !misspelt.contains('T E S T S') || !misspelt.contains('AdamMeme run of ') : 'no run was made'

// 6. A missing dataset is named, before any call.
assert missing.contains("com.example.HarmfulMemesTest: configuration key 'adammeme.dataset' has value"
        + " 'memes/no-such/memes.jsonl': no such file (looked in ")
assert !missing.contains('AdamMeme run of ') : 'no run was made'

// 7. Through the README's BOM the suite runs on the JUnit Platform and the Jackson this build tested, not on
// the older ones its dependencies name (openai-java's Jackson modules, allure's launcher).
assert again.contains('BUILD SUCCESS')
def report = new File(basedir, 'target/surefire-reports/TEST-com.example.HarmfulMemesTest.xml').getText('UTF-8')
def classPath = (report =~ /name="surefire\.test\.class\.path" value="([^"]*)"/)
assert classPath.find() : 'Surefire records the classpath'
def versions = [:]
classPath.group(1).split(File.pathSeparator).each { String jar ->
    def artifact = (new File(jar).name =~ /^((?:jackson|junit-platform)-[a-z0-9-]+?)-(\d[\w.-]*)\.jar$/)
    if (artifact.find()) {
        versions[artifact.group(1)] = artifact.group(2)
    }
}
def platform = '1.' + junitVersion.substring(2)
def jacksonOff = versions.findAll { k, v -> k.startsWith('jackson-') && v != jacksonVersion }
def platformOff = versions.findAll { k, v -> k.startsWith('junit-platform-') && v != platform }
assert versions.keySet().containsAll(['jackson-databind', 'jackson-datatype-jdk8', 'junit-platform-launcher']) : versions
assert jacksonOff.isEmpty() : 'Jackson not at ' + jacksonVersion + ': ' + jacksonOff
assert platformOff.isEmpty() : 'JUnit Platform not at ' + platform + ': ' + platformOff

// The last build that ran the suite decided on the figures it recorded.
def summary = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/adammeme/summary.json'))
assert summary.decision.verdict == 'PASSED'

// The last report: its overview titled by the engine, not allure-maven, and its trend carried from build to build.
def json = new groovy.json.JsonSlurper()
def title = json.parse(new File(basedir, 'target/site/allure-maven-plugin/widgets/summary.json')).reportName
assert title ==~ /release PASSED · FR \d+\.\d% \[[\d.]+, [\d.]+\] \(simulated\)/ : title
def trend = json.parse(new File(basedir, '.adammeme/allure-history/history-trend.json'))
assert trend.size() >= 3 : 'a point per report: ' + trend
return true
