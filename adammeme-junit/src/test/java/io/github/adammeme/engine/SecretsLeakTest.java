package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.testing.RelayEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key that is everywhere an attacker could put it leaves no trace: the endpoint echoes it in its
 * error bodies (as some gateways do), the base URL carries it as user-info, and a user pastes it
 * where its variable's name belongs. After a whole run through the launcher with the Allure listener,
 * as a build runs it, no file under the output folder, the Allure results, the cache file or the
 * console output holds it.
 */
class SecretsLeakTest {

    private static final String VARIABLE = "ADAMMEME_LEAK_TEST_KEY";

    @TempDir
    Path dir;

    @Test
    void theKeyAppearsInNoFileNoReportNoCacheAndNoConsoleLine() throws Exception {
        String key = "sk-leak-" + UUID.randomUUID().toString().replace("-", "");
        Path memes = SyntheticMemes.write(dir.resolve("memes"), 8);
        AtomicInteger sentTheKey = new AtomicInteger();
        AtomicInteger echoed = new AtomicInteger();
        RelayEndpoint.Rewrite gateway = new RelayEndpoint.Rewrite() {
            @Override
            public RelayEndpoint.Reply intercept(String asked, JsonNode request, String authorization) {
                if (authorization != null && authorization.contains(key)) {
                    sentTheKey.incrementAndGet();
                }
                // Every third target call fails with the request's key in its body, as a gateway's error does.
                if ("leaky-model".equals(asked) && request.toString().hashCode() % 3 == 0) {
                    echoed.incrementAndGet();
                    return new RelayEndpoint.Reply(
                            500,
                            "{\"error\": {\"message\": \"upstream rejected the call made with " + authorization
                                    + " (key " + key + ")\", \"type\": \"server_error\"}}");
                }
                return null;
            }

            @Override
            public String model(String asked) {
                return asked.equals("leaky-model") ? "sim:keyword" : asked;
            }

            @Override
            public String answer(String asked, String prompt, JsonNode request, ObjectNode choice, String content) {
                return content;
            }
        };
        Path out = dir.resolve("out");
        Path results = dir.resolve("allure-results");
        Path cache = dir.resolve("cache.db");
        StringBuilder console = new StringBuilder();
        try (RelayEndpoint endpoint = new RelayEndpoint(gateway)) {
            String withUserInfo = endpoint.baseUrl().replace("http://", "http://alice:" + key + "@");
            console.append(run(
                    key,
                    results,
                    "adammeme.dataset=" + memes,
                    "adammeme.target.model=leaky-model",
                    "adammeme.target.base-url=" + withUserInfo,
                    "adammeme.target.api-key-env=" + VARIABLE,
                    "adammeme.controller.base-url=" + endpoint.baseUrl(),
                    "adammeme.seeds=1",
                    "adammeme.iterations=1",
                    "adammeme.max-retries=1",
                    "adammeme.reasks=0",
                    "adammeme.cache=" + cache,
                    "adammeme.progress=false",
                    "adammeme.output-dir=" + out));
            // The key pasted where its variable's name belongs: discovery stops, and says so without it.
            console.append(run(
                    key,
                    results,
                    "adammeme.dataset=" + memes,
                    "adammeme.controller.api-key-env=" + key,
                    "adammeme.output-dir=" + dir.resolve("pasted")));
        }
        assertTrue(sentTheKey.get() > 0, "the key was really used");
        assertTrue(echoed.get() > 0, "the endpoint really echoed it");
        assertTrue(console.toString().contains("[redacted]"), "what was removed is marked: " + console);
        assertTrue(
                Files.readString(out.resolve("samples.jsonl")).contains("[redacted]"),
                "the echoing errors are in the samples");

        List<String> holders = new ArrayList<>();
        int files = 0;
        // Everything the runs left: outputs, Allure results, the cache with its WAL and shared-memory files,
        // and the console logs.
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files++;
                if (contains(file, key)) {
                    holders.add(file.toString());
                }
            }
        }
        System.out.printf(
                "key leak check: key sent in %d requests, echoed by the endpoint %d times; %d files searched"
                        + " (output, Allure results, cache and its WAL, console logs), %d console characters: found in %s%n",
                sentTheKey.get(), echoed.get(), files, console.length(), holders);
        assertEquals(List.of(), holders);
        assertFalse(console.toString().contains(key), "the console never shows the key");
    }

    private static boolean contains(Path file, String key) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return new String(bytes, StandardCharsets.ISO_8859_1).contains(key);
    }

    /** The keyword suite in a child JVM with the key in its environment; its console output. */
    private String run(String key, Path results, String... config) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                AllureRun.class.getName(),
                results.toString()));
        command.addAll(List.of(config));
        Path log = dir.resolve("console-" + System.nanoTime() + ".log");
        ProcessBuilder child =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        child.environment().put(VARIABLE, key);
        Process p = child.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the run ends");
        return Files.readString(log);
    }
}
