package io.github.adammeme.internal.erasure;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.llm.ContentPart;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.sourceforge.tess4j.ITessAPI;
import net.sourceforge.tess4j.Tesseract;
import net.sourceforge.tess4j.TesseractException;
import net.sourceforge.tess4j.Word;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import org.opencv.photo.Photo;

/**
 * Erases printed text the way the paper's pipeline did, with libraries instead of a model:
 * Tesseract finds the word boxes, the boxes are dilated into a mask, and OpenCV's inpainting fills
 * the mask from the surrounding picture. Results are cached on disk by the original's digest, so
 * each image is erased once across runs and targets.
 */
final class OcrTextEraser implements TextEraser {

    /** Words Tesseract itself doubts are usually texture, not text. */
    static final float MIN_CONFIDENCE = 20f;

    static {
        nu.pattern.OpenCV.loadLocally();
    }

    private final Path cache;
    private final MemeImages images;
    private final ThreadLocal<Tesseract> tesseract;

    /**
     * Called by {@link TextErasure#create} through reflection, so that only OCR users need Tess4J and OpenCV.
     *
     * @param cache the folder where erased pictures are kept by the original's digest
     * @param tessdata Tesseract's language data folder, holding {@code eng.traineddata}
     * @param images reads and prepares the erased pictures as any meme's
     * @throws IllegalArgumentException when there is no {@code eng.traineddata}
     */
    public OcrTextEraser(Path cache, Path tessdata, MemeImages images) {
        if (tessdata == null || !Files.isRegularFile(tessdata.resolve("eng.traineddata"))) {
            throw new IllegalArgumentException(
                    "no eng.traineddata in " + tessdata
                            + ": install Tesseract's English data (Debian: tesseract-ocr-eng) or set adammeme.text-erasure.tessdata");
        }
        this.cache = cache;
        this.images = images;
        // A Tesseract handle is not thread-safe; one per calling thread.
        this.tesseract = ThreadLocal.withInitial(() -> {
            Tesseract t = new Tesseract();
            t.setDatapath(tessdata.toString());
            t.setLanguage("eng");
            return t;
        });
    }

    @Override
    public ContentPart.Image erase(Meme meme, ContentPart.Image original) {
        Path cached = cache.resolve(original.sha256() + ".png");
        if (Files.exists(cached)) {
            return images.load(cached);
        }
        BufferedImage picture = ErasedPictures.decode(meme, original);
        ErasedPictures.store(
                erase(picture, words(picture).stream().map(ReadWord::box).toList()), cached, meme);
        return images.load(cached);
    }

    /** A word Tesseract read, and where. */
    record ReadWord(String text, Rectangle box) {}

    /**
     * The words Tesseract reads with some confidence.
     *
     * @param picture the picture
     * @return the words at or above the minimum confidence, with their boxes
     * @throws ImageException when OCR fails
     */
    public List<ReadWord> words(BufferedImage picture) {
        try {
            List<Word> words = tesseract.get().getWords(picture, ITessAPI.TessPageIteratorLevel.RIL_WORD);
            return words.stream()
                    .filter(w ->
                            w.getConfidence() >= MIN_CONFIDENCE && !w.getText().isBlank())
                    .map(w -> new ReadWord(w.getText().strip(), w.getBoundingBox()))
                    .toList();
        } catch (RuntimeException e) {
            throw new ImageException("OCR failed: " + e.getMessage());
        }
    }

    /**
     * The text Tesseract reads, for checks of what erasure left behind.
     *
     * @param picture the picture
     * @return all the text Tesseract reads, as it reads it
     * @throws ImageException when OCR fails
     */
    public String read(BufferedImage picture) {
        try {
            return tesseract.get().doOCR(picture);
        } catch (TesseractException e) {
            throw new ImageException("OCR failed: " + e.getMessage());
        }
    }

    /**
     * Masks the boxes, grown so the outline around the letters goes too, and inpaints them.
     *
     * @param picture the picture
     * @param boxes the word boxes to erase
     * @return a new picture with the boxes filled in from around them
     */
    public static BufferedImage erase(BufferedImage picture, List<Rectangle> boxes) {
        BufferedImage bgr = toBgr(picture);
        Mat source = new Mat(bgr.getHeight(), bgr.getWidth(), CvType.CV_8UC3);
        source.put(0, 0, ((DataBufferByte) bgr.getRaster().getDataBuffer()).getData());
        Mat mask = Mat.zeros(source.size(), CvType.CV_8UC1);
        for (Rectangle box : boxes) {
            int pad = Math.max(3, box.height / 5);
            Imgproc.rectangle(
                    mask,
                    new Point(box.x - pad, box.y - pad),
                    new Point(box.x + box.width + pad, box.y + box.height + pad),
                    new Scalar(255),
                    -1);
        }
        Imgproc.dilate(mask, mask, Imgproc.getStructuringElement(Imgproc.MORPH_ELLIPSE, new Size(5, 5)));
        Mat result = new Mat();
        Photo.inpaint(source, mask, result, 7, Photo.INPAINT_TELEA);
        byte[] pixels = new byte[(int) (result.total() * result.channels())];
        result.get(0, 0, pixels);
        BufferedImage out = new BufferedImage(bgr.getWidth(), bgr.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        // OpenCV's BGR bytes are exactly this image type's buffer (setDataElements would expect RGB order).
        byte[] target = ((DataBufferByte) out.getRaster().getDataBuffer()).getData();
        System.arraycopy(pixels, 0, target, 0, target.length);
        source.release();
        mask.release();
        result.release();
        return out;
    }

    private static BufferedImage toBgr(BufferedImage picture) {
        if (picture.getType() == BufferedImage.TYPE_3BYTE_BGR) {
            return picture;
        }
        BufferedImage bgr = new BufferedImage(picture.getWidth(), picture.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        bgr.createGraphics().drawImage(picture, 0, 0, null);
        return bgr;
    }
}
