package io.github.adammeme.internal.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlDatasetLoaderTest {

    /** The real datasets, beside the checkout when present (CI has them); never copied into the project. */
    static final Path SHARED = Path.of("..", "..", "shared", "data");

    @TempDir
    Path dir;

    private Path write(String name, String... lines) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(lines));
        return file;
    }

    @Test
    void fhmTakesTheImageFromImgNeverFromTheId() throws Exception {
        Path file = write(
                "fhm/train.jsonl",
                "{\"id\":2973,\"img\":\"img\\/02973.png\",\"label\":0,\"text\":\"a meme\"}",
                "{\"id\": \"08291\", \"img\": \"img/08291.png\", \"label\": 1, \"text\": \"another\"}");
        List<Meme> memes = JsonlDatasetLoader.load(file, null);
        assertEquals("fhm:02973", memes.get(0).id(), "the integer id gets the zeros of its image name back");
        assertEquals(
                dir.resolve("fhm/img/02973.png").toAbsolutePath(), memes.get(0).image());
        assertEquals(List.of("not hateful"), memes.get(0).labels());
        assertEquals(List.of("hateful"), memes.get(1).labels());
    }

    @Test
    void theOfficialAndTheReserialisedFhmFormsGiveTheSameRecords() throws Exception {
        Path official = write(
                "fhm-a/train.jsonl",
                "{\"id\":2973,\"img\":\"img\\/02973.png\",\"label\":0,\"text\":\"how long\"}",
                "{\"id\":42953,\"img\":\"img\\/42953.png\",\"label\":1,\"text\":\"its their character\"}");
        Path variant = write(
                "fhm-b/train.jsonl",
                "{\"id\": \"02973\", \"img\": \"img/02973.png\", \"label\": 0, \"text\": \"how long\"}",
                "{\"id\": \"42953\", \"img\": \"img/42953.png\", \"label\": 1, \"text\": \"its their character\"}");
        assertEquals(
                comparable(JsonlDatasetLoader.load(official, null)),
                comparable(JsonlDatasetLoader.load(variant, null)));
    }

    /** A record without where it was read from. */
    static List<List<Object>> comparable(List<Meme> memes) {
        return memes.stream()
                .map(m -> List.<Object>of(
                        m.id(), m.source(), m.text(), m.image().getFileName().toString(), m.labels()))
                .toList();
    }

    @Test
    void harmemeFindsImagesInTheSiblingFolderAndFlattensOcrLines() throws Exception {
        Path file = write(
                "harmeme/annotations/val.jsonl",
                "{\"id\": \"covid_memes_1\", \"image\": \"covid_memes_1.png\", \"labels\": [\"very harmful\", \"society\"],"
                        + " \"text\": \"LINE ONE\\nLINE TWO\\n\"}");
        Meme meme = JsonlDatasetLoader.load(file, null).get(0);
        assertEquals("harmeme:covid_memes_1", meme.id());
        assertEquals("LINE ONE LINE TWO", meme.text());
        assertEquals(dir.resolve("harmeme/images/covid_memes_1.png").toAbsolutePath(), meme.image());
        assertEquals(List.of("very harmful", "society"), meme.labels());
    }

    @Test
    void aMalformedLineIsNamedByFileAndLine() throws Exception {
        Path file = write("bad.jsonl", "{\"id\": 1, \"img\": \"a.png\", \"text\": \"ok\"}", "{\"id\": 2, \"img\": ");
        DatasetException e = assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(file, null));
        assertTrue(e.getMessage().startsWith(file + ":2: malformed JSON"), e.getMessage());
    }

    @Test
    void aMissingOrMistypedFieldIsNamed() throws Exception {
        Path noText = write("a.jsonl", "{\"id\": 1, \"img\": \"a.png\"}");
        assertTrue(assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(noText, null))
                .getMessage()
                .contains(":1: field 'text' is missing"));
        Path numberText = write("b.jsonl", "{\"id\": 1, \"img\": \"a.png\", \"text\": 5}");
        assertTrue(assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(numberText, null))
                .getMessage()
                .contains("field 'text': expected a string"));
    }

    @Test
    void aPathThatEscapesTheDatasetFolderIsRefused() throws Exception {
        Path file = write("c.jsonl", "{\"id\": 1, \"img\": \"../../etc/passwd\", \"text\": \"x\"}");
        DatasetException e = assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(file, null));
        assertEquals(
                file + ":1: field 'img': path '../../etc/passwd' leads outside the dataset folder "
                        + file.toAbsolutePath().getParent(),
                e.getMessage());
    }

    @Test
    void duplicateIdsAndEmptyDatasetsAreErrors() throws Exception {
        Path dup = write(
                "d.jsonl",
                "{\"id\": 1, \"img\": \"a.png\", \"text\": \"x\"}",
                "{\"id\": 1, \"img\": \"b.png\", \"text\": \"y\"}");
        assertTrue(assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(dup, null))
                .getMessage()
                .contains(":2: field 'id': duplicate id"));
        Path empty = write("e.jsonl", "", "  ");
        assertTrue(assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(empty, null))
                .getMessage()
                .contains("holds no memes"));
        assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(dir.resolve("missing.jsonl"), null));
    }

    @Test
    void theRealHarMemeValidationSplitLoadsWithEveryImage() {
        Path file = SHARED.resolve("harmeme-val/annotations/val.jsonl");
        assumeTrue(Files.exists(file), "../shared/data is not beside this checkout");
        List<Meme> memes = JsonlDatasetLoader.load(file, null);
        assertEquals(177, memes.size());
        MemeImages images = new MemeImages(ImageLimits.defaults());
        memes.forEach(m -> assertTrue(images.load(m.image()).bytes().length > 0, m.id()));
        assertEquals(
                116,
                memes.stream().filter(m -> m.labels().contains("not harmful")).count());
    }

    @Test
    void bothRealFhmSerialisationsParse() throws Exception {
        Path original = SHARED.resolve("fhm-annotations/original-format/train.jsonl");
        assumeTrue(Files.exists(original), "../shared/data is not beside this checkout");
        List<Meme> memes = JsonlDatasetLoader.load(original, DatasetFormat.FHM);
        assertEquals(20, memes.size());
        // the official lines, re-serialised the way the variant files are, parse to the same records
        List<String> reserialised = new ArrayList<>();
        for (String line : Files.readAllLines(original)) {
            var json = new ObjectMapper().readTree(line);
            reserialised.add(String.format(
                    "{\"id\": \"%05d\", \"img\": \"%s\", \"label\": %d, \"text\": %s}",
                    json.get("id").asInt(),
                    json.get("img").asText(),
                    json.get("label").asInt(),
                    new ObjectMapper().writeValueAsString(json.get("text").asText())));
        }
        Path variantOfOriginal = write("fhm-real/train.jsonl", reserialised.toArray(String[]::new));
        assertEquals(comparable(memes), comparable(JsonlDatasetLoader.load(variantOfOriginal, null)));
        memes.forEach(m -> assertTrue(
                m.image().getFileName().toString().matches("\\d{5}\\.png"),
                m.image().toString()));
        try (var variants = Files.list(SHARED.resolve("fhm-annotations/reserialized-variant"))) {
            for (Path variant :
                    variants.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                assertEquals(10, JsonlDatasetLoader.load(variant, null).size(), variant.toString());
            }
        }
    }

    /** The loader keeps line numbers, not memes: they are read again, in order or not, as they are asked for. */
    @Test
    void aLargeDatasetIsReadAsItIsAskedForInOrderOrNot() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            lines.add(
                    i % 1000 == 0
                            ? ""
                            : "{\"id\": \"m" + i + "\", \"image\": \"x.png\", \"text\": \"text " + i + "\"}");
        }
        Path file = write("big/annotations/memes.jsonl", lines.toArray(String[]::new));
        List<Meme> memes = JsonlDatasetLoader.load(file, null);
        assertEquals(2_997, memes.size(), "blank lines are no memes");
        for (int i = 0; i < memes.size(); i++) {
            Meme m = memes.get(i);
            int n = Integer.parseInt(m.id().substring("harmeme:m".length()));
            assertEquals("text " + n, m.text());
            assertEquals(file + ":" + (n + 1), m.origin(), "its line");
        }
        assertEquals("harmeme:m1", memes.get(0).id(), "asked for again after the last, from the start");
        assertEquals("harmeme:m1497", memes.get(1_495).id());

        lines.add("{\"id\": \"m1234\", \"image\": \"x.png\", \"text\": \"again\"}");
        Path twice = write("twice/annotations/memes.jsonl", lines.toArray(String[]::new));
        DatasetException e = assertThrows(DatasetException.class, () -> JsonlDatasetLoader.load(twice, null));
        assertEquals(twice + ":3001: field 'id': duplicate id harmeme:m1234 (also on line 1235)", e.getMessage());
    }
}
