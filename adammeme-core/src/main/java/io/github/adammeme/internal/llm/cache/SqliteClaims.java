package io.github.adammeme.internal.llm.cache;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * Claims on calls being made, in the SQLite cache's {@code claims} table: one process makes a call
 * while others wait for its answer, and the claims of a process that died are taken over. Used
 * under the cache's lock, on its one connection.
 */
final class SqliteClaims {

    private final String owner = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID();
    private final PreparedStatement take;
    private final PreparedStatement holderOf;
    private final PreparedStatement steal;
    private final PreparedStatement release;
    private final PreparedStatement releaseAll;

    SqliteClaims(Connection c) throws SQLException {
        take = c.prepareStatement(
                "INSERT INTO claims (key, owner, claimed_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                        + "SET owner = excluded.owner, claimed_at = excluded.claimed_at WHERE claims.claimed_at < ?");
        holderOf = c.prepareStatement("SELECT owner FROM claims WHERE key = ?");
        steal = c.prepareStatement("UPDATE claims SET owner = ?, claimed_at = ? WHERE key = ? AND owner = ?");
        release = c.prepareStatement("DELETE FROM claims WHERE key = ? AND owner = ?");
        releaseAll = c.prepareStatement("DELETE FROM claims WHERE owner = ?");
    }

    boolean claim(String key) throws SQLException {
        // One statement takes a free key or a stale claim; a live claim of another process stays.
        long now = Instant.now().toEpochMilli();
        take.setString(1, key);
        take.setString(2, owner);
        take.setLong(3, now);
        take.setLong(4, now - SqliteCallCache.STALE_CLAIM.toMillis());
        take.executeUpdate();
        holderOf.setString(1, key);
        String holder;
        try (ResultSet rs = holderOf.executeQuery()) {
            holder = rs.next() ? rs.getString(1) : null;
        }
        if (holder != null && !holder.equals(owner) && dead(holder)) {
            // A process killed mid-call leaves its claims behind: take them over at once.
            steal.setString(1, owner);
            steal.setLong(2, Instant.now().toEpochMilli());
            steal.setString(3, key);
            steal.setString(4, holder);
            steal.executeUpdate();
            return true;
        }
        return owner.equals(holder);
    }

    void release(String key) throws SQLException {
        release.setString(1, key);
        release.setString(2, owner);
        release.executeUpdate();
    }

    /** Gives up every claim of this connection: the calls it was making will store nothing through it. */
    void releaseAll() throws SQLException {
        releaseAll.setString(1, owner);
        releaseAll.executeUpdate();
    }

    /** Whether the claim on this key is gone, or held by a process of this host that no longer runs. */
    boolean abandoned(String key) throws SQLException {
        holderOf.setString(1, key);
        try (ResultSet rs = holderOf.executeQuery()) {
            return !rs.next() || dead(rs.getString(1));
        }
    }

    /** A claim's owner is "pid@host/uuid": on this host, a pid that no longer runs owns nothing. */
    private static boolean dead(String holder) {
        String[] parts = holder.split("[@/]", 3);
        String host = ManagementFactory.getRuntimeMXBean().getName().split("@", 2)[1];
        if (parts.length < 3 || !parts[1].equals(host) || !parts[0].matches("\\d+")) {
            return false;
        }
        return ProcessHandle.of(Long.parseLong(parts[0])).map(p -> !p.isAlive()).orElse(true);
    }
}
