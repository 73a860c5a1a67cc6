package io.github.adammeme.internal.pipeline.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.data.DatasetFormat;
import io.github.adammeme.internal.data.DatasetLimits;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.RoleImages;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.StructuredOutput;
import io.github.adammeme.internal.llm.batch.BatchSettings;
import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.resilience.EndpointChecks;
import io.github.adammeme.internal.llm.resilience.RetryPolicy;
import io.github.adammeme.internal.pipeline.NewCategoryVote;
import io.github.adammeme.internal.pipeline.RefinementOrder;
import io.github.adammeme.internal.pipeline.RefinerPicture;
import io.github.adammeme.internal.pipeline.TextPlacement;
import io.github.adammeme.internal.pipeline.run.Shard;
import io.github.adammeme.internal.pipeline.run.Stages;
import io.github.adammeme.internal.retrieval.Retrieval;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Everything one evaluation needs to know, validated: the datasets and prompts, then the models,
 * the method's parameters, how pictures are sent, the run's limits and where its results go. Built
 * from {@code adammeme.*} keys with {@link #from(Map)}; every bad value fails there, before any
 * call is made.
 *
 * @param datasets      the dataset files, or hard-case banks to replay
 * @param datasetFormat the datasets' format, or null to tell by each file's name
 * @param prompts       a folder of templates replacing the packaged ones, or null
 * @param models        the target, the agents' model and how they are called
 * @param method        the AdamMeme method's parameters
 * @param details       the finer points where this implementation and the paper's reference code differ
 * @param images        how pictures are bounded and shown to each role
 * @param limits        concurrency, prices and the budget
 * @param outputs       the output folder and the call cache
 */
@API(status = INTERNAL, since = "0.1.0")
public record EvaluationConfig(
        List<Path> datasets,
        @Nullable DatasetFormat datasetFormat,
        @Nullable Path prompts,
        Models models,
        Method method,
        Details details,
        Images images,
        Limits limits,
        Outputs outputs) {

    /** The target when none is configured: the simulator's keyword matcher. */
    public static final String DEFAULT_TARGET = "sim:keyword";
    /** The agents' model when none is configured: the simulator's agent. */
    public static final String DEFAULT_CONTROLLER = "sim:agent";
    /** The base URL of a model that is not the simulator's and has none configured: OpenAI itself. */
    public static final String OPENAI_BASE_URL = EndpointKeys.OPENAI_BASE_URL;

    /**
     * The models and how they are called.
     *
     * @param target               the model under test
     * @param targetTemperature    the target's sampling temperature
     * @param controller           the agents' model
     * @param judgeSecondModel     a second Scorer's model for the re-check, or null
     * @param structuredOutput     whether agents' answers are asked for in a JSON schema
     * @param replicasInOneRequest whether the 3 Miners and 3 Candidates are one request's choices
     * @param maxTokens            the most tokens an answer may have, or null for no cap
     * @param retries              how failed calls are asked again
     * @param batch                whether and which calls go through the Batch API
     * @param checks               the preflight and the circuit breaker that make sure the endpoints can be used
     * @param targetRevision       the target's version as the user declared it, whose answers any run of it may reuse;
     *                             null when undeclared, and then the target's answers belong to the run
     */
    public record Models(
            Endpoint target,
            double targetTemperature,
            Endpoint controller,
            @Nullable String judgeSecondModel,
            StructuredOutput structuredOutput,
            boolean replicasInOneRequest,
            @Nullable Integer maxTokens,
            RetryPolicy retries,
            BatchSettings batch,
            EndpointChecks checks,
            @Nullable String targetRevision) {}

    /**
     * The method's parameters (Algorithm 1 and the scoring rules).
     *
     * @param threshold              a score below it fails
     * @param samplesPerCategory     pairs scored per category
     * @param seeds                  failed pairs refined per category
     * @param iterations             refinement steps per seed
     * @param miningBatchSize        memes mined before their proposals are examined
     * @param miningLookahead        batches mined ahead on an older taxonomy
     * @param newCategoryVote        when a meme joins a category admitted on its own proposal
     * @param randomSeed             seeds every sampling choice
     * @param reasks                 times an unreadable answer is asked again
     * @param refusalCountsAsFailure whether a refusal counts in FR as a failure
     * @param judgeRecheck           share of scores checked a second time
     * @param refinementOrder        in which order seeds are refined
     * @param refinedText            where a rewrite's text is shown
     * @param stages                 which stages run
     * @param shard                  this process's share of the pairs
     * @param preset                 the method the settings started from: the defaults, or the paper's
     */
    public record Method(
            double threshold,
            int samplesPerCategory,
            int seeds,
            int iterations,
            int miningBatchSize,
            int miningLookahead,
            NewCategoryVote newCategoryVote,
            long randomSeed,
            int reasks,
            boolean refusalCountsAsFailure,
            double judgeRecheck,
            RefinementOrder refinementOrder,
            TextPlacement refinedText,
            Stages stages,
            Shard shard,
            MethodPreset preset) {}

    /**
     * The finer points of the method, each the paper's (or, where the paper is silent, its reference code's) way
     * or this implementation's: docs/method.md's departures table gives each one's reason and measured effect.
     *
     * @param refusalDetection     whether the target's answers are checked for refusals, kept apart as REFUSED
     * @param miningMemeText       whether the Miners, Examiner and Narrator are given the meme text beside the picture
     * @param retrieval            which words BM25 matches, and whether a case is among its own examples
     * @param refinerPicture       the picture the Refiner is shown of the meme it rewrites
     * @param decimalRatings       whether a Scorer's {@code [[6.0]]} is read as 6 rather than asked again
     * @param categoryInstructions whether the Candidates and the target are told what to look for in each category
     */
    public record Details(
            boolean refusalDetection,
            boolean miningMemeText,
            Retrieval retrieval,
            RefinerPicture refinerPicture,
            boolean decimalRatings,
            boolean categoryInstructions) {}

    /**
     * How pictures are bounded on their way to a model.
     *
     * @param maxSide        the longest side pictures are shrunk to
     * @param maxPixels      the most pixels a picture may have to be decoded
     * @param maxBytes       the largest picture file read
     * @param timeoutSeconds the longest one picture may take to decode
     * @param roles          each role's detail and size
     * @param textErasure    how a picture's own text is erased before a rewrite is shown on it
     */
    public record Images(
            int maxSide, long maxPixels, long maxBytes, int timeoutSeconds, RoleImages roles, TextErasure textErasure) {

        /** @return the limits pictures are loaded within */
        public ImageLimits limits() {
            return new ImageLimits(
                    maxSide,
                    maxPixels,
                    maxBytes,
                    ImageLimits.defaultDecodesAtOnce(),
                    Duration.ofSeconds(timeoutSeconds));
        }
    }

    /**
     * What a run may take.
     *
     * @param concurrency         calls in flight per endpoint
     * @param budgetUsd           the most the run may spend
     * @param prices              USD per million tokens, per model
     * @param datasetMaxLineBytes the longest dataset line read
     */
    public record Limits(int concurrency, double budgetUsd, Prices prices, int datasetMaxLineBytes) {}

    /**
     * Where results and paid answers go.
     *
     * @param directory     the output folder
     * @param cache         the call cache's store
     * @param cacheRequired whether a run stops when the cache cannot take answers
     */
    public record Outputs(Path directory, CacheStore cache, boolean cacheRequired) {

        /**
         * The call cache this configuration names, never losing a paid answer to its store; the caller closes it.
         *
         * @return the cache
         */
        public CallCache openCache() {
            return cache.open(cacheRequired);
        }

        /** @return why the configured cache cannot take answers, or empty when it can (or keeps none) */
        public Optional<String> cacheProblem() {
            return cache.problem();
        }

        /** @return why the run's results could not be written to the output folder, or empty when they can */
        public Optional<String> directoryProblem() {
            return unwritable(directory).map(why -> why + "; the run's results could not be written there");
        }

        /**
         * Stops a run before it starts when its results could not be written: found at the end, it lost the whole run.
         *
         * @throws ConfigurationException naming {@code adammeme.output-dir} and why
         */
        public void requireWritableDirectory() {
            directoryProblem().ifPresent(why -> {
                throw new ConfigurationException(Constants.OUTPUT_DIR, directory.toString(), why);
            });
        }

        /**
         * Why nothing can be written in this folder (created if need be), or empty when something can.
         *
         * @param folder the folder
         * @return the reason, or empty
         */
        public static Optional<String> unwritable(Path folder) {
            Path existing = folder.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return Optional.empty();
            }
            if (!Files.isDirectory(existing)) {
                return Optional.of(existing + " is a file, not a folder");
            }
            return Files.isWritable(existing)
                    ? Optional.empty()
                    : Optional.of("the folder " + existing + " cannot be written");
        }
    }

    /**
     * Reads a run's configuration, filling every key that is not set with its default.
     *
     * @param values {@code adammeme.*} keys and their values
     * @return the configuration
     * @throws ConfigurationException naming the first key whose value cannot be used, or a missing dataset
     */
    public static EvaluationConfig from(Map<String, String> values) {
        return ConfigParser.parse(values);
    }

    /**
     * @param directory where the run's results are written
     * @return this configuration, writing there
     */
    public EvaluationConfig withOutputDir(Path directory) {
        return new EvaluationConfig(
                datasets,
                datasetFormat,
                prompts,
                models,
                method,
                details,
                images,
                limits,
                new Outputs(directory, outputs.cache(), outputs.cacheRequired()));
    }

    /**
     * The templates, taxonomy and instructions this run's agents and target are asked with: the configured folder's
     * over the packaged ones, the mining agents' picture-only templates when they are not given the meme's text.
     *
     * @return the prompts
     */
    public PromptLibrary promptLibrary() {
        return PromptLibrary.load(prompts).forRun(details.miningMemeText(), details.categoryInstructions());
    }

    /** @return how dataset and bank files are bounded as they are read */
    public DatasetLimits datasetLimits() {
        return new DatasetLimits(limits.datasetMaxLineBytes(), images.maxBytes());
    }

    /** @return the datasets as one line, for reports */
    public String datasetDescription() {
        return String.join(", ", datasets.stream().map(Path::toString).toList());
    }

    /**
     * The datasets as a later run of the same project names them: each path relative to the working directory (the
     * project, in a build) when it lies inside, else absolute. A checkout in another folder (another CI runner, a
     * laptop) names the same files alike, so a run finds its last release on the same memes.
     *
     * @return the paths, {@code /}-separated, joined by ", "
     */
    public String datasetKey() {
        Path here = Path.of("").toAbsolutePath().normalize();
        return String.join(
                ", ",
                datasets.stream()
                        .map(p -> {
                            Path absolute = p.toAbsolutePath().normalize();
                            Path named = absolute.startsWith(here) ? here.relativize(absolute) : absolute;
                            return named.toString().replace(File.separatorChar, '/');
                        })
                        .toList());
    }

    /**
     * Calls an endpoint has going at once: the concurrency, and in batch mode a batch's places besides,
     * since a batched call waits on its slot for the batch's answer.
     *
     * @return the slots per endpoint
     */
    public int callSlots() {
        return limits.concurrency() + (models.batch().enabled() ? models.batch().maxRequests() : 0);
    }

    /**
     * What departs from the paper's method in this run, each as "what: its setting (the paper's: its
     * setting)"; empty when the run is the paper's method.
     *
     * @return the departures in force
     */
    public List<String> departures() {
        return Departure.inForce(this);
    }

    /** @return the method the settings started from, {@code default} or {@code paper}, as configured */
    public String methodName() {
        return method.preset().value();
    }

    /** @return whether the target or the agents' model is the built-in simulator */
    public boolean simulated() {
        return models.target().simulated() || models.controller().simulated();
    }
}
