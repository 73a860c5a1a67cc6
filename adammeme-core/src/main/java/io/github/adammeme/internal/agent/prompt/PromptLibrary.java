package io.github.adammeme.internal.agent.prompt;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.Analysis;
import io.github.adammeme.internal.agent.Taxonomy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The agents' templates: the ones packaged in the jar, each replaceable by a file of the same
 * name in a directory the user configures ({@code adammeme.prompts}).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PromptLibrary {

    /** The agent roles that have a template, each in a file {@code <role>.txt}. */
    public static final List<String> ROLES = List.of(
            "miner", "examiner", "judge", "narrator", "candidate", "senior", "target", "refusal", "scorer", "refiner");

    /**
     * The roles with a second template that shows them the meme's picture alone, as the paper's reference code
     * does ({@code adammeme.mining.meme-text=false}): {@code picture-only/<role>.txt}.
     */
    public static final List<String> PICTURE_ONLY_ROLES = List.of("miner", "examiner", "narrator");

    private static final String PICTURE_ONLY = "picture-only/";

    /** Anything between double braces: a placeholder, or a misspelt one. */
    private static final Pattern BRACES = Pattern.compile("\\{\\{[^{}\\n]{0,100}}}");

    private static final String PACKAGED = "io/github/adammeme/prompts/";

    /**
     * The values each role's agent fills in: a template may use these and no others (an unknown
     * placeholder would be found only when the first call of that role is made, after others were paid).
     */
    private static final Map<String, List<String>> GIVEN = Map.of(
            "miner", List.of("meme_text", "taxonomy"),
            "examiner", List.of("meme_text", "category", "category_description"),
            "judge", List.of("taxonomy", "category", "category_description"),
            "narrator", List.of("meme_text", "category", "category_description"),
            "candidate", List.of("meme_text", "question"),
            "senior", List.of("meme_text", "category", "candidate_1", "candidate_2", "candidate_3"),
            "target", List.of("meme_text", "question"),
            "refusal", List.of("question", "answer"),
            "scorer", List.of("meme_text", "question", "reference_answer", "target_answer"),
            "refiner", List.of("meme_text", "category", "misbelief", "score", "examples"));

    /**
     * The values a template must use: without one the role still answers, but about something else (a
     * target that never sees the meme's text, a Scorer that never sees the answer it rates), and the
     * figures change without a word. A category's description, the Refiner's score and the Scorer's view of
     * the meme and question are aids a template may do without.
     */
    private static final Map<String, List<String>> NEEDED = Map.of(
            "miner", List.of("meme_text", "taxonomy"),
            "examiner", List.of("meme_text", "category"),
            "judge", List.of("taxonomy", "category"),
            "narrator", List.of("meme_text", "category"),
            "candidate", List.of("meme_text", "question"),
            "senior", List.of("meme_text", "category", "candidate_1", "candidate_2", "candidate_3"),
            "target", List.of("meme_text", "question"),
            "refusal", List.of("question", "answer"),
            "scorer", List.of("reference_answer", "target_answer"),
            "refiner", List.of("meme_text", "category", "misbelief", "examples"));

    /** What a picture-only template must use: everything its role needs but the meme's text, which it reads off the picture. */
    private static final Map<String, List<String>> NEEDED_WITHOUT_TEXT = Map.of(
            "miner", List.of("taxonomy"),
            "examiner", List.of("category"),
            "narrator", List.of("category"));

    /** Far above any template or taxonomy (the packaged ones are a few kilobytes): a file past it is not one. */
    static final long MAX_FILE_BYTES = 1 << 20;

    private final Map<String, PromptTemplate> templates;
    private final Map<String, PromptTemplate> pictureOnly;
    private final String taxonomyJson;
    private final String taxonomyOrigin;
    private final CategoryInstructions instructions;
    private final boolean instructed;

    private PromptLibrary(
            Map<String, PromptTemplate> templates,
            Map<String, PromptTemplate> pictureOnly,
            String taxonomyJson,
            String taxonomyOrigin,
            CategoryInstructions instructions,
            boolean instructed) {
        this.templates = templates;
        this.pictureOnly = pictureOnly;
        this.taxonomyJson = taxonomyJson;
        this.taxonomyOrigin = taxonomyOrigin;
        this.instructions = instructions;
        this.instructed = instructed;
    }

    /**
     * The templates and taxonomy packaged in the jar.
     *
     * @return the library
     */
    public static PromptLibrary packaged() {
        return load(null);
    }

    /**
     * @param overrides a directory whose {@code <role>.txt} and {@code taxonomy.json} win, or null
     * @return the library
     * @throws IllegalArgumentException when the directory does not exist, or a template in it is malformed or
     *     not a regular file
     */
    public static PromptLibrary load(@Nullable Path overrides) {
        if (overrides != null && !Files.isDirectory(overrides)) {
            throw new IllegalArgumentException("prompt directory " + overrides + " does not exist");
        }
        Map<String, PromptTemplate> templates = new LinkedHashMap<>();
        for (String role : ROLES) {
            String file = role + ".txt";
            Source source = read(overrides, file);
            PromptTemplate template = PromptTemplate.parse(role, source.text, source.origin);
            checkPlaceholders(role, template, source, Objects.requireNonNull(NEEDED.get(role), "every role"));
            templates.put(role, template);
        }
        Map<String, PromptTemplate> pictureOnly = new LinkedHashMap<>();
        for (String role : PICTURE_ONLY_ROLES) {
            Source source = read(overrides, PICTURE_ONLY + role + ".txt");
            PromptTemplate template = PromptTemplate.parse(role, source.text, source.origin);
            checkPlaceholders(
                    role, template, source, Objects.requireNonNull(NEEDED_WITHOUT_TEXT.get(role), "every role"));
            pictureOnly.put(role, template);
        }
        Source taxonomy = read(overrides, "taxonomy.json");
        // Parsed now, so that a taxonomy a run cannot start from stops discovery, not the run.
        Taxonomy.fromJson(taxonomy.text, taxonomy.origin);
        Source instructions = read(overrides, "category-instructions.json");
        return new PromptLibrary(
                templates,
                pictureOnly,
                taxonomy.text,
                taxonomy.origin,
                CategoryInstructions.fromJson(instructions.text, instructions.origin),
                false);
    }

    /**
     * This library as a run uses it: the Miners, Examiner and Narrator shown the meme's picture alone when they are
     * not given its text, and the Candidates and the target told what to look for in each category when asked to.
     *
     * @param miningMemeText       whether the mining agents are given the meme's text ({@code adammeme.mining.meme-text})
     * @param categoryInstructions whether the question carries the category's instruction
     *                             ({@code adammeme.category-instructions})
     * @return the library
     */
    public PromptLibrary forRun(boolean miningMemeText, boolean categoryInstructions) {
        Map<String, PromptTemplate> used = new LinkedHashMap<>(templates);
        if (!miningMemeText) {
            used.putAll(pictureOnly);
        }
        return new PromptLibrary(used, pictureOnly, taxonomyJson, taxonomyOrigin, instructions, categoryInstructions);
    }

    /**
     * What the Candidates and the target are asked, and the Scorer and the refusal check told they were asked.
     *
     * @param category the category the meme is judged on
     * @return the paper's question, with what to look for in the category when the run asks for instructions
     */
    public String question(String category) {
        return instructed ? instructions.question(category) : Analysis.question(category);
    }

    /** @throws IllegalArgumentException naming the file, line and placeholder a role does not fill, or one it needs */
    private static void checkPlaceholders(String role, PromptTemplate template, Source source, List<String> needed) {
        List<String> given = Objects.requireNonNull(GIVEN.get(role), "every role");
        Matcher braces = BRACES.matcher(source.text);
        while (braces.find()) {
            if (!TemplateParser.PLACEHOLDER.matcher(braces.group()).matches()) {
                throw new IllegalArgumentException("prompt template " + source.origin + " line "
                        + lineOf(source.text, braces.group()) + ": " + braces.group()
                        + " is not a placeholder (lowercase letters, digits and _"
                        + " between {{ and }}) and would reach the model as it stands; the " + role + " is given "
                        + braced(given));
            }
        }
        for (String used : template.placeholders()) {
            if (!given.contains(used)) {
                String placeholder = "{{" + used + "}}";
                throw new IllegalArgumentException(
                        "prompt template " + source.origin + " line " + lineOf(source.text, placeholder) + ": "
                                + placeholder + " is not a value the " + role + " is given; it is given "
                                + braced(given));
            }
        }
        for (String one : needed) {
            if (!template.placeholders().contains(one)) {
                throw new IllegalArgumentException("prompt template " + source.origin + " has no {{" + one + "}}: the "
                        + role + " would answer without it and the figures would change without a word; a " + role
                        + " template needs " + braced(needed));
            }
        }
    }

    private static String braced(List<String> names) {
        return String.join(", ", names.stream().map(n -> "{{" + n + "}}").toList());
    }

    private static long lineOf(String text, String placeholder) {
        int at = text.indexOf(placeholder);
        return at < 0 ? 0 : text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    private record Source(String text, String origin) {}

    private static Source read(@Nullable Path overrides, String file) {
        if (overrides != null
                && Files.exists(overrides.resolve(file))
                && !Files.isRegularFile(overrides.resolve(file))) {
            // A pipe would block the read, a device never end it; and a replacement is never silently ignored.
            throw new IllegalArgumentException("prompt file " + overrides.resolve(file) + " is not a regular file");
        }
        if (overrides != null && Files.isRegularFile(overrides.resolve(file))) {
            Path path = overrides.resolve(file);
            try {
                long size = Files.size(path);
                if (size > MAX_FILE_BYTES) {
                    throw new IllegalArgumentException(
                            "prompt file " + path + " is " + size + " bytes, over the limit of " + MAX_FILE_BYTES);
                }
                return new Source(Files.readString(path, StandardCharsets.UTF_8), path.toString());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read prompt file " + path, e);
            }
        }
        try (InputStream in = PromptLibrary.class.getClassLoader().getResourceAsStream(PACKAGED + file)) {
            if (in == null) {
                throw new IllegalStateException("packaged prompt " + PACKAGED + file + " is missing from the jar");
            }
            return new Source(new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + PACKAGED + file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read packaged prompt " + file, e);
        }
    }

    /**
     * @param role one of {@link #ROLES}
     * @return its template
     * @throws IllegalArgumentException when there is none
     */
    public PromptTemplate get(String role) {
        PromptTemplate t = templates.get(role);
        if (t == null) {
            throw new IllegalArgumentException("no prompt template for role " + role);
        }
        return t;
    }

    /**
     * Template digests by role, for reports: a run's figures are tied to the prompts that made them.
     *
     * @return role to digest, in the order of {@link #ROLES}
     */
    public Map<String, String> digests() {
        Map<String, String> out = new LinkedHashMap<>();
        templates.forEach((role, t) -> out.put(role, t.digest()));
        return out;
    }

    /**
     * The taxonomy a run starts from ({@code taxonomy.json}): the paper's initial categories unless replaced.
     *
     * @return the taxonomy
     */
    public Taxonomy initialTaxonomy() {
        return Taxonomy.fromJson(taxonomyJson, taxonomyOrigin);
    }
}
