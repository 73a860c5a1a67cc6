evaluate(new File(new File(consumer).parentFile, 'Checks.groovy'))
def log = logs[0]
def lastError = lastErrors[0]

assert log.contains('maven-surefire-plugin:2.12.4:test')
assert lastError.contains(': no AdamMeme run to decide on: no summary.json in target/adammeme; ') : lastError
// Maven's last line keeps within 300 characters with its own words; the whole reason is printed just above it.
assert ('[ERROR] ' + lastError).length() <= 300 : lastError.length() + ': ' + lastError
assert lastError.endsWith(' (3.5.4 or later) -> [Help 1]') : lastError
assert log.contains('; maven-surefire-plugin 2.12.4 (Maven\'s default when the pom names no version) runs no JUnit 5'
        + ' engine, so com.example.HarmfulMemesTest never ran: set maven-surefire-plugin\'s <version> in <build><plugins>'
        + ' (3.5.4 or later)\n') : 'the reason in full'
return true
