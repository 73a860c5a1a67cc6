package io.github.adammeme.internal.data.image;

import org.jspecify.annotations.Nullable;

/** The four kinds of picture a meme may be, told apart by their first bytes, never by a file's name. */
enum ImageFormat {
    PNG("image/png", "png"),
    JPEG("image/jpeg", "jpeg"),
    GIF("image/gif", "gif"),
    WEBP("image/webp", "webp");

    private final String mimeType;
    private final String imageIoName;

    ImageFormat(String mimeType, String imageIoName) {
        this.mimeType = mimeType;
        this.imageIoName = imageIoName;
    }

    String mimeType() {
        return mimeType;
    }

    /** The format name ImageIO's readers register under. */
    String imageIoName() {
        return imageIoName;
    }

    /** The format the bytes announce, or null for anything else. */
    static @Nullable ImageFormat sniff(byte[] b) {
        if (b.length >= 8 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
            return PNG;
        }
        if (b.length >= 3 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xD8 && (b[2] & 0xff) == 0xFF) {
            return JPEG;
        }
        if (b.length >= 6 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F' && b[3] == '8') {
            return GIF;
        }
        if (b.length >= 12
                && b[0] == 'R'
                && b[1] == 'I'
                && b[2] == 'F'
                && b[3] == 'F'
                && b[8] == 'W'
                && b[9] == 'E'
                && b[10] == 'B'
                && b[11] == 'P') {
            return WEBP;
        }
        return null;
    }
}
