package io.github.adammeme.internal.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MAMI in the forms seen in the wild, plain folders, and several datasets in one run. */
class CsvDatasetLoaderTest {

    @TempDir
    Path dir;

    private Path write(String name, String... lines) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(lines));
        return file;
    }

    @Test
    void officialMamiTrainingFileIsTabSeparatedDespiteItsName() throws Exception {
        Path file = write(
                "mami/training.csv",
                "file_name\tmisogynous\tshaming\tstereotype\tobjectification\tviolence\tText Transcription",
                "1.jpg\t0\t0\t0\t0\t0\tMilk Milk.zip",
                "10.jpg\t1\t0\t1\t0\t0\tROSES ARE RED, VIOLETS ARE BLUE IF YOU DON'T SAY YES, I'LL JUST RAPE YOU");
        List<Meme> memes = Datasets.load(file, null);
        assertEquals(List.of("mami:1", "mami:10"), memes.stream().map(Meme::id).toList());
        assertEquals(List.of("not misogynous"), memes.get(0).labels());
        assertEquals(List.of("misogynous", "stereotype"), memes.get(1).labels());
        assertEquals("Milk Milk.zip", memes.get(0).text());
        assertEquals(dir.resolve("mami/1.jpg").toAbsolutePath(), memes.get(0).image(), "images beside the file");
    }

    @Test
    void theCommonVariantsParseToTheSameRecords() throws Exception {
        Path official = write(
                "a/training.csv",
                "file_name\tmisogynous\tshaming\tstereotype\tobjectification\tviolence\tText Transcription",
                "15.jpg\t1\t1\t0\t0\t0\t\"she said \"\"no\"\", he heard \"\"yes\"\"\"");
        Path labelText = write(
                "b/train.tsv",
                "file_name\tlabel\tshaming\tstereotype\tobjectification\tviolence\ttext",
                "15.jpg\t1\t1\t0\t0\t0\t\"she said \"\"no\"\", he heard \"\"yes\"\"\"");
        Path commaCaption = write(
                "c/train.csv",
                "file_name,label,shaming,stereotype,objectification,violence,text,caption",
                "15.jpg,1,1,0,0,0,\"she said \"\"no\"\", he heard \"\"yes\"\"\",a woman at a door");
        List<List<Object>> expected = JsonlDatasetLoaderTest.comparable(Datasets.load(official, null));
        assertEquals(expected, JsonlDatasetLoaderTest.comparable(Datasets.load(labelText, null)));
        assertEquals(expected, JsonlDatasetLoaderTest.comparable(Datasets.load(commaCaption, null)));
        assertEquals(
                "she said \"no\", he heard \"yes\"",
                Datasets.load(official, null).get(0).text());
    }

    @Test
    void theTestFileWithoutLabelsParses() throws Exception {
        Path file = write(
                "mami/Test.csv",
                "file_name\tText Transcription",
                "15236.jpg\tWHEN YOUR GIRLFRIEND",
                "15805.jpg\tMEN BE LIKE");
        List<Meme> memes = Datasets.load(file, DatasetFormat.MAMI);
        assertEquals(2, memes.size());
        assertTrue(memes.get(0).labels().isEmpty());
    }

    @Test
    void aRowWithTheWrongNumberOfFieldsIsNamedByLine() throws Exception {
        Path file = write("mami/bad.csv", "file_name\tmisogynous\tText Transcription", "1.jpg\t0\tfine", "2.jpg\t1");
        DatasetException e = assertThrows(DatasetException.class, () -> Datasets.load(file, null));
        assertTrue(
                e.getMessage().startsWith(file + ":3: expected 3 fields separated by '\\t', found 2"), e.getMessage());
        Path label = write("mami/label.csv", "file_name\tmisogynous\tText Transcription", "1.jpg\tmaybe\tx");
        assertTrue(assertThrows(DatasetException.class, () -> Datasets.load(label, null))
                .getMessage()
                .contains(":2: field 'misogynous': expected 0 or 1, got 'maybe'"));
        Path noText = write("mami/notext.csv", "file_name\tmisogynous", "1.jpg\t1");
        assertTrue(assertThrows(DatasetException.class, () -> Datasets.load(noText, null))
                .getMessage()
                .contains("no text column"));
    }

    @Test
    void aFolderOfImagesWithACsvOrJsonlOfIdImageAndText() throws Exception {
        write("my memes/memes.csv", "id,image,text", "a,pics/a.png,\"first, with a comma\"", "b,pics/b.png,second");
        List<Meme> csv = Datasets.load(dir.resolve("my memes"), null);
        assertEquals(
                List.of("my-memes:a", "my-memes:b"), csv.stream().map(Meme::id).toList());
        assertEquals("first, with a comma", csv.get(0).text());
        assertEquals(
                dir.resolve("my memes/pics/a.png").toAbsolutePath(), csv.get(0).image());

        write("other/memes.jsonl", "{\"id\": \"x\", \"image\": \"x.png\", \"text\": \"third\"}");
        assertEquals("other:x", Datasets.load(dir.resolve("other"), null).get(0).id());

        Files.createDirectories(dir.resolve("empty"));
        assertTrue(assertThrows(DatasetException.class, () -> Datasets.load(dir.resolve("empty"), null))
                .getMessage()
                .contains("needs one metadata file with id, image and text"));
    }

    @Test
    void severalDatasetsFeedOneRunAndTheirIdsStayApart() throws Exception {
        Path mami = write("mami/training.csv", "file_name\tmisogynous\tText Transcription", "1.jpg\t0\tone");
        Path fhm = write("fhm/train.jsonl", "{\"id\": 1, \"img\": \"img/00001.png\", \"label\": 0, \"text\": \"one\"}");
        List<Meme> memes = Datasets.load(List.of(mami, fhm), null);
        assertEquals(
                List.of("mami:1", "fhm:00001"), memes.stream().map(Meme::id).toList());
        DatasetException twice = assertThrows(DatasetException.class, () -> Datasets.load(List.of(mami, mami), null));
        assertTrue(twice.getMessage().contains("id mami:1 is also in " + mami), twice.getMessage());
    }
}
