package io.github.adammeme.cli;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.RefusalChecker;
import io.github.adammeme.internal.agent.refusal.RefusalDetector;
import io.github.adammeme.internal.agent.refusal.RefusalMeasurement;
import io.github.adammeme.internal.config.AdamMemeConfiguration;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.KnownKeys;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code refusal-check [corpus.jsonl...] [adammeme.controller.*=...]}: measures the configured
 * controller's refusal check on labelled answers (the packaged corpora unless files are named), so
 * a user sees its precision and recall before trusting a run's REFUSED verdicts.
 */
final class RefusalCheckCommand {

    private RefusalCheckCommand() {}

    static int run(String[] args) throws IOException {
        Map<String, String> values = new HashMap<>(Map.of(Constants.DATASET, "-"));
        List<Path> corpora = new ArrayList<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq > 0) {
                String key = arg.startsWith(Constants.PREFIX)
                        ? arg.substring(0, eq)
                        : Constants.PREFIX + arg.substring(0, eq);
                KnownKeys.check(List.of(key), "the argument " + arg.substring(0, eq));
                values.put(key, arg.substring(eq + 1));
            } else {
                corpora.add(Path.of(arg));
            }
        }
        for (Path corpus : corpora) {
            if (!Files.isRegularFile(corpus)) {
                Console.warn("the labelled answers " + corpus.toAbsolutePath()
                        + (Files.isDirectory(corpus) ? " are a folder, not a .jsonl file" : " do not exist"));
                return 2;
            }
        }
        AdamMemeConfiguration configuration;
        try {
            configuration = ConfigurationReader.read(values);
        } catch (ConfigurationException e) {
            Console.warn(e.getMessage());
            return 2;
        }
        EvaluationConfig config = configuration.evaluation();
        Endpoint controller = config.models().controller();
        SimulatedModelServer simulator = null;
        if (controller.simulated() && controller.baseUrl() == null) {
            simulator = SimulatedModelServer.start();
            simulator.configure(configuration.simulator());
            controller = controller.simulatorAt(simulator.baseUrl(), null);
        }
        try (ModelGateway gateway = new ModelGateway(
                new OpenAiChatModel(controller, config.limits().concurrency()),
                new InMemoryCallCache(),
                new UsageLedger(config.limits().prices()),
                config.limits().concurrency())) {
            gateway.structuredOutput(config.models().structuredOutput());
            RefusalDetector detector = new RefusalDetector(new RefusalChecker(new AgentContext(
                    gateway,
                    config.promptLibrary(),
                    config.method().randomSeed(),
                    config.method().reasks(),
                    config.models().maxTokens())));
            if (corpora.isEmpty()) {
                for (String name : RefusalMeasurement.PACKAGED) {
                    report(name, RefusalMeasurement.measure(RefusalMeasurement.packaged(name), detector));
                }
            }
            for (Path corpus : corpora) {
                try (InputStream in = Files.newInputStream(corpus)) {
                    report(
                            corpus.toString(),
                            RefusalMeasurement.measure(RefusalMeasurement.read(in, corpus.toString()), detector));
                }
            }
            System.out.println("controller: " + controller.model() + " at " + controller.identity());
        } catch (IllegalArgumentException | IllegalStateException e) {
            Console.warn(e.getMessage());
            return 2;
        } finally {
            if (simulator != null) {
                simulator.close();
            }
        }
        return 0;
    }

    private static void report(String corpus, RefusalMeasurement.Result result) {
        System.out.println(Secrets.redact(result.describe(corpus)));
        // each quotes an answer of the corpus file: one printable line apiece
        result.misread().forEach(m -> System.out.println("  misread " + Printable.escaped(Secrets.redact(m))));
    }
}
