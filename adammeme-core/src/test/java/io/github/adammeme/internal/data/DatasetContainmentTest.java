package io.github.adammeme.internal.data;

import static io.github.adammeme.internal.data.DatasetFiles.lines;
import static io.github.adammeme.internal.data.DatasetFiles.symlink;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An image path stays inside its dataset folder by real path, not only by name: a link inside the folder
 * cannot send a file from elsewhere to a model, and a directory, pipe or device is not a picture.
 */
class DatasetContainmentTest {

    @TempDir
    Path dir;

    Path root;
    Path secret;

    @BeforeEach
    void folders() throws Exception {
        root = dir.resolve("fhm");
        secret = DatasetFiles.bytes(dir.resolve("outside/secret.png"), new byte[] {1, 2, 3});
        DatasetFiles.bytes(root.resolve("img/00001.png"), new byte[] {4, 5, 6});
    }

    private String refusal(String img) throws Exception {
        Path file = lines(root.resolve("train.jsonl"), "{\"id\": 7, \"img\": \"" + img + "\", \"text\": \"x\"}");
        String message = assertThrows(DatasetException.class, () -> Datasets.load(file, null))
                .getMessage();
        return message.replace(file.toString(), "<file>").replace(root.toString(), "<root>");
    }

    @Test
    void anExistingImageIsKeptByItsRealPath() throws Exception {
        Path linkedRoot = symlink(dir.resolve("fhm-link"), root);
        Path file = lines(root.resolve("train.jsonl"), "{\"id\": 1, \"img\": \"img/00001.png\", \"text\": \"x\"}");
        Meme meme = Datasets.load(linkedRoot.resolve(file.getFileName()), null).get(0);
        assertEquals(
                root.resolve("img/00001.png").toRealPath(),
                meme.image(),
                "the folder named through a link is the folder");
    }

    @Test
    void aLinkToAFileOutsideIsRefused() throws Exception {
        symlink(root.resolve("img/link.png"), secret);
        assertEquals(
                "<file>:1: field 'img': path 'img/link.png' leads outside the dataset folder <root> (through a"
                        + " symbolic link)",
                refusal("img/link.png"));
        symlink(root.resolve("relative.png"), Path.of("../outside/secret.png"));
        assertEquals(
                "<file>:1: field 'img': path 'relative.png' leads outside the dataset folder <root> (through a"
                        + " symbolic link)",
                refusal("relative.png"));
    }

    @Test
    void aLinkToADirectoryIsRefused() throws Exception {
        symlink(root.resolve("out"), secret.getParent());
        assertEquals(
                "<file>:1: field 'img': path 'out/secret.png' leads outside the dataset folder <root> (through a"
                        + " symbolic link)",
                refusal("out/secret.png"));
        assertEquals(
                "<file>:1: field 'img': path 'out' leads outside the dataset folder <root> (through a symbolic link)",
                refusal("out"));
        symlink(root.resolve("here"), root.resolve("img"));
        assertEquals("<file>:1: field 'img': path 'here' is not a regular file (a directory)", refusal("here"));
        assertEquals("<file>:1: field 'img': path 'img' is not a regular file (a directory)", refusal("img"));
    }

    @Test
    void aMissingImageBehindALinkedFolderIsRefusedButAPlainMissingOneIsAllowed() throws Exception {
        symlink(root.resolve("out"), secret.getParent());
        assertEquals(
                "<file>:1: field 'img': path 'out/later.png' leads outside the dataset folder <root> (through a"
                        + " symbolic link)",
                refusal("out/later.png"));
        symlink(root.resolve("dangling.png"), dir.resolve("outside/not-yet.png"));
        assertEquals(
                "<file>:1: field 'img': path 'dangling.png' is a symbolic link to nothing", refusal("dangling.png"));
        Path file = lines(root.resolve("train.jsonl"), "{\"id\": 1, \"img\": \"img/missing.png\", \"text\": \"x\"}");
        assertEquals(
                root.resolve("img/missing.png").toAbsolutePath(),
                Datasets.load(file, null).get(0).image(),
                "a missing image fails when it is read, as before");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aPipeOrADeviceIsNotAPicture() throws Exception {
        DatasetFiles.fifo(root.resolve("img/fifo.png"));
        assertEquals(
                "<file>:1: field 'img': path 'img/fifo.png' is not a regular file (a device, pipe or socket)",
                refusal("img/fifo.png"));
        symlink(root.resolve("zero.png"), Path.of("/dev/zero"));
        assertEquals(
                "<file>:1: field 'img': path 'zero.png' leads outside the dataset folder <root> (through a symbolic"
                        + " link)",
                refusal("zero.png"));
        assertEquals(
                "<file>:1: field 'img': path '/dev/zero' leads outside the dataset folder <root>",
                refusal("/dev/zero"));
    }

    @Test
    void aPathThatIsNotAPathIsNamed() throws Exception {
        assertEquals(
                "<file>:1: field 'img': path 'a\\u0000.png' is not a valid path (Nul character not allowed)",
                refusal("a\\u0000.png"));
        assertEquals("<file>:1: field 'img': path '/' leads outside the dataset folder <root>", refusal("/"));
        assertEquals(
                "<file>:1: field 'img': path '../fhm/../../x.png' leads outside the dataset folder <root>",
                refusal("../fhm/../../x.png"));
    }

    @Test
    void harmemeAndCsvImagesAreContainedTheSameWay() throws Exception {
        Path harmeme = dir.resolve("harmeme");
        symlink(harmeme.resolve("images"), secret.getParent());
        Path annotations = lines(
                harmeme.resolve("annotations/val.jsonl"),
                "{\"id\": \"h\", \"image\": \"secret.png\", \"text\": \"x\"}");
        assertEquals(
                annotations + ":1: field 'image': path 'secret.png' leads outside the dataset folder "
                        + harmeme.resolve("images") + " (through a symbolic link)",
                assertThrows(DatasetException.class, () -> Datasets.load(annotations, null))
                        .getMessage());
        symlink(root.resolve("link.png"), secret);
        Path csv = lines(root.resolve("memes.csv"), "id,image,text", "a,link.png,x");
        assertEquals(
                csv + ":2: field 'image': path 'link.png' leads outside the dataset folder " + root
                        + " (through a symbolic link)",
                assertThrows(DatasetException.class, () -> Datasets.load(csv, null))
                        .getMessage());
    }

    @Test
    void aFolderDatasetsMetadataFileStaysInTheFolderToo() throws Exception {
        Path folder = dir.resolve("mine");
        Path outside = lines(dir.resolve("outside/memes.csv"), "id,image,text", "a,a.png,x");
        symlink(folder.resolve("memes.csv"), outside);
        assertEquals(
                "dataset folder " + folder + ": metadata file 'memes.csv' leads outside the dataset folder " + folder
                        + " (through a symbolic link)",
                assertThrows(DatasetException.class, () -> Datasets.load(folder, null))
                        .getMessage());
        Files.delete(folder.resolve("memes.csv"));
        DatasetFiles.fifo(folder.resolve("memes.jsonl"));
        assertEquals(
                "dataset folder " + folder + ": metadata file 'memes.jsonl' is not a regular file (a device, pipe or"
                        + " socket)",
                assertThrows(DatasetException.class, () -> Datasets.load(folder, null))
                        .getMessage());
    }
}
