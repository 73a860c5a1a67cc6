package io.github.adammeme.pipeline;

import io.github.adammeme.data.DatasetException;
import io.github.adammeme.report.EvaluationWriter;
import io.github.adammeme.report.FrTable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs one evaluation from the command line: {@code adammeme.*} keys as system properties or as
 * {@code key=value} arguments. Prints the FR table and writes the results to the output directory.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith(ConfigKeys.PREFIX)) {
                values.put(k.toString(), v.toString());
            }
        });
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                System.err.println("adammeme: arguments are key=value, e.g. adammeme.dataset=memes.jsonl; got '" + arg + "'");
                System.exit(2);
            }
            String key = arg.substring(0, eq);
            values.put(key.startsWith(ConfigKeys.PREFIX) ? key : ConfigKeys.PREFIX + key, arg.substring(eq + 1));
        }
        try {
            EvaluationConfig config = EvaluationConfig.from(values);
            long start = System.nanoTime();
            Evaluation evaluation = AdamMeme.evaluate(config);
            EvaluationWriter.write(evaluation, config.outputDir());
            System.out.print(FrTable.render(evaluation));
            System.out.printf("results: %s (%.1f s)%n", config.outputDir().toAbsolutePath().resolve(EvaluationWriter.SUMMARY),
                    (System.nanoTime() - start) / 1e9);
        } catch (ConfigurationException | DatasetException e) {
            System.err.println("adammeme: " + e.getMessage());
            System.exit(2);
        }
        // The embedded simulator's HTTP dispatcher is not a daemon thread; the run is over.
        System.exit(0);
    }
}
