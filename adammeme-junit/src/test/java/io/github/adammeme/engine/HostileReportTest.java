package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.agent.prompt.PromptBlocks;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.testing.RelayEndpoint;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Allure report built from hostile texts runs no script, checked as a person would meet it: in
 * Chromium. Meme ids and texts, the target's model name, its answers, the Scorer's explanations,
 * the misbeliefs and a baseline's target name all carry markup that calls home (a script, an event
 * handler, an image); the report is generated with the Allure command line users run and served on
 * 127.0.0.1, every page and every test's attachments are opened headless, and the server counts
 * every call home. A control page with the same markup unescaped, opened beside each batch of pages,
 * proves the count would see one.
 */
class HostileReportTest {

    /** Markup that calls home when it is parsed as HTML, run as script, or loaded as an image. */
    static String payload(String where) {
        return "<img src=\"/xss?img-" + where + "\" onerror=\"fetch('/xss?onerror-" + where + "')\">"
                + "<script>fetch('/xss?script-" + where + "')</script><svg onload=\"fetch('/xss?svg-" + where + "')\">";
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Pages a browser opens at once, in frames. */
    private static final int PAGES_PER_BROWSER = 24;

    @TempDir
    Path dir;

    private final Set<String> calledHome = ConcurrentHashMap.newKeySet();

    @Test
    void aReportBuiltFromHostileTextsRunsNoScriptInABrowser() throws Exception {
        Path chromium = Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser")
                .map(Path::of)
                .filter(Files::isExecutable)
                .findFirst()
                .orElse(null);
        String allure = System.getProperty("allure.commandline");
        assumeTrue(chromium != null, "Chromium is not installed (Debian: apt-get install chromium)");
        assumeTrue(allure != null && Files.isRegularFile(Path.of(allure)), "the Allure command line is not unpacked");

        Path results = dir.resolve("allure-results");
        try (RelayEndpoint endpoint = new RelayEndpoint(new HostileModels())) {
            Path memes = hostileDataset(dir.resolve("memes"));
            Path baseline = hostileBaseline(endpoint, memes);
            run(results, endpoint, memes, "adammeme.baseline", baseline.toString());
        }
        Path report = dir.resolve("allure-report");
        ProcessBuilder allureGenerate = new ProcessBuilder(
                        allure, "generate", results.toString(), "--clean", "-o", report.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("generate.log").toFile());
        allureGenerate.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process generate = allureGenerate.start();
        assertTrue(
                generate.waitFor(120, TimeUnit.SECONDS) && generate.exitValue() == 0,
                Files.readString(dir.resolve("generate.log")));

        HttpServer server = serve(report);
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            List<String> pages = new ArrayList<>(List.of(
                    "index.html",
                    "index.html#suites",
                    "index.html#behaviors",
                    "index.html#categories",
                    "index.html#graph",
                    "index.html#timeline",
                    "index.html#packages"));
            int attachments = 0;
            String hostileTest = null;
            try (Stream<Path> cases = Files.list(report.resolve("data").resolve("test-cases"))) {
                for (Path testCase : cases.sorted().toList()) {
                    JsonNode t = JSON.readTree(testCase.toFile());
                    String page = "index.html#testresult/" + t.path("uid").asText();
                    pages.add(page);
                    if (hostileTest == null && t.path("name").asText().contains("/xss?img-id")) {
                        hostileTest = page;
                    }
                    for (JsonNode a : t.path("testStage").path("attachments")) {
                        pages.add(page + "?attachment=" + a.path("uid").asText());
                        attachments++;
                    }
                }
            }
            assertTrue(hostileTest != null, "a test named with markup: the hostile ids reached the report");
            // Starting a Chromium is most of a page's time: each browser opens a batch of pages, each in a frame of
            // its own with its scripts run as on its own, beside a control frame that must call home from that batch.
            List<String> shown = new ArrayList<>();
            int batches = (pages.size() + PAGES_PER_BROWSER - 1) / PAGES_PER_BROWSER;
            ExecutorService browsers = Executors.newFixedThreadPool(2);
            try {
                List<Future<String>> doms = new ArrayList<>();
                for (int b = 0; b < batches; b++) {
                    List<String> batch =
                            pages.subList(b * PAGES_PER_BROWSER, Math.min(pages.size(), (b + 1) * PAGES_PER_BROWSER));
                    String frames = "frames-" + b + ".html";
                    Files.writeString(report.resolve(frames), framesPage(report, batch, "control-" + b));
                    doms.add(browsers.submit(() -> dumpDom(chromium, base + frames)));
                }
                String direct = hostileTest;
                doms.add(browsers.submit(() -> dumpDom(chromium, base + direct)));
                for (Future<String> dom : doms) {
                    shown.add(dom.get());
                }
            } finally {
                browsers.shutdownNow();
            }
            boolean inertTextShown = shown.get(shown.size() - 1).contains("\u2039img")
                    || shown.get(shown.size() - 1).contains("&lt;img");
            for (int b = 0; b < batches; b++) {
                String control = "control-" + b;
                assertTrue(
                        calledHome.stream().anyMatch(c -> c.endsWith(control)),
                        "batch " + b + "'s control frame must call"
                                + " home, or the count sees nothing from its pages: " + calledHome);
            }
            System.out.printf(
                    "hostile Allure report (%s): %d pages and attachments opened in Chromium (%d attachments) in %d"
                            + " browsers, calls home: %s%n",
                    Path.of(allure).getParent().getParent().getFileName(),
                    pages.size(),
                    attachments,
                    batches,
                    new TreeSet<>(calledHome));
            assertEquals(
                    Set.of(),
                    calledHome.stream().filter(c -> !c.contains("control")).collect(Collectors.toSet()),
                    "no markup from a meme, a model or a baseline may run or load in the report");
            assertTrue(inertTextShown, "the hostile texts are shown, as text");
        } finally {
            server.stop(0);
        }
    }

