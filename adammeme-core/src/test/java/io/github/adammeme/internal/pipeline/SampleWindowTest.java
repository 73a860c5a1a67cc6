package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class SampleWindowTest {

    @Test
    void startsWorkInOrderWithAtMostTheWidthUnfinished() {
        SampleWindow window = new SampleWindow(2, Runnable::run);
        List<CompletableFuture<Integer>> pieces = new ArrayList<>();
        List<Integer> started = new ArrayList<>();
        List<CompletableFuture<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int n = i;
            CompletableFuture<Integer> piece = new CompletableFuture<>();
            pieces.add(piece);
            results.add(window.submit(() -> {
                started.add(n);
                return piece;
            }));
        }
        assertEquals(List.of(0, 1), started);
        pieces.get(1).complete(1);
        assertEquals(List.of(0, 1, 2), started);
        pieces.get(0).completeExceptionally(new IllegalStateException("broken"));
        assertEquals(List.of(0, 1, 2, 3), started);
        pieces.get(2).complete(2);
        pieces.get(3).complete(3);
        pieces.get(4).complete(4);
        assertEquals(List.of(0, 1, 2, 3, 4), started);
        assertEquals(
                List.of(1, 2, 3, 4),
                results.subList(1, 5).stream().map(CompletableFuture::join).toList());
        assertEquals(
                "broken",
                assertThrows(CompletionException.class, () -> results.get(0).join())
                        .getCause()
                        .getMessage());
    }

    @Test
    void aPieceThatFailsToStartStillMakesRoomForTheNext() {
        SampleWindow window = new SampleWindow(1, Runnable::run);
        CompletableFuture<Integer> failed = window.submit(() -> {
            throw new IllegalArgumentException("no probe");
        });
        CompletableFuture<Integer> next = window.submit(() -> CompletableFuture.completedFuture(7));
        assertThrows(CompletionException.class, failed::join);
        assertEquals(7, next.join());
    }
}
