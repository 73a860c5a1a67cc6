package io.github.adammeme.data;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.adammeme.llm.CacheKey;
import io.github.adammeme.llm.ContentPart;
import io.github.adammeme.llm.ImageDetail;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * How closely each agent role looks at the meme: the {@code detail} it is sent with
 * ({@code adammeme.image.detail[.<role>]}) and, for endpoints that ignore {@code detail}, a smaller
 * longest side ({@code adammeme.image.max-side.<role>}). Most of a call's input tokens are the picture,
 * and several roles read mostly text.
 *
 * <p>Roles are keyed in lower case ({@code miner}, {@code scorer} ...). A role without an entry gets
 * the default detail and the picture as prepared.
 */
public final class RoleImages {

    /** The roles that are shown a picture, as their keys are spelled. */
    public static final java.util.List<String> ROLES = java.util.List.of(
            "miner", "examiner", "narrator", "candidate", "senior", "target", "scorer", "refiner");

    /**
     * What each role needs, measured on the simulator (README, "What a run costs"): the roles that find
     * the harm in the picture itself (Miners, reference Candidates) look closely; the target is left to
     * its endpoint, as a user's client would send the meme; roles that read what others wrote about the
     * meme (Examiner, Narrator, Senior, Scorer, Refiner) see a thumbnail for the gist.
     */
    public static final Map<String, ImageDetail> DEFAULT_DETAILS = Map.of(
            "miner", ImageDetail.HIGH, "candidate", ImageDetail.HIGH, "target", ImageDetail.AUTO,
            "examiner", ImageDetail.LOW, "narrator", ImageDetail.LOW, "senior", ImageDetail.LOW,
            "scorer", ImageDetail.LOW, "refiner", ImageDetail.LOW);

    /** Every role at full detail: the run the defaults are measured against. */
    public static final RoleImages FULL_DETAIL = new RoleImages(ImageDetail.HIGH, Map.of(), Map.of());

    /** The picture as prepared, with no detail field: what endpoints received before details per role. */
    public static final RoleImages AS_PREPARED = new RoleImages(null, Map.of(), Map.of());

    /** Small pictures, kept per picture and side so a role's copy is made once. */
    private static final long CACHE_BYTES = 16L << 20;

    private record Shrunk(String sha256, int side) {
    }

    private final ImageDetail fallback;
    private final Map<String, ImageDetail> details;
    private final Map<String, Integer> maxSides;
    private final Cache<Shrunk, ContentPart.Image> shrunk = Caffeine.newBuilder()
            .maximumWeight(CACHE_BYTES)
            .weigher((Shrunk k, ContentPart.Image v) -> v.bytes().length)
            .build();

    /**
     * @param fallback the detail of a role without an entry, or null to send no detail field
     * @param details detail by role (lower case)
     * @param maxSides longest side by role (lower case), for endpoints that ignore detail
     */
    public RoleImages(ImageDetail fallback, Map<String, ImageDetail> details, Map<String, Integer> maxSides) {
        this.fallback = fallback;
        this.details = Map.copyOf(details);
        this.maxSides = Map.copyOf(maxSides);
    }

    /** @return the defaults: {@link #DEFAULT_DETAILS}, nothing shrunk */
    public static RoleImages defaults() {
        return new RoleImages(ImageDetail.AUTO, DEFAULT_DETAILS, Map.of());
    }

    /**
     * @param role the agent role, as its calls name it ({@code Miner}, {@code Scorer} ...)
     * @return the detail that role's pictures are sent with, or null for none
     */
    public ImageDetail detail(String role) {
        return details.getOrDefault(role.toLowerCase(Locale.ROOT), fallback);
    }

    /**
     * @param role the agent role
     * @return the longest side its pictures are shrunk to, or 0 for as prepared
     */
    public int maxSide(String role) {
        return maxSides.getOrDefault(role.toLowerCase(Locale.ROOT), 0);
    }

    /**
     * The picture as this role is shown it.
     *
     * @param role the agent role
     * @param image the picture as prepared for every role
     * @return the picture at the role's detail, shrunk to its longest side when it has one
     */
    public ContentPart.Image shown(String role, ContentPart.Image image) {
        int side = maxSide(role);
        ContentPart.Image sized = side <= 0 ? image : shrunk.get(new Shrunk(image.sha256(), side), k -> shrink(image, side));
        return sized.withDetail(detail(role));
    }

    /** Our own prepared picture, already bounded, so it is decoded without the intake's guards. */
    private static ContentPart.Image shrink(ContentPart.Image image, int side) {
        BufferedImage decoded;
        try {
            decoded = ImageIO.read(new ByteArrayInputStream(image.bytes()));
        } catch (IOException e) {
            throw new ImageException("cannot shrink a prepared picture (sha256 " + image.sha256() + "): " + e.getMessage(), e);
        }
        if (decoded == null) {
            throw new ImageException("cannot shrink a prepared picture (sha256 " + image.sha256() + "): no decoder");
        }
        int longest = Math.max(decoded.getWidth(), decoded.getHeight());
        if (longest <= side) {
            return image;
        }
        BufferedImage small = MemeImages.toRgb(decoded, (double) side / longest);
        byte[] bytes = "image/png".equals(image.mimeType()) ? MemeImages.encodePng(small) : MemeImages.encodeJpeg(small);
        return new ContentPart.Image(image.mimeType().equals("image/png") ? "image/png" : "image/jpeg", bytes,
                CacheKey.sha256Hex(bytes));
    }
}