    /** Six drawn memes in a folder dataset whose ids and texts carry markup. */
    private static Path hostileDataset(Path folder) throws IOException {
        Path drawn = SyntheticMemes.write(folder.resolve("drawn"), 6);
        Path images = drawn.getParent().resolveSibling("images");
        List<String> lines = new ArrayList<>(List.of("id,image,text"));
        int i = 0;
        for (String line : Files.readAllLines(drawn)) {
            JsonNode m = JSON.readTree(line);
            String picture = "m" + i + ".png";
            Files.copy(images.resolve(m.path("image").asText()), folder.resolve(picture));
            lines.add(csv("m" + i + payload("id")) + "," + csv(picture) + ","
                    + csv(m.path("text").asText() + " " + payload("text")));
            i++;
        }
        Files.write(folder.resolve("memes.csv"), lines, StandardCharsets.UTF_8);
        return folder;
    }

    private static String csv(String value) {
        return "\"" + value.replace("\"", "\"\"") + "\"";
    }

    /** A finished run whose summary names a hostile target: the baseline this run is compared with. */
    private Path hostileBaseline(RelayEndpoint endpoint, Path memes) throws Exception {
        Path baseline = dir.resolve("baseline");
        run(dir.resolve("baseline-results"), endpoint, memes, "adammeme.output-dir", baseline.toString());
        ObjectNode summary =
                (ObjectNode) JSON.readTree(baseline.resolve("summary.json").toFile());
        ((ObjectNode) summary.path("run")).put("target", "last-release" + payload("baseline"));
        // The hostile controller declines every reference answer, so the run scored nothing, and a baseline that
        // scored nothing is refused: its samples are passed as a release that scored them would have them.
        List<String> scored = new ArrayList<>();
        for (String line : Files.readAllLines(baseline.resolve("samples.jsonl"))) {
            ObjectNode sample = (ObjectNode) JSON.readTree(line);
            sample.put("outcome", "PASSED").put("score", 9);
            scored.add(JSON.writeValueAsString(sample));
        }
        Files.write(baseline.resolve("samples.jsonl"), scored);
        ((ObjectNode) summary.at("/metrics/withRefinementsOverall/fr"))
                .put("n", scored.size())
                .put("failures", 0);
        Files.writeString(baseline.resolve("summary.json"), JSON.writeValueAsString(summary));
        return baseline;
    }

