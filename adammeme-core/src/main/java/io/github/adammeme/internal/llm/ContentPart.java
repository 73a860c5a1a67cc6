package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Base64;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** One part of a chat message: text, or an image sent inline as a data URL. */
@API(status = INTERNAL, since = "0.1.0")
public sealed interface ContentPart permits ContentPart.Text, ContentPart.Image {

    /**
     * A text part.
     *
     * @param text the text
     */
    record Text(String text) implements ContentPart {
        /** @param text the text, not null */
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * An encoded image. The digest, not the bytes, identifies it in cache keys and logs, so a
     * request's identity stays small and images never end up in a cache row.
     *
     * @param mimeType the image type, e.g. {@code image/png}
     * @param bytes the encoded image
     * @param sha256 the SHA-256 of the bytes, in hex
     * @param detail how closely the model is asked to look, or null to send no {@code detail} field
     */
    @SuppressWarnings("ArrayRecordComponent") // the bytes are sent, never compared: the sha256 stands for them
    record Image(
            String mimeType,
            byte[] bytes,
            String sha256,
            @Nullable ImageDetail detail) implements ContentPart {
        /**
         * @param mimeType the image type, e.g. {@code image/png}
         * @param bytes the encoded image
         * @param sha256 the SHA-256 of the bytes, in hex
         * @param detail how closely the model is asked to look, or null
         */
        public Image {
            Objects.requireNonNull(mimeType, "mimeType");
            Objects.requireNonNull(bytes, "bytes");
            Objects.requireNonNull(sha256, "sha256");
        }

        /**
         * An image sent without a {@code detail} field.
         *
         * @param mimeType the image type, e.g. {@code image/png}
         * @param bytes the encoded image
         * @param sha256 the SHA-256 of the bytes, in hex
         */
        public Image(String mimeType, byte[] bytes, String sha256) {
            this(mimeType, bytes, sha256, null);
        }

        /**
         * @param next how closely the model is to look, or null for no {@code detail} field
         * @return the same picture at that detail
         */
        public Image withDetail(@Nullable ImageDetail next) {
            return next == detail ? this : new Image(mimeType, bytes, sha256, next);
        }

        /** @return the image inline, as {@code data:<type>;base64,...} */
        public String dataUrl() {
            return "data:" + mimeType + ";base64," + Base64.getEncoder().encodeToString(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Image other
                    && other.sha256.equals(sha256)
                    && other.mimeType.equals(mimeType)
                    && other.detail == detail;
        }

        @Override
        public int hashCode() {
            return sha256.hashCode();
        }

        @Override
        public String toString() {
            return "Image[" + mimeType + ", sha256=" + sha256 + (detail == null ? "" : ", detail=" + detail.wire())
                    + "]";
        }
    }
}
