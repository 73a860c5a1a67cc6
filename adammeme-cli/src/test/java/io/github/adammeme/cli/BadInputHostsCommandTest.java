package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A base URL that would send a key in the clear to a host that only looks local, or whose host the JDK cannot read,
 * stops the command line with exit status 2 and one line naming the setting, with the preflight on or off.
 */
class BadInputHostsCommandTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() throws Exception {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 2);
    }

    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "evaluate|adammeme.target.base-url|http://127.0.0.1.evil.test:18025/v1|the key in HOSTS_CLI_KEY would travel"
                        + " unencrypted over plain http to a host that is not this machine (127.0.0.1.evil.test resolves to no"
                        + " address here); use https, or set adammeme.allow-insecure-http=true if the network between is yours",
                "plan|adammeme.controller.base-url|http://localhost.evil.test/v1|the key in HOSTS_CLI_KEY would travel"
                        + " unencrypted over plain http to a host that is not this machine (localhost.evil.test resolves to no"
                        + " address here); use https, or set adammeme.allow-insecure-http=true if the network between is yours",
                "evaluate|adammeme.target.base-url|http://evil_host.test:18025/v1|'evil_host.test:18025' is not a host and"
                        + " port java.net.URI can read (a host name holds letters, digits, hyphens and dots; a port is a number up"
                        + " to 65535), e.g. http://localhost:8000/v1",
                "plan|adammeme.target.base-url|http://gpu:99999/v1|port 99999 is past 65535, e.g. http://localhost:8000/v1"
            })
    void aBaseUrlThatCannotBeUsedIsABadSettingNamedInOneLine(String command, String key, String url, String why)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(
                new String[] {
                    command,
                    "adammeme.dataset=" + dataset,
                    "adammeme.output-dir=" + dir.resolve("out"),
                    "adammeme.cache=memory",
                    "adammeme.preflight=false",
                    key.replace("base-url", "model") + "=gpt-x",
                    key + "=" + url,
                    key.replace("base-url", "api-key-env") + "=HOSTS_CLI_KEY"
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, exit, err.toString(StandardCharsets.UTF_8));
        assertEquals(
                "adammeme: configuration key '" + key + "' has value '" + url + "': " + why + System.lineSeparator(),
                err.toString(StandardCharsets.UTF_8));
    }
}
