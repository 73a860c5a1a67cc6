package io.github.adammeme.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/** The Allure results of a sharded run's shards, joined into one report titled with the whole run's FR. */
public final class AllureMerge {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AllureMerge() {
    }

    /**
     * Copies every shard's Allure results into one folder; a file two shards both hold is the same result.
     *
     * @param shardResults the shards' Allure results folders
     * @param out the merged folder
     * @return how many files were copied
     */
    public static int merge(List<Path> shardResults, Path out) {
        return merge(shardResults, out, null);
    }

    /**
     * Joins the shards' Allure results, and where {@code headline} is given, titles the merged report
     * with it: each shard's {@code executor.json} and environment name the FR of its own part only.
     *
     * @param shardResults the shards' result folders
     * @param out          the merged folder
     * @param headline     the whole run's FR line, or null to keep the first shard's title
     * @return how many files were copied
     */
    public static int merge(List<Path> shardResults, Path out, String headline) {
        int copied = copyAllure(shardResults, out);
        if (headline != null) {
            retitle(out, headline);
        }
        return copied;
    }

    private static void retitle(Path out, String headline) {
        try {
            Path executor = out.resolve("executor.json");
            if (Files.isRegularFile(executor, LinkOption.NOFOLLOW_LINKS)) {
                JsonNode node = JSON.readTree(executor.toFile());
                if (node instanceof ObjectNode o) {
                    o.put("reportName", ReportText.plain(headline));
                    Files.writeString(executor, JSON.writeValueAsString(o));
                }
            }
            Path environment = out.resolve("environment.properties");
            if (Files.isRegularFile(environment, LinkOption.NOFOLLOW_LINKS)) {
                Properties p = new Properties();
                try (var in = Files.newInputStream(environment)) {
                    p.load(in);
                }
                // A shard's FR lines describe its part: the merged run's are in the title.
                p.keySet().removeIf(k -> k.toString().startsWith("FR "));
                p.setProperty("FR (all shards)", ReportText.plain(headline));
                try (var o = Files.newOutputStream(environment)) {
                    p.store(o, "AdamMeme evaluation, merged");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot title the merged Allure results in " + out, e);
        }
    }

    private static int copyAllure(List<Path> shardResults, Path out) {
        ShardMerge.distinct(shardResults);
        int copied = 0;
        try {
            Files.createDirectories(out);
            for (Path dir : shardResults) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList()) {
                        Path target = out.resolve(f.getFileName());
                        if (!Files.exists(target)) {
                            Files.copy(f, target);
                            copied++;
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge Allure results into " + out, e);
        }
        return copied;
    }
}
