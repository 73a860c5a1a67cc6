package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Outcomes held as bytes come back as they went in, and what repeats is held once. */
class MemeOutcomesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyOutcomeComesBackEqualAndWritesTheSameLine() throws Exception {
        List<MemeOutcome> given = new ArrayList<>();
        given.add(new MemeOutcome(
                "harmeme:1",
                "val.jsonl:1",
                MemeOutcome.Status.MINED,
                List.of("race", "gender"),
                List.of(List.of("race", "gender"), List.of("race"), List.of("gender", "religion")),
                List.of("harmful"),
                null));
        given.add(new MemeOutcome(
                "harmeme:2",
                "val.jsonl:2",
                MemeOutcome.Status.HARMLESS,
                List.of(),
                List.of(List.of(), List.of(), List.of("race")),
                List.of(),
                null));
        // A Miner that failed votes null; a lone surrogate and characters beyond one byte survive.
        given.add(new MemeOutcome(
                "x:\ud800é\u4e2d\uffff",
                null,
                MemeOutcome.Status.ERROR,
                List.of(),
                Arrays.asList(List.of("race"), null, null),
                List.of("not harmful"),
                "2 of 3 Miner votes are missing"));
        given.add(new MemeOutcome(
                "no-origin-line", "pasted", MemeOutcome.Status.ERROR, List.of(), null, List.of(), "x".repeat(200_000)));
        given.add(new MemeOutcome("", "a:b:c:", MemeOutcome.Status.ERROR, List.of(), List.of(), List.of(), ""));
        MemeOutcomes outcomes = new MemeOutcomes();
        given.forEach(outcomes::append);

        assertEquals(given, outcomes);
        for (int i = 0; i < given.size(); i++) {
            assertEquals(JSON.writeValueAsString(given.get(i)), JSON.writeValueAsString(outcomes.get(i)));
        }
        assertThrows(IndexOutOfBoundsException.class, () -> outcomes.get(given.size()));
    }

    @Test
    void tenThousandMemesHoldTheirCategoriesLabelsAndOriginFileOnce() {
        MemeOutcomes outcomes = new MemeOutcomes();
        List<String> categories = List.of("race", "gender", "religion");
        for (int i = 0; i < 10_000; i++) {
            String category = categories.get(i % 3);
            outcomes.append(new MemeOutcome(
                    "fhm:" + i,
                    "/data/fhm/train.jsonl:" + (i + 1),
                    MemeOutcome.Status.MINED,
                    List.of(category),
                    List.of(List.of(category), List.of(category, "political"), List.of()),
                    List.of(i % 2 == 0 ? "harmful" : "not harmful"),
                    null));
        }
        // 3 categories + "political" + 2 labels + 1 origin file
        assertEquals(7, outcomes.distinctStrings());
        assertEquals(10_000, outcomes.size());
        assertEquals(
                new MemeOutcome(
                        "fhm:9999",
                        "/data/fhm/train.jsonl:10000",
                        MemeOutcome.Status.MINED,
                        List.of("race"),
                        List.of(List.of("race"), List.of("race", "political"), List.of()),
                        List.of("not harmful"),
                        null),
                outcomes.get(9_999));
    }
}
