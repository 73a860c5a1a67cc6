package io.github.adammeme.cli;

import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.SampleVerdict;
import io.github.adammeme.internal.report.allure.AllureExecutor;
import io.github.adammeme.internal.report.allure.AllureSample;
import io.github.adammeme.internal.report.allure.RoleEndpoints;
import io.github.adammeme.internal.text.ReportText;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.model.Status;
import io.qameta.allure.model.StatusDetails;
import io.qameta.allure.model.TestResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Allure results for a run that no test engine ran: each refinement step of an imported run becomes
 * the test a run of this engine reports for it, with the same name, labels, attachments and
 * verdict, so the imported run reads like one of ours in the report, and its steps line up with
 * theirs in Allure's history where ids match.
 */
final class ImportedAllure {

    private ImportedAllure() {}

    /**
     * Writes one Allure result per refined sample, and executor.json with the run's headline.
     *
     * @param e the imported run
     * @param results the Allure results folder
     * @return how many test results were written
     * @throws UncheckedIOException when the folder cannot be written
     */
    static int write(Evaluation e, Path results) {
        try {
            Files.createDirectories(results);
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write Allure results to " + results, ex);
        }
        // The bridge writes through Allure's lifecycle, which is global: ours for the while, then theirs again.
        AllureLifecycle previous = Allure.getLifecycle();
        AllureLifecycle lifecycle = new AllureLifecycle(new FileSystemResultsWriter(results));
        Allure.setLifecycle(lifecycle);
        int written = 0;
        try {
            for (Chain chain : e.chains()) {
                String seedMeme = chain.steps().isEmpty()
                        ? chain.seedId()
                        : chain.steps().get(0).memeId();
                for (ScoredSample s : chain.steps()) {
                    write(lifecycle, e, s, seedMeme);
                    written++;
                }
            }
        } finally {
            Allure.setLifecycle(previous);
        }
        AllureExecutor.write(
                results,
                System.getenv(),
                e.run().target(),
                AllureExecutor.fr(e.metrics()) + " · imported run of " + e.run().target());
        return written;
    }

    private static void write(AllureLifecycle lifecycle, Evaluation e, ScoredSample s, String seedMeme) {
        String uuid = UUID.randomUUID().toString();
        String name = "step " + s.madeBy().step() + " · " + s.category() + " (rewrites " + s.memeId() + ")";
        String fullName = "[suite:imported@" + e.run().target() + "]/[category:" + s.category() + "]/[refinement:"
                + seedMeme + "]/[step:" + s.madeBy().step() + "]";
        TestResult result = new TestResult()
                .setUuid(uuid)
                .setName(ReportText.plain(name))
                .setFullName(fullName)
                .setHistoryId(UUID.nameUUIDFromBytes(fullName.getBytes(StandardCharsets.UTF_8))
                        .toString())
                .setTestCaseId(UUID.nameUUIDFromBytes(fullName.getBytes(StandardCharsets.UTF_8))
                        .toString());
        lifecycle.scheduleTestCase(result);
        lifecycle.startTestCase(uuid);
        // The reference implementation's runs keep no copy of what the target saw: its picture is the dataset's file.
        AllureSample.sample(
                s,
                Path.of(s.image()),
                "refinement of " + seedMeme,
                "imported: " + e.run().dataset(),
                e.run().target(),
                new RoleEndpoints(
                        e.run().targetEndpoint(),
                        e.run().controllerEndpoint(),
                        e.run().simulated()));
        SampleVerdict verdict =
                SampleVerdict.of(s, e.metrics().threshold(), e.metrics().refusalCountsAsFailure());
        lifecycle.updateTestCase(
                uuid,
                r -> r.setStatus(status(verdict))
                        .setStatusDetails(
                                verdict.message() == null ? null : new StatusDetails().setMessage(verdict.message())));
        lifecycle.stopTestCase(uuid);
        lifecycle.writeTestCase(uuid);
    }

    /**
     * As Allure's JUnit listener files the engine's result for it: an assertion failure fails, a sample without a
     * score breaks, an abort skips.
     */
    private static Status status(SampleVerdict verdict) {
        return switch (verdict.kind()) {
            case PASSED -> Status.PASSED;
            case FAILED -> Status.FAILED;
            case LEFT_OUT -> Status.SKIPPED;
            case UNSCORED, ERROR -> Status.BROKEN;
        };
    }
}
