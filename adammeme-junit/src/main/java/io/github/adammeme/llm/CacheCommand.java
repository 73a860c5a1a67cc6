package io.github.adammeme.llm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Looks after a call cache from the command line:
 * {@code CacheCommand stats [.adammeme/cache.db]} and
 * {@code CacheCommand prune <days> [model] [.adammeme/cache.db]}.
 */
public final class CacheCommand {

    private CacheCommand() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || !(args[0].equals("stats") || args[0].equals("prune"))) {
            System.err.println("usage: CacheCommand stats [cache.db] | CacheCommand prune <days> [model] [cache.db]");
            System.exit(2);
        }
        Path file = Path.of(args[args.length - 1].endsWith(".db") ? args[args.length - 1] : ".adammeme/cache.db");
        if (!Files.exists(file)) {
            System.err.println("no call cache at " + file.toAbsolutePath());
            System.exit(2);
        }
        try (SqliteCallCache cache = new SqliteCallCache(file)) {
            if (args[0].equals("stats")) {
                System.out.print(cache.stats());
                return;
            }
            if (args.length < 2 || !args[1].matches("\\d+")) {
                System.err.println("prune needs a number of days: calls not used for that long are removed");
                System.exit(2);
            }
            String model = args.length >= 3 && !args[2].endsWith(".db") ? args[2] : null;
            int removed = cache.prune(Duration.ofDays(Long.parseLong(args[1])), model);
            System.out.println("removed " + removed + " calls from " + file);
        }
    }
}
