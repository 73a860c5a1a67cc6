package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A stop asked of the run's thread stops the run, wherever the interrupt lands: in a test's wait or between tests. */
class SampleBoardTest {

    @Test
    void anInterruptInOneTestsWaitEndsEveryLaterWaitAtOnce() throws Exception {
        SampleBoard board = new SampleBoard();
        CompletableFuture<Throwable> inATest = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                board.scored("pair-1");
            } catch (RuntimeException e) {
                inATest.complete(e);
            }
            // The platform clears the flag after the test that saw it, before the next.
            Thread.interrupted();
        });
        runner.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (runner.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        runner.interrupt();
        runner.join(TimeUnit.SECONDS.toMillis(30));
        assertInstanceOf(
                InterruptedException.class, inATest.get(30, TimeUnit.SECONDS).getCause());

        // The next test's wait, on a thread whose flag is clear and with nothing ever posted, does not hang.
        SampleBoard.PipelineFailedException next = assertTimeoutPreemptively(
                Duration.ofSeconds(10),
                () -> assertThrows(SampleBoard.PipelineFailedException.class, board::evaluation));
        assertInstanceOf(InterruptedException.class, next.getCause());
        assertTrue(next.getMessage().contains("interrupted"), next.getMessage());
    }
}
