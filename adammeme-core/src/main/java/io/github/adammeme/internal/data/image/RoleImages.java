package io.github.adammeme.internal.data.image;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.llm.ImageDetail;
import io.github.adammeme.internal.util.Digests;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * How closely each agent role looks at the meme: the {@code detail} it is sent with
 * ({@code adammeme.image.detail[.<role>]}) and, for endpoints that ignore {@code detail}, a smaller
 * longest side ({@code adammeme.image.max-side.<role>}). Most of a call's input tokens are the picture,
 * and several roles read mostly text.
 *
 * <p>Roles are keyed in lower case ({@code miner}, {@code scorer} ...). A role without an entry gets
 * the default detail and the picture as prepared.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RoleImages {

    /** The roles that are shown a picture, as their keys are spelled. */
    public static final List<String> ROLES =
            List.of("miner", "examiner", "narrator", "candidate", "senior", "target", "scorer", "refiner");

    /**
     * The agents look at a 512-pixel thumbnail; the target gets the picture as a user's client would send
     * it. A meme's text reaches every role as text, so the picture only has to show its scene: who or what
     * is shown, and what the text is set against, which a thumbnail does. On the simulator no verdict moves
     * with any role's detail, while full detail for every role costs 38% more input tokens (docs/cost.md,
     * "What a run costs"); a run that must be sure of small visual cues raises the Miners and Candidates,
     * the roles that find the harm in the picture first, with {@code adammeme.image.detail.miner=high}.
     */
    public static final Map<String, ImageDetail> DEFAULT_DETAILS = Map.of(
            "miner",
            ImageDetail.LOW,
            "candidate",
            ImageDetail.LOW,
            "target",
            ImageDetail.AUTO,
            "examiner",
            ImageDetail.LOW,
            "narrator",
            ImageDetail.LOW,
            "senior",
            ImageDetail.LOW,
            "scorer",
            ImageDetail.LOW,
            "refiner",
            ImageDetail.LOW);

    /** The picture as prepared, with no detail field: what endpoints received before details per role. */
    public static final RoleImages AS_PREPARED = new RoleImages(null, Map.of(), Map.of());

    /** Small pictures, kept per picture and side so a role's copy is made once. */
    private static final long CACHE_BYTES = 16L << 20;

    private record Shrunk(String sha256, int side) {}

    private final @Nullable ImageDetail fallback;
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
    public RoleImages(@Nullable ImageDetail fallback, Map<String, ImageDetail> details, Map<String, Integer> maxSides) {
        this.fallback = fallback;
        this.details = Map.copyOf(details);
        this.maxSides = Map.copyOf(maxSides);
    }

    /**
     * @param role the agent role, as its calls name it ({@code Miner}, {@code Scorer} ...)
     * @return the detail that role's pictures are sent with, or null for none
     */
    public @Nullable ImageDetail detail(String role) {
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
        ContentPart.Image sized =
                side <= 0 ? image : shrunk.get(new Shrunk(image.sha256(), side), k -> shrink(image, side));
        return sized.withDetail(detail(role));
    }

    /** Our own prepared picture, already bounded, so it is decoded without the intake's guards. */
    private static ContentPart.Image shrink(ContentPart.Image image, int side) {
        BufferedImage decoded;
        try {
            decoded = ImageIO.read(new ByteArrayInputStream(image.bytes()));
        } catch (IOException e) {
            throw new ImageException(
                    "cannot shrink a prepared picture (sha256 " + image.sha256() + "): " + e.getMessage(), e);
        }
        if (decoded == null) {
            throw new ImageException("cannot shrink a prepared picture (sha256 " + image.sha256() + "): no decoder");
        }
        int longest = Math.max(decoded.getWidth(), decoded.getHeight());
        if (longest <= side) {
            return image;
        }
        BufferedImage small = RgbImages.toRgb(decoded, (double) side / longest);
        byte[] bytes =
                "image/png".equals(image.mimeType()) ? ImageEncoder.encodePng(small) : ImageEncoder.encodeJpeg(small);
        return new ContentPart.Image(
                image.mimeType().equals("image/png") ? "image/png" : "image/jpeg", bytes, Digests.sha256Hex(bytes));
    }
}
