package io.github.adammeme.maven;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.summary.run.OutputLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The runs' summaries in a results folder: its own summary.json, or one per suite class and target when a build
 * runs several ({@code <folder>/<Suite>/<target>/summary.json}).
 *
 * @param fresh summaries written by this build
 * @param stale summaries an earlier build left, which decide nothing now
 */
record RunSummaries(List<Summary> fresh, List<Summary> stale) {

    /** Deep enough for a suite class's folder and, below it, a target's. */
    private static final int DEPTH = 3;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One run's summary.
     *
     * @param file    where it is
     * @param written when it was written
     * @param json    its content
     */
    record Summary(Path file, FileTime written, JsonNode json) {

        /** @return the model the run evaluated */
        String target() {
            return json.path("run").path("target").asText("?");
        }

        /** @return why the run was lost before its figures, or null for a finished run */
        @Nullable
        String lost() {
            return json.path("lost").asBoolean(false) ? json.path("reason").asText("no reason recorded") : null;
        }

        /** @return whether the run was interrupted (Ctrl-C, SIGTERM, a thread interrupt) before its figures */
        boolean interrupted() {
            return json.path("interrupted").asBoolean(false);
        }

        /** @return whether it is a dry run's: a plan of calls and cost, with no figures to decide on */
        boolean dryRun() {
            return json.path("dryRun").asBoolean(false);
        }

        /**
         * @return the summary.md beside it when it records the decision the engine made, as it opens with it; null when
         *         there is none, or the summary has no decision and the goal decides from the project's settings
         *         (shards joined by the command line's merge)
         */
        @Nullable
        Path decisionRecord() {
            Path markdown = file.resolveSibling(OutputLayout.SUMMARY_MARKDOWN);
            return json.has("decision") && Files.isRegularFile(markdown) ? markdown : null;
        }

        /** @return the part of a sharded run it is ("2/4"), or null for a whole or a merged run */
        @Nullable
        String shard() {
            String shard = json.path("run").path("shard").asText("1/1");
            return shard.equals("1/1") || shard.startsWith("merged") ? null : shard;
        }
    }

    /**
     * @param folder the results folder
     * @param since  summaries older than this are stale; null takes every summary as it is (the goal run on its own,
     *               on a folder of merged shards)
     * @return the summaries found
     * @throws IOException when one cannot be read as JSON, naming it
     */
    static RunSummaries in(Path folder, @Nullable FileTime since) throws IOException {
        List<Summary> fresh = new ArrayList<>();
        List<Summary> stale = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return new RunSummaries(List.of(), List.of());
        }
        try (Stream<Path> files = Files.walk(folder, DEPTH)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals(OutputLayout.SUMMARY_JSON))
                    .sorted()
                    .toList()) {
                JsonNode json;
                try {
                    json = JSON.readTree(file.toFile());
                } catch (IOException e) {
                    throw new IOException(file + " is not a run's summary: " + e.getMessage(), e);
                }
                Summary summary = new Summary(file, Files.getLastModifiedTime(file), json);
                (since == null || summary.written().compareTo(since) >= 0 ? fresh : stale).add(summary);
            }
        }
        return new RunSummaries(List.copyOf(fresh), List.copyOf(stale));
    }
}
