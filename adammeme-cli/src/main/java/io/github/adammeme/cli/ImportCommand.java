package io.github.adammeme.cli;

import io.github.adammeme.Constants;
import io.github.adammeme.cli.internal.ReferenceImport;
import io.github.adammeme.internal.config.AdamMemeConfiguration;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.RunPublisher;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Secrets;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code import-adammeme FOLDER --target NAME [--controller NAME] [--allure RESULTS] [key=value...]}:
 * a run of the AdamMeme reference implementation, read from its result files and published as a run
 * of this project (summary.json, samples.jsonl, the FR table, the run record in the cache database,
 * optionally Allure results), so it serves as a baseline, in the history and on a leaderboard.
 * A step the files mark {@code 拒答} holds only its picture and task, the record the reference code writes for a
 * step it could not score: it is an ERROR, left out of FR as the reference code's own figures leave it, and never
 * read as the target refusing, which the files do not show. Exit status 0; 1 when some records could not be
 * imported (the run holds the others, and each is named); 2 for bad arguments or a folder of no results.
 */
final class ImportCommand {

    static final String USAGE =
            "import-adammeme FOLDER --target NAME [--controller NAME] [--allure RESULTS]" + " [key=value...]";

    private ImportCommand() {}

    static int run(String[] args, Map<String, String> systemProperties, PrintStream out, PrintStream err) {
        String folder = null;
        String target = null;
        String controller = "not recorded in the files";
        Path allure = null;
        List<String> settings = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--target") || arg.equals("--controller") || arg.equals("--allure")) {
                if (i + 1 >= args.length || args[i + 1].isBlank()) {
                    Console.warn(err, arg + " needs a value; " + USAGE);
                    return 2;
                }
                String value = args[++i];
                switch (arg) {
                    case "--target" -> target = value;
                    case "--controller" -> controller = value;
                    default -> allure = Path.of(value);
                }
            } else if (arg.contains("=") || arg.endsWith(".properties") || folder != null) {
                settings.add(arg);
            } else {
                folder = arg;
            }
        }
        if (folder == null || target == null) {
            Console.warn(err, USAGE);
            return 2;
        }
        Map<String, String> values = new LinkedHashMap<>(Arguments.settings(settings, systemProperties));
        values.put(Constants.TARGET_MODEL, target);
        values.put(Constants.DATASET, folder);
        EvaluationConfig config;
        RunPublisher.Options options;
        try {
            AdamMemeConfiguration configuration = ConfigurationReader.read(values);
            config = configuration.evaluation();
            config.outputs().requireWritableDirectory();
            RunPublisher.Options read = configuration.publishing();
            if (read.bank().isPresent()) {
                Console.warn(err, Constants.BANK + " is left alone: an imported run's pictures are not here to bank");
            }
            options = new RunPublisher.Options(
                    read.baseline(),
                    read.alpha(),
                    read.history(),
                    Optional.empty(),
                    read.gates(),
                    read.minKappa(),
                    read.categories());
        } catch (ConfigurationException | DatasetException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
        // The reference code's FR is over the steps it scored: a refusal counts only when asked for.
        boolean refusalsCount = values.containsKey(Constants.REFUSAL_IS_FAILURE)
                && config.method().refusalCountsAsFailure();
        ReferenceImport.Imported imported;
        try {
            imported = ReferenceImport.read(
                    Path.of(folder),
                    new ReferenceImport.Settings(
                            target, controller, config.method().threshold(), refusalsCount));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
        out.println("import-adammeme: " + Path.of(folder).toAbsolutePath());
        out.print(Secrets.redact(imported.findings().describe()));
        RunPublisher publisher = new RunPublisher(
                config, options, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), out, err);
        publisher.writeFiles(imported.evaluation());
        publisher.printResults(imported.evaluation());
        if (allure != null) {
            int written = ImportedAllure.write(imported.evaluation(), allure);
            out.println("Allure results: " + written + " tests in " + allure.toAbsolutePath());
        }
        publisher.record(imported.evaluation());
        return imported.findings().problems().isEmpty() ? 0 : 1;
    }
}
