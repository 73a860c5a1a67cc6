// docs/ci.md's GitHub workflow, taken from the page, run on the README's project three times in a row as three pushes
// would run it: a fresh checkout each time (target/ gone) and .adammeme/ kept between runs, as the workflow's cache
// keeps it. The model is gpt-4o-mini, served by the simulator as vLLM serves a model under --served-model-name:
//   1. version 1 (sim:oracle), the first release, started by hand with baseline none: passes
//   2. version 2 (sim:keyword) under the same name, held against the last release: fails, exit status 1, on the
//      significant regression
//   3. version 1 again: passes, held against run 1, since the rejected run 2 is no release
// The workflow's actions do not run here; the case does what each would have done (the checkout and Java are here,
// .adammeme/ stays, uploads are checked to find their paths). The step that builds adammeme-junit needs its source
// from GitHub, so it is skipped as on a cache hit: the invoker has installed this build's artifacts into the local
// repository the steps' Maven uses, which is what the library's cache restores.

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper
import io.github.adammeme.internal.config.ConfigurationReader
import io.github.adammeme.internal.sim.SimulatedModelServer

def workflowFile = '.github/workflows/release-gate.yml'
def lines = new File(ciPage).readLines('UTF-8')
int named = lines.indexOf('`' + workflowFile + '`:')
assert named >= 0 : 'docs/ci.md names no ' + workflowFile
int open = (named + 1..<lines.size()).find { lines[it].startsWith('```') }
int close = (open + 1..<lines.size()).find { lines[it].startsWith('```') }
JsonNode workflow = new YAMLMapper().readTree(lines.subList(open + 1, close).join('\n'))
assert workflow.path('jobs').size() == 1 : 'one job, whose status is the release decision'
binding.variables.job = workflow.path('jobs').elements().next()
binding.variables.workflowEnv = workflow.get('env')
evaluate(new File(new File(consumer).parentFile, 'GithubJob.groovy'))

// The steps' mvn is this build's Maven with what the invoker gives every consumer build: its local repository, its
// settings (the rest of Maven Central from this build's own repository), offline when this build is.
def tools = new File(basedir, '../ci-pipeline-tools')
tools.mkdirs()
def mvn = new File(tools, 'mvn')
def args = ['-s', new File(basedir, '../interpolated-settings.xml').canonicalPath, '-Dmaven.repo.local=' + localRepositoryPath,
            '-Daether.offline.protocols=file', '-DargLine=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'] + (offline == 'offline=true' ? ['-o'] : [])
assert new File(args[1]).isFile() : 'the invoker wrote its settings to ' + args[1]
mvn.text = '#!/bin/sh\nMAVEN_OPTS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" exec "' + System.getProperty('maven.home') + '/bin/mvn" ' +
        args.collect { "'" + it + "'" }.join(' ') + ' "$@"\n'
mvn.setExecutable(true)
def path = tools.path + File.pathSeparator + System.getenv('PATH')

def server = SimulatedModelServer.start()
def serve = { String persona -> server.configure(ConfigurationReader.simulator(['adammeme.sim.serve.gpt-4o-mini': persona])) }
def properties = new File(basedir, 'src/test/resources/junit-platform.properties')
properties.append('adammeme.target.base-url=' + server.baseUrl() + '\n', 'UTF-8')

def results = []
long started = System.nanoTime()
try {
    [['sim:oracle', 'none'], ['sim:keyword', ''], ['sim:oracle', '']].eachWithIndex { version, int i ->
        def (String persona, String baseline) = version
        serve(persona)
        new File(basedir, 'target').deleteDir()
        long start = System.nanoTime()
        def result = runJob(basedir, path, ['inputs.baseline': baseline, 'github.token': '', 'secrets.OPENAI_API_KEY': ''],
                ["steps.library.outputs.cache-hit != 'true'": false])
        result.seconds = (System.nanoTime() - start) / 1e9
        new File(basedir, 'run-' + (i + 1) + '.log').setText(result.log, 'UTF-8')
        println('ci-pipeline: run ' + (i + 1) + ' (' + persona + (baseline ? ', baseline ' + baseline : '') + ') exit '
                + result.status + ' in ' + String.format('%.1f', result.seconds) + ' s')
        def summaryMd = new File(basedir, 'target/adammeme/summary.md')
        result.summaryMd = summaryMd.isFile() ? summaryMd.getText('UTF-8') : null
        result.answers = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/adammeme/summary.json')).run.targetAnswers
        result.uploads = job.get('steps').findAll { it.path('uses').asText() ==~ /actions\/(upload-artifact|cache\/save)@.*/ }
                .collect { it.at('/with/path').asText() }.findAll { !it.startsWith('~') }
                .collectEntries { [(it): new File(basedir, it).exists()] }
        results << result
    }
} finally {
    server.close()
}
println 'ci-pipeline: three runs in ' + String.format('%.1f', (System.nanoTime() - started) / 1e9) + ' s'

