// What a case's verify.groovy reads of the consumer builds: the log of each Maven invocation the case made (its
// invoker.goals.1, .2, ...), and the last line each said was an error.

def all = new File(basedir, 'build.log').getText('UTF-8')
// Every invocation of Maven starts by scanning for projects; what comes before the first is the setup script's.
def starts = all.readLines().findIndexValues { it.contains('[INFO] Scanning for projects...') }.collect { it as int }
def lines = all.readLines()
def logs = starts.withIndex().collect { start, i -> lines.subList(start, i + 1 < starts.size() ? starts[i + 1] : lines.size()).join('\n') }

// Maven's own closing advice, said after every failure, is not the build's error.
def advice = ['', '-> [Help 1]', 'To see the full stack trace of the errors, re-run Maven with the -e switch.',
              'Re-run Maven using the -X switch to enable full debug logging.',
              'For more information about the errors and possible solutions, please read the following articles:']
def lastError = { String log ->
    def errors = log.readLines().findAll { it.startsWith('[ERROR]') }.collect { it.substring('[ERROR]'.length()).trim() }
            .findAll { !(it in advice) && !it.startsWith('[Help 1]') }
    errors ? errors.last() : null
}
binding.variables.logs = logs
binding.variables.lastErrors = logs.collect(lastError)
return true
