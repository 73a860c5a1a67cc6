package io.github.adammeme.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.settings.KnownKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation a user follows: a README short enough to read through, opening with the two commands
 * that show the tool working, and links between README.md, CONTRIBUTING.md and the pages under docs/ that
 * all arrive somewhere, headings included, as GitHub renders them.
 */
class DocumentationTest {

    private static final int README_MAX_LINES = 250;
    private static final int README_OPENING_LINES = 20;
    private static final List<String> README_COMMANDS =
            List.of("mvn -B -Pevaluate -pl sample-tests -am clean verify", "mvn -B verify");

    // An inline link or image, [text](target) or [text](target "title"); the text may hold `code`.
    private static final Pattern LINK =
            Pattern.compile("!?\\[([^\\]]*)]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)(?:\\s+#+)?\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    private static final Pattern INLINE_CODE = Pattern.compile("`+[^`]*`+");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    private static final Path ROOT = projectRoot();

    @Test
    void readmeIsShortAndOpensWithTheTwoCommands() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(
                lines.size() <= README_MAX_LINES,
                "README.md has " + lines.size() + " lines, more than " + README_MAX_LINES + ": move detail into docs/");
        List<String> opening = lines.subList(0, Math.min(README_OPENING_LINES, lines.size()));
        for (String command : README_COMMANDS) {
            assertTrue(
                    opening.stream()
                            .anyMatch(line ->
                                    line.strip().equals(command) || line.strip().startsWith(command + " ")),
                    "README.md's first " + README_OPENING_LINES + " lines do not carry the command: " + command);
        }
    }

    /**
     * docs/configuration.md's table is the keys' reference for users: one row per key the library reads (rows may
     * share keys, {@code `adammeme.target.rpm` / `.tpm`}), and no row for a key it does not.
     */
    @Test
    void theConfigurationTableNamesEveryKeyOfConstantsAndNoOther() throws IOException {
        Set<String> documented = new TreeSet<>();
        for (String line :
                Files.readAllLines(ROOT.resolve("docs").resolve("configuration.md"), StandardCharsets.UTF_8)) {
            if (!line.startsWith("| `adammeme.")) {
                continue;
            }
            String parent = "";
            Matcher key = Pattern.compile("`([^`]+)`").matcher(line.split("\\|")[1]);
            while (key.find()) {
                String name = key.group(1);
                String full = name.startsWith(".") ? parent + name : name;
                if (!name.startsWith(".")) {
                    parent = full.substring(0, full.lastIndexOf('.'));
                }
                // A family is written with its placeholder: adammeme.price.<model>.
                documented.add(full.replaceAll("<[a-z]+>$", ""));
            }
        }
        Set<String> known = new TreeSet<>(KnownKeys.keys());
        known.addAll(KnownKeys.families());
        assertEquals(known, documented, "docs/configuration.md's key table against io.github.adammeme.Constants");
    }

    @Test
    void everyRelativeLinkReachesAFileAndItsHeading() {
        List<Path> documents = documents();
        assertTrue(documents.size() >= 3, "found only " + documents);
        List<String> broken = new ArrayList<>();
        for (Path document : documents) {
            broken.addAll(brokenLinks(document));
        }
        assertEquals(List.of(), broken, "links that lead nowhere");
    }

    @Test
    void everyPageUnderDocsIsLinkedFromTheReadme() {
        Set<Path> linked = new LinkedHashSet<>();
        for (Link link : links(ROOT.resolve("README.md"))) {
            if (!link.isExternal() && !link.path().isEmpty()) {
                linked.add(ROOT.resolve(link.path()).normalize());
            }
        }
        List<Path> orphans = docsPages().stream()
                .filter(page -> !linked.contains(page.normalize()))
                .toList();
        assertEquals(List.of(), orphans, "pages under docs/ that README.md does not link");
    }

    @Test
    void theCheckFindsAMissingFileAndAMissingHeading(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("page.md"), """
                # A page

                ## Text on the picture

                ## What it costs, in `USD`
                """);
        Files.writeString(dir.resolve("index.md"), """
                # Index

                [good](page.md#text-on-the-picture), [code in heading](page.md#what-it-costs-in-usd),
                [top](#index), [external](https://example.com/missing.md)

                ```
                [inside a code block](nowhere.md)
                ```

                [no file](nowhere.md), [no heading](page.md#text-on-a-picture), `[code](gone.md)` [self](#nope)
                """);
        List<String> broken = brokenLinks(dir.resolve("index.md"));
        assertEquals(3, broken.size(), () -> "broken: " + broken);
        assertTrue(broken.get(0).contains("nowhere.md") && broken.get(0).contains("index.md:10"), broken.get(0));
        assertTrue(broken.get(1).contains("#text-on-a-picture"), broken.get(1));
        assertTrue(broken.get(2).contains("#nope"), broken.get(2));
    }

    @Test
    void slugsFollowGitHub() {
        assertEquals("speed-and-the-benchmark", slug("Speed, and the benchmark"));
        assertEquals(
                "importing-the-reference-implementations-runs", slug("Importing the reference implementation's runs"));
        assertEquals("batch-mode-keys", slug("Batch mode **keys**"));
        assertEquals("the-adammemegate-key", slug("The `adammeme.gate` key"));
        assertEquals("see-the-table", slug("See [the table](x.md)"));
    }

    /** Links in one Markdown file whose file or heading does not exist, each as "file:line: target (why)". */
    private static List<String> brokenLinks(Path document) {
        List<String> broken = new ArrayList<>();
        for (Link link : links(document)) {
            if (link.isExternal()) {
                continue;
            }
            Path target = link.path().isEmpty()
                    ? document
                    : document.getParent().resolve(link.path()).normalize();
            String where =
                    ROOT.relativize(document.toAbsolutePath().normalize()) + ":" + link.line() + ": " + link.target();
            if (!Files.exists(target)) {
                broken.add(where + " (no file " + target + ")");
            } else if (!link.anchor().isEmpty()
                    && target.toString().endsWith(".md")
                    && !anchors(target).contains(link.anchor())) {
                broken.add(
                        where + " (no heading with the anchor #" + link.anchor() + " in " + target.getFileName() + ")");
            }
        }
        return broken;
    }

    private record Link(int line, String target) {

        boolean isExternal() {
            return SCHEME.matcher(target).find() || target.startsWith("//");
        }

        String path() {
            int hash = target.indexOf('#');
            return hash < 0 ? target : target.substring(0, hash);
        }

        String anchor() {
            int hash = target.indexOf('#');
            return hash < 0 ? "" : target.substring(hash + 1);
        }
    }

    /** The inline links of a Markdown file, outside fenced code blocks and inline code. */
    private static List<Link> links(Path document) {
        List<Link> links = new ArrayList<>();
        boolean fenced = false;
        List<String> lines = read(document);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (m.find()) {
                links.add(new Link(i + 1, m.group(2)));
            }
        }
        return links;
    }

    /** The anchors GitHub gives a file's headings: a repeated slug gets -1, -2, ... in order. */
    private static Set<String> anchors(Path document) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : read(document)) {
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!fenced && m.matches()) {
                String slug = slug(m.group(2));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /**
     * GitHub's heading slug: the rendered text (link targets and emphasis marks gone, code kept as text),
     * lower-cased, every character but letters, marks, digits, connector punctuation, spaces and hyphens
     * dropped, and spaces turned into hyphens.
     */
    private static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1").replaceAll("[*`]", "");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
                .replace(' ', '-');
    }

    private static List<Path> documents() {
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        documents.addAll(docsPages());
        return documents;
    }

    private static List<Path> docsPages() {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            return files.filter(f -> f.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no README.md beside a docs folder above " + Path.of("").toAbsolutePath());
    }
}
