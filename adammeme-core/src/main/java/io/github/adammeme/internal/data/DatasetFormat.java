package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** The dataset serialisations the loaders understand. */
@API(status = INTERNAL, since = "0.1.0")
public enum DatasetFormat {
    /** Facebook Hateful Memes jsonl: {@code id}, {@code img}, {@code text}, optional {@code label}. */
    FHM,
    /** HarMeme jsonl (MOMENTA form): {@code id}, bare {@code image} name in a sibling images/ folder, {@code text}, {@code labels}. */
    HARMEME,
    /** MAMI (SemEval-2022 Task 5): {@code file_name}, {@code misogynous} or {@code label}, {@code Text Transcription} or {@code text}. */
    MAMI,
    /** A folder of images with {@code memes.csv} or {@code memes.jsonl}: {@code id}, {@code image}, {@code text}. */
    FOLDER;

    /**
     * A format by name, in any case ({@code adammeme.dataset.format}).
     *
     * @param value fhm, harmeme, mami or folder
     * @return the format
     * @throws IllegalArgumentException naming the allowed values
     */
    public static DatasetFormat parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown dataset format '" + value + "'; allowed: auto, "
                    + Arrays.stream(values())
                            .map(f -> f.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.joining(", ")));
        }
    }

    /** Detects the format from a record's fields, or returns null when they fit none. */
    static @Nullable DatasetFormat detect(JsonNode record) {
        if (record.has("img")) {
            return FHM;
        }
        if (record.has("image")) {
            return HARMEME;
        }
        return null;
    }
}
