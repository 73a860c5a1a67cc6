package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.summary.Outcome;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.model.TestResult;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a pair's test shows in Allure: the picture the target saw as a small copy, and who answered. */
class AllureSampleTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void onePictureSeveralTestsShowIsOneSmallJpegTheyAllName() throws Exception {
        // An erased picture of megabytes, as the built-in eraser writes one, shown in two categories of one meme.
        BufferedImage picture = SyntheticMemes.draw("when the coffee kicks in", 1);
        BufferedImage large =
                new BufferedImage(picture.getWidth() * 4, picture.getHeight() * 4, BufferedImage.TYPE_INT_RGB);
        Random grain = new Random(5);
        for (int y = 0; y < large.getHeight(); y++) {
            for (int x = 0; x < large.getWidth(); x++) {
                large.setRGB(x, y, picture.getRGB(x / 4, y / 4) ^ grain.nextInt(0x40) * 0x010101);
            }
        }
        Path erased = dir.resolve("erased.png");
        ImageIO.write(large, "png", erased.toFile());
        Path results = dir.resolve("allure-results");
        RoleEndpoints endpoints = new RoleEndpoints(RoleEndpoints.BUILT_IN, "https://api.example.com/v1", true);

        AllureLifecycle previous = Allure.getLifecycle();
        AllureLifecycle lifecycle = new AllureLifecycle(new FileSystemResultsWriter(results));
        Allure.setLifecycle(lifecycle);
        try {
            for (String category : List.of("race", "religion")) {
                String uuid = UUID.randomUUID().toString();
                lifecycle.scheduleTestCase(new TestResult().setUuid(uuid).setName("meme_01 · " + category));
                lifecycle.startTestCase(uuid);
                AllureSample.sample(
                        new ScoredSample(
                                "meme_01/" + category,
                                "meme_01",
                                category,
                                "a misbelief",
                                "a text",
                                "a text",
                                dir.resolve("meme_01.png").toString(),
                                erased.toString(),
                                Outcome.FAILED,
                                2,
                                "a reference",
                                "an answer",
                                "an explanation",
                                null,
                                null,
                                null,
                                null),
                        erased,
                        "original pairs",
                        "Suite",
                        "vision-1",
                        endpoints);
                lifecycle.stopTestCase(uuid);
                lifecycle.writeTestCase(uuid);
            }
        } finally {
            Allure.setLifecycle(previous);
        }

        List<Path> pictures;
        List<JsonNode> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(results)) {
            List<Path> all = files.toList();
            pictures = all.stream().filter(f -> f.toString().endsWith(".jpg")).toList();
            for (Path f : all.stream()
                    .filter(f -> f.toString().endsWith("-result.json"))
                    .toList()) {
                tests.add(JSON.readTree(f.toFile()));
            }
        }
        assertTrue(Files.size(erased) > 1_000_000, "the picture the target saw: " + Files.size(erased) + " bytes");
        assertEquals(1, pictures.size(), "one copy for both tests: " + pictures);
        assertTrue(Files.size(pictures.get(0)) <= 200 << 10, Files.size(pictures.get(0)) + " bytes");
        for (JsonNode test : tests) {
            JsonNode attached = test.path("attachments").get(0);
            assertEquals(
                    "picture the target saw, text erased or redrawn (JPEG copy, at most 768 px)",
                    attached.path("name").asText());
            assertEquals(
                    pictures.get(0).getFileName().toString(),
                    attached.path("source").asText());
            List<String> tags = new ArrayList<>();
            test.path("labels").forEach(l -> {
                if (l.path("name").asText().equals("tag")) {
                    tags.add(l.path("value").asText());
                }
            });
            assertEquals(List.of("target: built-in simulator", "agents: https://api.example.com/v1"), tags);
        }
    }

    @Test
    void aRoleIsPlayedByTheBuiltInSimulatorOrByAnAddressShownWithoutItsCredentials() {
        Endpoint simulated = new Endpoint("sim:agent", null, null, Duration.ofSeconds(30));
        Endpoint gateway = new Endpoint(
                "vision-1",
                "https://team:s3cret-token@gateway.example/v1?key=s3cret-key",
                "KEY",
                Duration.ofSeconds(30));
        RoleEndpoints roles = RoleEndpoints.of(gateway, simulated);
        assertEquals(RoleEndpoints.BUILT_IN, roles.agents());
        assertTrue(
                roles.target().startsWith("https://") && roles.target().contains("gateway.example/v1"), roles.target());
        assertFalse(roles.target().contains("s3cret"), roles.target());
        assertTrue(roles.simulated(), "a simulated agent makes the scores simulated");
        assertFalse(RoleEndpoints.of(gateway, gateway).simulated());
    }
}
