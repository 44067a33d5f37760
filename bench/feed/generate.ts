/**
 * Fills a (scratch) PostgreSQL database with a feed-shaped data set, in SQL on the server side so that a
 * million posts take seconds, not minutes: creators and fans, a skewed follow graph (a few creators followed by
 * tens of thousands, most by a few hundred), posts spread over two years with the four visibilities, each with
 * one ready media item, and the profile counters that match. Sessions for a sample of fans are made in the
 * same way the app makes them (a random token, stored as its SHA-256).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Pool } from 'pg'

export interface FeedScale {
  users: number
  creators: number
  posts: number
  /** Creators each fan follows: between min and max, skewed toward the first (most popular) creators. */
  followsMin: number
  followsMax: number
}

/** The target: 100k users, 1M posts. */
export const fullScale: FeedScale = {
  users: 100_000,
  creators: 1_000,
  posts: 1_000_000,
  followsMin: 5,
  followsMax: 40,
}

/** Scales users and posts down (e.g. 0.01 for a quick check of the bench itself). */
export function scaled(factor: number): FeedScale {
  return {
    ...fullScale,
    users: Math.max(200, Math.round(fullScale.users * factor)),
    creators: Math.max(20, Math.round(fullScale.creators * factor)),
    posts: Math.max(1_000, Math.round(fullScale.posts * factor)),
  }
}

export interface Generated {
  firstCreatorId: number
  lastCreatorId: number
  /** The most followed creator and its follower count. */
  topCreator: { id: number; followers: number }
  follows: number
  posts: number
  seconds: number
}

const MEDIA_PER_CREATOR = 10

export async function generateFeedData(pool: Pool, scale: FeedScale): Promise<Generated> {
  const started = Date.now()
  const fans = scale.users - scale.creators
  const sql = (text: string, values: unknown[] = []) => pool.query(text, values)

  const creators = await sql(
    `INSERT INTO users (user_type, user_role, user_name, nickname, profile_completed_at, created_at)
     SELECT 0, 1, 'creator_' || g, 'Creator ' || g, now(), now() - interval '3 years'
     FROM generate_series(1, $1::int) g
     RETURNING id`,
    [scale.creators],
  )
  const creatorIds = creators.rows.map((row: { id: string }) => Number(row.id))
  const firstCreatorId = Math.min(...creatorIds)
  const lastCreatorId = Math.max(...creatorIds)
  if (lastCreatorId - firstCreatorId + 1 !== scale.creators) throw new Error('creator ids are not contiguous')

  await sql(
    `INSERT INTO users (user_type, user_role, user_name, nickname, profile_completed_at, created_at)
     SELECT 0, 0, 'fan_' || g, 'Fan ' || g, now(), now() - interval '1 year'
     FROM generate_series(1, $1::int) g`,
    [fans],
  )

  // Each fan follows followsMin..followsMax creators; power(random(), 2) skews the picks toward the first
  // creators, so the top one is followed by tens of thousands and the tail by a few hundred.
  await sql(
    `INSERT INTO follows (follower_id, followee_id, created_at)
     SELECT f.id, $1::bigint + floor($2::int * power(random(), 2))::bigint, now() - random() * interval '365 days'
     FROM users f
     CROSS JOIN LATERAL generate_series(1, $3::int + floor(random() * ($4::int - $3::int + 1) + f.id * 0)::int) pick
     WHERE f.user_role = 0
     ON CONFLICT DO NOTHING`,
    [firstCreatorId, scale.creators, scale.followsMin, scale.followsMax],
  )

  await sql(
    `INSERT INTO media (owner_id, kind, state, md5, size, mime, width, height, files, preview, ready_at)
     SELECT c.id, 'image', 1, md5(c.id || '-' || k), 200000, 'image/jpeg', 1600, 2000,
            jsonb_build_object(
              'images', jsonb_build_array(
                jsonb_build_object('width', 480, 'webp', 'media/' || c.id || '-' || k || '/w480.webp',
                                   'jpeg', 'media/' || c.id || '-' || k || '/w480.jpg'),
                jsonb_build_object('width', 960, 'webp', 'media/' || c.id || '-' || k || '/w960.webp',
                                   'jpeg', 'media/' || c.id || '-' || k || '/w960.jpg')),
              'hls', null, 'mp4', null),
            'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AVN//2Q==',
            now()
     FROM users c CROSS JOIN generate_series(0, $1::int - 1) k
     WHERE c.user_role = 1
     ORDER BY c.id, k`,
    [MEDIA_PER_CREATOR],
  )
  const firstMedia = await sql(`SELECT min(id) AS id FROM media`)
  const firstMediaId = Number(firstMedia.rows[0].id)

  // Posts: authors skewed like follows (popular creators post more), times over two years, visibility
  // 60 % everyone, 15 % PPV, 20 % members, 5 % members and PPV.
  await sql(
    `INSERT INTO posts (author_id, state, caption, visibility, price, published_at, created_at, updated_at, images)
     SELECT author, 2, 'Post number ' || g, vis,
            CASE WHEN vis IN (2, 4) THEN 50 + floor(random() * 450)::int END,
            at, at, at, 1
     FROM (
       SELECT g,
              $1::bigint + floor($2::int * power(random(), 1.5))::bigint AS author,
              now() - random() * interval '730 days' AS at,
              CASE WHEN r < 0.60 THEN 1 WHEN r < 0.75 THEN 2 WHEN r < 0.95 THEN 3 ELSE 4 END AS vis
       FROM (SELECT g, random() AS r FROM generate_series(1, $3::int) g) s
     ) p`,
    [firstCreatorId, scale.creators, scale.posts],
  )
  await sql(
    `INSERT INTO post_media (post_id, media_id, position, is_free_preview)
     SELECT p.id, $1::bigint + (p.author_id - $2::bigint) * $3::int + (p.id % $3::int), 0, false
     FROM posts p`,
    [firstMediaId, firstCreatorId, MEDIA_PER_CREATOR],
  )

  await sql(
    `INSERT INTO user_stats (user_id, followers, following, posts)
     SELECT u.id,
            coalesce((SELECT count(*) FROM follows WHERE followee_id = u.id), 0),
            coalesce((SELECT count(*) FROM follows WHERE follower_id = u.id), 0),
            coalesce((SELECT count(*) FROM posts WHERE author_id = u.id AND state = 2), 0)
     FROM users u
     ON CONFLICT (user_id) DO UPDATE
       SET followers = excluded.followers, following = excluded.following, posts = excluded.posts`,
  )
  await sql('ANALYZE')

  const top = await sql(
    `SELECT user_id, followers FROM user_stats WHERE user_id BETWEEN $1 AND $2 ORDER BY followers DESC LIMIT 1`,
    [firstCreatorId, lastCreatorId],
  )
  const counts = await sql(
    `SELECT (SELECT count(*) FROM follows) AS follows, (SELECT count(*) FROM posts) AS posts`,
  )
  return {
    firstCreatorId,
    lastCreatorId,
    topCreator: { id: Number(top.rows[0].user_id), followers: Number(top.rows[0].followers) },
    follows: Number(counts.rows[0].follows),
    posts: Number(counts.rows[0].posts),
    seconds: (Date.now() - started) / 1000,
  }
}

