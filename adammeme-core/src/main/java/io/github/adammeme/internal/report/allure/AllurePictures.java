package io.github.adammeme.internal.report.allure;

import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.model.Attachment;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The picture a test's target saw, attached as a small JPEG copy: a meme's picture, erased or with refined text
 * drawn, is often a PNG of megabytes, and a run attaches one per pair and step. A picture several tests show (one
 * meme's pairs in several categories) is written once and named by each of them; Allure stores it once too.
 */
final class AllurePictures {

    /** The longest side models are sent by default ({@code adammeme.image.max-side}): as sharp as the target saw it. */
    static final int LONGEST_SIDE = 768;
    /** A copy's size at most; most are a tenth of it. */
    static final int MAX_BYTES = 200 << 10;

    private static final MemeImages IMAGES = new MemeImages(ImageLimits.defaults());
    /** Per results writer (the engine's, an import's), the copies written: each picture's file version to its source. */
    private static final Map<AllureLifecycle, Map<FileVersion, String>> WRITTEN =
            Collections.synchronizedMap(new WeakHashMap<>());

    private record FileVersion(Path file, long size, long modified) {}

    private AllurePictures() {}

    /**
     * Attaches a copy of the picture to the test case open on this thread, or says why there is none.
     *
     * @param name what the attachment is called
     * @param file the picture the target saw
     */
    static void attach(String name, Path file) {
        AllureLifecycle lifecycle = Allure.getLifecycle();
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            FileVersion version = new FileVersion(
                    file.toAbsolutePath().normalize(),
                    attributes.size(),
                    attributes.lastModifiedTime().toMillis());
            Map<FileVersion, String> written =
                    WRITTEN.computeIfAbsent(lifecycle, l -> Collections.synchronizedMap(new HashMap<>()));
            String source = written.get(version);
            if (source != null) {
                lifecycle.updateTestCase(r -> r.getAttachments()
                        .add(new Attachment()
                                .setName(name)
                                .setType("image/jpeg")
                                .setSource(source)));
                return;
            }
            byte[] copy = IMAGES.jpegCopy(file, LONGEST_SIDE, MAX_BYTES);
            String prepared = lifecycle.prepareAttachment(name, "image/jpeg", ".jpg");
            lifecycle.writeAttachment(prepared, new ByteArrayInputStream(copy));
            written.put(version, prepared);
        } catch (IOException | ImageException e) {
            AllureSample.text(name, "not attached: " + e.getMessage());
        }
    }
}