def (first, second, third) = results
def recorded = results.collect { r -> (r.log =~ /recorded as run (gpt-4o-mini@\S+) in \.adammeme\/cache\.db/).with { it.find() ? it.group(1) : null } }
// One entry, the served name's (checked below): its fingerprint names the version that answered.
def fingerprint = { r -> r.answers.answeredAs[0].systemFingerprint }
// The README's pom writes an Allure report once allure-maven is in it; until then there is none to keep.
boolean allure = new File(basedir, 'pom.xml').getText('UTF-8').contains('<artifactId>allure-maven</artifactId>')

results.eachWithIndex { r, int i ->
    assert r.ran == ['Fetch the kept results of the run named as the baseline', 'Evaluate the model and decide the release',
                     'The decision in the job summary'] : 'run ' + (i + 1) + ' ran ' + r.ran
    assert r.log.contains('### skipped: Build adammeme-junit\n')
    assert recorded[i] != null : 'run ' + (i + 1) + ' is recorded in the call cache: ' + r.log
    // Asked afresh: every answer the target gave is this run's own, none an earlier run's, none a declared revision's.
    assert r.answers.asked > 0 && r.answers.revision == null && r.answers.resumedFrom == null : r.answers
    assert r.answers.answeredAs*.model == ['gpt-4o-mini'] : r.answers.answeredAs
    assert r.summaryMd != null && r.summary.trim() == r.summaryMd.trim() : 'run ' + (i + 1) + "'s job summary is its summary.md"
    r.uploads.each { upload, exists ->
        assert exists || upload == 'target/site/allure-maven-plugin' && !allure : 'run ' + (i + 1) + ' keeps ' + upload
    }
}
if (!allure) {
    println 'ci-pipeline: the README\'s pom has no allure-maven: target/site/allure-maven-plugin not checked'
}

// 1. The first release, with no baseline: the FR gate alone decides, and passes.
assert first.status == 0 : first.log
assert first.log.contains('AdamMeme: release decision PASSED')
assert !first.log.contains('against gpt-4o-mini') : 'no baseline in the first release'
assert first.summary.contains('PASSED')
assert fingerprint(first) == 'adammeme-simulator-oracle'

// 2. Version 2 under the same name: asked afresh, held against run 1, and the regression is the build's error.
assert second.status == 1 : 'mvn verify exits 1 on the failed decision, and so does the job: ' + second.status
assert fingerprint(second) == 'adammeme-simulator-keyword' : 'the new version is visible in what the run records'
def regression = (second.log =~ /FAILED  (significant regression in overall against gpt-4o-mini \(cache:([^)]+)\): [^\n]*McNemar exact test on (\d+) paired samples \((\d+) passed before and fail now, 0 the reverse\), p = (0\.\d+))/)
assert regression.find() : second.log
assert regression.group(2) == recorded[0] : 'held against run 1: ' + regression.group(0)
assert (regression.group(5) as double) < 0.05
println 'ci-pipeline: run 2: ' + regression.group(1)
assert second.log.contains('PASSED  FR gate overall') : 'the budget holds: the baseline alone decides'
// The regression is the build's error: Maven's last line opens with it (shortened to fit, when it is long, and then
// printed in full on an error line of its own above).
def gateError = second.log.readLines().findAll { it.startsWith('[ERROR] Failed to execute goal io.github.adammeme:adammeme-maven-plugin:') }
assert gateError.size() == 1 && gateError[0].contains(' on project meme-release-gate: significant regression in overall'
        + ' against gpt-4o-mini (cache:') && gateError[0].length() <= 300 : gateError
assert gateError[0].endsWith(': ' + regression.group(1) + ' -> [Help 1]')
        || second.log.contains('[ERROR] AdamMeme: ' + regression.group(1) + '\n') : 'the regression in full'
assert second.log.contains('### run: The decision in the job summary') && second.summary.contains('significant regression in overall')

// 3. Version 1 again: the rejected run 2 is no baseline, so it is held against run 1, and passes.
assert third.status == 0 : third.log
def held = (third.log =~ /PASSED  no significant change in overall against gpt-4o-mini \(cache:([^)]+)\)/)
assert held.find() : third.log
assert held.group(1) == recorded[0] && held.group(1) != recorded[1] : 'held against run 1, not the rejected run 2: ' + held.group(0)
assert fingerprint(third) == 'adammeme-simulator-oracle'
return true