/** Signs in `userIds` the way the app does: a random bearer token per user, stored as its SHA-256. */
export async function createSessions(pool: Pool, userIds: readonly number[]): Promise<Map<number, string>> {
  const tokens = new Map<number, string>()
  for (const id of userIds) tokens.set(id, randomBytes(32).toString('base64url'))
  const ids = [...tokens.keys()]
  const hashes = ids.map((id) =>
    createHash('sha256')
      .update(tokens.get(id) as string)
      .digest('hex'),
  )
  await pool.query(
    `INSERT INTO sessions (user_id, token_hash, device_id, expires_at)
     SELECT u, h, 'bench-device-0001', now() + interval '30 days'
     FROM unnest($1::bigint[], $2::text[]) AS t(u, h)`,
    [ids, hashes],
  )
  return tokens
}

/** Fans who follow `creatorId`, a random sample of at most `limit`. */
export async function followersOf(pool: Pool, creatorId: number, limit: number): Promise<number[]> {
  const result = await pool.query(
    `SELECT follower_id FROM follows WHERE followee_id = $1 ORDER BY random() LIMIT $2`,
    [creatorId, limit],
  )
  return result.rows.map((row: { follower_id: string }) => Number(row.follower_id))
}

/** A random sample of fans (user_role 0) who follow at least one creator. */
export async function sampleFans(pool: Pool, limit: number): Promise<number[]> {
  const result = await pool.query(
    `SELECT id FROM users WHERE user_role = 0 AND EXISTS (SELECT 1 FROM follows WHERE follower_id = users.id)
     ORDER BY random() LIMIT $1`,
    [limit],
  )
  return result.rows.map((row: { id: string }) => Number(row.id))
}
