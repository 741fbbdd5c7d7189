-- The inbox summaries' refresh (migration 0019) counted a post's comments and a thread's messages
-- with a filter that two indexes match equally well when the tables have no statistics, and
-- PGlite never gathers any (no autovacuum; decision 014). The planner took the unique index on
-- (workspace, account, Instagram id), so each refreshed post scanned every comment of the
-- account: 50 ms for ten posts of the demo account's 5,173 comments, paid on every page of a
-- sync and every comment webhook. Counted in the newest-first order of the per-post and
-- per-thread index, and a post's emptiness read the same way, the index is the only plan without
-- a sort: 2.6 ms (issue 27; decision 014's addendum).
CREATE OR REPLACE FUNCTION inbox_refresh_comment_summaries(p_workspaces uuid[], p_accounts text[], p_media text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inbox_thread_summaries s
  USING unnest(p_workspaces, p_accounts, p_media) AS k(workspace_id, account_id, conversation_id)
  WHERE s.workspace_id = k.workspace_id AND s.account_id = k.account_id AND s.kind = 'comments'
    AND s.conversation_id = k.conversation_id
    AND (SELECT c.ig_comment_id FROM instagram_comments c WHERE c.workspace_id = k.workspace_id
      AND c.ig_media_id = k.conversation_id AND c.account_id = k.account_id
      AND c.media_owner_id = c.account_id
      ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1) IS NULL;
  INSERT INTO inbox_thread_summaries AS s (workspace_id, account_id, kind, conversation_id,
    updated_time, last_sender_id, preview, person_id, person_username, caption, last_other_time,
    item_count, needs_reply, is_unread)
  SELECT k.workspace_id, k.account_id, 'comments', k.conversation_id, last.created_at,
    last.user_igsid, left(coalesce(last.text, ''), 500), other.user_igsid, other.username,
    (SELECT m.caption FROM instagram_media m WHERE m.workspace_id = k.workspace_id
      AND m.account_id = k.account_id AND m.ig_media_id = k.conversation_id LIMIT 1),
    other.created_at, counted.n, last.user_igsid <> k.account_id,
    coalesce(r.is_marked_unread, false) OR (other.created_at IS NOT NULL
      AND (r.read_at IS NULL OR other.created_at > r.read_at))
  FROM (SELECT DISTINCT * FROM unnest(p_workspaces, p_accounts, p_media)) AS k(workspace_id, account_id, conversation_id)
  CROSS JOIN LATERAL (
    SELECT c.created_at, c.user_igsid, c.text FROM instagram_comments c
    WHERE c.workspace_id = k.workspace_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
    ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1
  ) last
  LEFT JOIN LATERAL (
    SELECT c.user_igsid, c.username, c.created_at FROM instagram_comments c
    WHERE c.workspace_id = k.workspace_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
      AND c.user_igsid <> c.account_id
    ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1
  ) other ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM (SELECT FROM instagram_comments c
      WHERE c.workspace_id = k.workspace_id AND c.ig_media_id = k.conversation_id
        AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
      ORDER BY c.created_at DESC, c.ig_comment_id DESC) newest_first
  ) counted
  LEFT JOIN inbox_read_states r ON r.workspace_id = k.workspace_id AND r.account_id = k.account_id
    AND r.kind = 'comments' AND r.conversation_id = k.conversation_id
  ON CONFLICT (workspace_id, account_id, kind, conversation_id) DO UPDATE SET
    updated_time = excluded.updated_time, last_sender_id = excluded.last_sender_id,
    preview = excluded.preview, person_id = excluded.person_id,
    person_username = excluded.person_username, caption = excluded.caption,
    last_other_time = excluded.last_other_time,
    item_count = excluded.item_count, needs_reply = excluded.needs_reply,
    is_unread = excluded.is_unread;
END $$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbox_refresh_dm_summaries(p_workspaces uuid[], p_accounts text[], p_threads text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inbox_thread_summaries s
  USING unnest(p_workspaces, p_accounts, p_threads) AS k(workspace_id, account_id, conversation_id)
  WHERE s.workspace_id = k.workspace_id AND s.account_id = k.account_id AND s.kind = 'dm'
    AND s.conversation_id = k.conversation_id
    AND (NOT EXISTS (SELECT 1 FROM instagram_thread_map t WHERE t.workspace_id = k.workspace_id
        AND t.account_id = k.account_id AND t.thread_id = k.conversation_id)
      OR NOT EXISTS (SELECT 1 FROM instagram_messages m WHERE m.workspace_id = k.workspace_id
        AND m.conversation_id = k.conversation_id AND m.account_id = k.account_id));
  INSERT INTO inbox_thread_summaries AS s (workspace_id, account_id, kind, conversation_id,
    updated_time, last_sender_id, preview, person_id, person_username, caption, last_other_time,
    item_count, needs_reply, is_unread)
  SELECT k.workspace_id, k.account_id, 'dm', k.conversation_id, last.created_time, last.from_id,
    left(coalesce(last.text, ''), 500), inbound.from_id, NULL, NULL, inbound.created_time, counted.n,
    last.direction = 'inbound',
    coalesce(r.is_marked_unread, false) OR (inbound.created_time IS NOT NULL
      AND (r.read_at IS NULL OR inbound.created_time > r.read_at))
  FROM (SELECT DISTINCT * FROM unnest(p_workspaces, p_accounts, p_threads)) AS k(workspace_id, account_id, conversation_id)
  JOIN instagram_thread_map t ON t.workspace_id = k.workspace_id AND t.account_id = k.account_id
    AND t.thread_id = k.conversation_id
  CROSS JOIN LATERAL (
    SELECT m.created_time, m.from_id, m.direction, m.text FROM instagram_messages m
    WHERE m.workspace_id = k.workspace_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id
    ORDER BY m.created_time DESC, m.ig_message_id DESC LIMIT 1
  ) last
  LEFT JOIN LATERAL (
    SELECT m.from_id, m.created_time FROM instagram_messages m
    WHERE m.workspace_id = k.workspace_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id AND m.direction = 'inbound'
    ORDER BY m.created_time DESC, m.ig_message_id DESC LIMIT 1
  ) inbound ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM (SELECT FROM instagram_messages m
      WHERE m.workspace_id = k.workspace_id AND m.conversation_id = k.conversation_id
        AND m.account_id = k.account_id
      ORDER BY m.created_time DESC, m.ig_message_id DESC) newest_first
  ) counted
  LEFT JOIN inbox_read_states r ON r.workspace_id = k.workspace_id AND r.account_id = k.account_id
    AND r.kind = 'dm' AND r.conversation_id = k.conversation_id
  ON CONFLICT (workspace_id, account_id, kind, conversation_id) DO UPDATE SET
    updated_time = excluded.updated_time, last_sender_id = excluded.last_sender_id,
    preview = excluded.preview, person_id = excluded.person_id,
    person_username = excluded.person_username, caption = excluded.caption,
    last_other_time = excluded.last_other_time,
    item_count = excluded.item_count, needs_reply = excluded.needs_reply,
    is_unread = excluded.is_unread;
END $$;