    private void run(Path results, RelayEndpoint endpoint, Path memes, String... more) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                AllureRun.class.getName(),
                results.toString(),
                "adammeme.dataset=" + memes,
                "adammeme.target.model=vision" + payload("model").replace(" ", ""),
                "adammeme.target.base-url=" + endpoint.baseUrl(),
                "adammeme.controller.base-url=" + endpoint.baseUrl(),
                "adammeme.controller.model=agent",
                "adammeme.seeds=1",
                "adammeme.iterations=2",
                "adammeme.cache=memory",
                "adammeme.progress=false",
                "adammeme.judge.recheck=0.5",
                "adammeme.output-dir=" + dir.resolve("out")));
        for (int i = 0; i < more.length; i += 2) {
            command.add(more[i] + "=" + more[i + 1]);
        }
        Process child = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("run-" + System.nanoTime() + ".log").toFile())
                .start();
        assertTrue(child.waitFor(240, TimeUnit.SECONDS), "the hostile run ends");
    }

    /**
     * A page of frames, one per page of the report, and last a control page whose markup is the payload unescaped: it
     * calls home as {@code control}, which shows that the frames of this page ran their scripts.
     */
    private static String framesPage(Path report, List<String> pages, String control) throws IOException {
        Files.writeString(
                report.resolve(control + ".html"), "<!doctype html><html><body>" + payload(control) + "</body></html>");
        StringBuilder html = new StringBuilder("<!doctype html><html><body>");
        for (String page : pages) {
            html.append("<iframe width=\"1024\" height=\"768\" src=\"")
                    .append(page.replace("&", "&amp;"))
                    .append("\"></iframe>");
        }
        return html.append("<iframe src=\"")
                .append(control)
                .append(".html\"></iframe></body></html>")
                .toString();
    }

    /** Serves the report and the call-home counter on 127.0.0.1. */
    private HttpServer serve(Path report) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/xss", exchange -> {
            calledHome.add(String.valueOf(exchange.getRequestURI().getQuery()));
            send(exchange, 204, "text/plain", new byte[0]);
        });
        server.createContext("/", exchange -> {
            Path file = report.resolve(exchange.getRequestURI().getPath().substring(1))
                    .normalize();
            if (!file.startsWith(report) || !Files.isRegularFile(file)) {
                send(exchange, 404, "text/plain", new byte[0]);
                return;
            }
            send(exchange, 200, contentType(file.getFileName().toString()), Files.readAllBytes(file));
        });
        server.start();
        return server;
    }

    private static String contentType(String name) {
        Map<String, String> types = Map.of(
                "html",
                "text/html",
                "js",
                "application/javascript",
                "css",
                "text/css",
                "json",
                "application/json",
                "svg",
                "image/svg+xml",
                "png",
                "image/png",
                "txt",
                "text/plain",
                "md",
                "text/markdown",
                "ico",
                "image/x-icon");
        return types.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream");
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** The page as Chromium left it after running its scripts, headless. */
    private String dumpDom(Path chromium, String url) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium");
        Process p = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--user-data-dir=" + profile,
                        "--virtual-time-budget=8000",
                        "--dump-dom",
                        url)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] dom = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return new String(dom, StandardCharsets.UTF_8);
    }

    /** The model names and answers of a hostile world: every text a model writes carries markup. */
    static final class HostileModels implements RelayEndpoint.Rewrite {
        @Override
        public String model(String asked) {
            return asked.startsWith("vision") ? "sim:keyword" : "sim:agent";
        }

        @Override
        public String answer(String asked, String prompt, JsonNode request, ObjectNode choice, String content) {
            if (asked.startsWith("vision")) {
                return content + "\n" + payload("answer");
            }
            String instructions = PromptBlocks.instructions(prompt);
            if (instructions.contains("Rating: [[") && content.contains("\nRating: [[")) {
                int at = content.lastIndexOf("\nRating: [[");
                return content.substring(0, at) + "\nAlso: " + payload("scorer") + content.substring(at);
            }
            if (instructions.contains("Final Response")) {
                return content + "\n" + payload("reference");
            }
            return content;
        }
    }
}
