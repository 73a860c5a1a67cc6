package io.github.adammeme.internal.pipeline.config;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.RoleImages;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.ImageDetail;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Reads how pictures are bounded, shown to each role and stripped of their text, from {@code adammeme.image.*} keys. */
final class ImageKeys {

    private ImageKeys() {}

    static EvaluationConfig.Images read(ConfigValues r) {
        return new EvaluationConfig.Images(
                r.integer(Setting.IMAGE_MAX_SIDE),
                r.parse(Setting.IMAGE_MAX_PIXELS, ImageLimits.DEFAULT_MAX_PIXELS, v -> {
                    long pixels = ConfigValues.wholeNumber(v, "expected a pixel count of at least 1024");
                    if (pixels < 1024) {
                        throw new IllegalArgumentException("expected a pixel count of at least 1024");
                    }
                    return pixels;
                }),
                r.parse(Setting.IMAGE_MAX_BYTES, ImageLimits.DEFAULT_MAX_BYTES, v -> {
                    String allowed = "expected a byte count from 1024 to " + (Integer.MAX_VALUE - 9);
                    long bytes = ConfigValues.wholeNumber(v, allowed);
                    if (bytes < 1024 || bytes > Integer.MAX_VALUE - 9) {
                        throw new IllegalArgumentException(allowed);
                    }
                    return bytes;
                }),
                r.integer(Setting.IMAGE_TIMEOUT_SECONDS),
                roleImages(r),
                textErasure(r));
    }

    /**
     * Detail and size per role: {@code adammeme.image.detail} for every role, {@code adammeme.image.detail.<role>}
     * and {@code adammeme.image.max-side.<role>} for one; a role the pipeline does not have is named as an error,
     * since a misspelt role would otherwise quietly keep its default.
     */
    private static RoleImages roleImages(ConfigValues r) {
        Map<String, String> values = r.values();
        ImageDetail fallback = r.parse(Setting.IMAGE_DETAIL, ImageDetail.AUTO, ImageDetail::parse);
        Map<String, ImageDetail> details = new TreeMap<>();
        if (r.string(Setting.IMAGE_DETAIL) == null) {
            details.putAll(RoleImages.DEFAULT_DETAILS);
        }
        Map<String, Integer> sides = new TreeMap<>();
        for (String key : new TreeSet<>(values.keySet())) {
            String prefix = key.startsWith(Constants.IMAGE_DETAIL_PREFIX)
                    ? Constants.IMAGE_DETAIL_PREFIX
                    : key.startsWith(Constants.IMAGE_MAX_SIDE_PREFIX) ? Constants.IMAGE_MAX_SIDE_PREFIX : null;
            if (prefix == null) {
                continue;
            }
            String role = key.substring(prefix.length()).toLowerCase(Locale.ROOT);
            if (!RoleImages.ROLES.contains(role)) {
                throw new ConfigurationException(
                        key,
                        values.get(key),
                        "no role '" + role + "' is shown a picture;" + " the roles are "
                                + String.join(", ", RoleImages.ROLES));
            }
            if (prefix.equals(Constants.IMAGE_DETAIL_PREFIX)) {
                ImageDetail detail = r.parseOrNull(key, ImageDetail::parse);
                if (detail != null) {
                    details.put(role, detail);
                }
            } else if (r.integer(Setting.IMAGE_MAX_SIDE_PREFIX, key, 0) > 0) {
                sides.put(role, r.integer(Setting.IMAGE_MAX_SIDE_PREFIX, key, 0));
            }
        }
        return new RoleImages(fallback, details, sides);
    }

    private static TextErasure textErasure(ConfigValues r) {
        String set = r.stringOrNull(Setting.TEXT_ERASURE.key());
        Path dir = r.parseOrNull(Setting.TEXT_ERASURE_DIR, Path::of);
        if (set == null || set.isBlank()) {
            // No eraser asked for: the built-in one, or none when a build leaves its module out (the run says so).
            TextErasure erasure = TextErasure.byDefault(dir);
            try {
                erasure.check();
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new ConfigurationException(Constants.TEXT_ERASURE, "builtin", e.getMessage());
            }
            return erasure;
        }
        TextErasure.Mode mode = r.parse(Setting.TEXT_ERASURE, TextErasure.Mode.BUILTIN, TextErasure::mode);
        TextErasure erasure = new TextErasure(mode, dir);
        try {
            erasure.check();
        } catch (IllegalArgumentException | IllegalStateException e) {
            String key = mode == TextErasure.Mode.PRECOMPUTED ? Constants.TEXT_ERASURE_DIR : Constants.TEXT_ERASURE;
            throw new ConfigurationException(key, r.string(key, mode.name().toLowerCase(Locale.ROOT)), e.getMessage());
        }
        return erasure;
    }
}
