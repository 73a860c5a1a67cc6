// What a GitHub-hosted runner does with one job of a workflow, for the steps this machine can run: each run: step
// in order as `bash -e` (the runner's shell for run: on Linux), in the workspace, with the workflow's env, then the
// step's, and GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE, GITHUB_REPOSITORY and RUNNER_TEMP; after a failed step only the
// steps whose if: is always(). An action (uses:) does not run here: the case does what it would have done. ${{ }}
// expressions are evaluated from the terms a case gives and `a || 'b'`; a term or a condition no case gives fails
// the case, so a page that comes to depend on one is not run half right.
//
// In the binding: `job`, the job's node as Jackson reads the workflow; `workflowEnv`, the workflow's env node.
// Out: `runJob(workspace, path, terms, conditions)` runs the job once and returns [status, log, summary, ran].

import com.fasterxml.jackson.databind.JsonNode
import java.util.concurrent.TimeUnit

def evaluate = { String text, Map terms ->
    text.replaceAll(/\$\{\{\s*(.*?)\s*}}/) { all, String body ->
        body.split(/\s*\|\|\s*/).collect { String term ->
            if (term ==~ /'[^']*'/) {
                return term[1..-2]
            }
            if (!terms.containsKey(term)) {
                throw new IllegalStateException("the page's workflow uses \${{ " + body + " }}, and this case gives no "
                        + term + ": give it, or keep the page to the terms it knows, " + terms.keySet())
            }
            terms[term]
        }.find { it } ?: ''
    }
}

def environment = { JsonNode node, Map terms ->
    Map env = [:]
    node?.fields()?.each { env[it.key] = evaluate(it.value.asText(), terms) }
    env
}

binding.variables.runJob = { File workspace, String path, Map terms, Map<String, Boolean> conditions ->
    def temp = new File(workspace, '../runner-temp')
    temp.mkdirs()
    def summary = new File(temp, 'step-summary.md')
    summary.text = ''
    Map base = new LinkedHashMap(System.getenv())
    base.putAll([CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace.path, GITHUB_REPOSITORY: 'example/meme-release-gate',
                 GITHUB_STEP_SUMMARY: summary.path, RUNNER_TEMP: temp.path, PATH: path])
    base.putAll(environment(workflowEnv, terms))
    def log = new StringBuilder()
    int status = 0
    def ran = []
    job.get('steps').eachWithIndex { JsonNode step, int i ->
        String name = step.has('name') ? step.get('name').asText() : step.has('uses') ? step.get('uses').asText()
                : step.get('run').asText().readLines()[0]
        String condition = step.path('if').asText('')
        boolean runs
        if (condition == 'always()') {
            runs = true
        } else if (condition.isEmpty()) {
            runs = status == 0
        } else if (conditions.containsKey(condition)) {
            runs = status == 0 && conditions[condition]
        } else {
            throw new IllegalStateException("step '" + name + "' runs if: " + condition + ", which no case decides")
        }
        if (!runs || !step.has('run')) {
            log << "### skipped: " << name << (step.has('uses') && runs ? ' (an action: the case stands in for it)' : '') << '\n'
            return
        }
        Map env = new LinkedHashMap(base)
        env.putAll(environment(step.get('env'), terms))
        def script = new File(temp, 'step-' + i + '.sh')
        script.setText(step.get('run').asText(), 'UTF-8')
        def process = new ProcessBuilder('bash', '-e', script.path).directory(workspace).redirectErrorStream(true)
        process.environment().clear()
        process.environment().putAll(env)
        def started = process.start()
        log << "### run: " << name << '\n'
        def output = new StringBuilder()
        def reader = Thread.start { started.inputStream.withReader('UTF-8') { r -> r.eachLine { output << it << '\n' } } }
        if (!started.waitFor(15, TimeUnit.MINUTES)) {
            started.destroyForcibly()
            throw new IllegalStateException("step '" + name + "' did not end within 15 minutes")
        }
        reader.join()
        log << output
        int exit = started.exitValue()
        log << "### exit " << exit << ": " << name << '\n'
        ran << name
        if (exit != 0 && status == 0) {
            status = exit
        }
    }
    [status: status, log: log.toString(), summary: summary.getText('UTF-8'), ran: ran]
}
return true
