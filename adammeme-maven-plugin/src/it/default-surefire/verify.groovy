evaluate(new File(new File(consumer).parentFile, 'Checks.groovy'))
def log = logs[0]
def lastError = lastErrors[0]

assert log.contains('maven-surefire-plugin:2.12.4:test')
assert lastError.contains(': no AdamMeme run to decide on: no summary.json in target/adammeme; ') : lastError
assert lastError.endsWith('; maven-surefire-plugin 2.12.4 (Maven\'s default when the pom names no version) runs no JUnit 5'
        + ' engine, so com.example.HarmfulMemesTest never ran: set maven-surefire-plugin\'s <version> in <build><plugins>'
        + ' (3.5.4 or later) -> [Help 1]') : lastError
return true
