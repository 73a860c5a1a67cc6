package io.github.adammeme.internal.data.image;

import java.io.IOException;
import java.util.Objects;
import javax.imageio.IIOException;
import javax.imageio.stream.ImageInputStreamImpl;

/**
 * A picture's bytes, already in memory, as ImageIO's decoders read them, refusing every read once
 * the decode's time bound has passed: every decoder reads its input as it goes (libjpeg through
 * callbacks, PNG through its inflater), so this stops them all, including those that ignore
 * ImageReader.abort(). Reading the array directly also costs less than ImageIO's cached streams.
 *
 * <p>A decoder that keeps asking for bytes past the end is stopped too: TwelveMonkeys' VP8L bit
 * reader takes the end of its input for more zero bits, so a 38-byte lossless WebP kept its
 * decoder building Huffman tables out of nothing for seconds and hundreds of megabytes. A decoder
 * that reads to the end and stops sees the end a few dozen times at most.
 */
final class ImageByteInput extends ImageInputStreamImpl {

    /** Far more than any decoder that stops at the end needs, and reached in microseconds by one that does not. */
    static final int MAX_READS_PAST_THE_END = 4096;

    private final byte[] bytes;
    private final ImageWatch watch;
    private int readsPastTheEnd;

    ImageByteInput(byte[] bytes, ImageWatch watch) {
        this.bytes = bytes;
        this.watch = watch;
    }

    @Override
    public int read() throws IOException {
        beforeRead();
        return streamPos < bytes.length ? bytes[(int) streamPos++] & 0xff : theEnd();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        beforeRead();
        if (len == 0) {
            return 0;
        }
        if (streamPos >= bytes.length) {
            return theEnd();
        }
        int n = (int) Math.min(len, bytes.length - streamPos);
        System.arraycopy(bytes, (int) streamPos, b, off, n);
        streamPos += n;
        return n;
    }

    @Override
    public long length() {
        return bytes.length;
    }

    /** End of input, as a stream says it: -1, until a decoder has asked too often. */
    private int theEnd() throws IIOException {
        if (++readsPastTheEnd > MAX_READS_PAST_THE_END) {
            throw new IIOException("the decoder kept reading past the end of the data");
        }
        return -1;
    }

    private void beforeRead() throws IOException {
        checkClosed();
        watch.check();
        bitOffset = 0;
    }
}
