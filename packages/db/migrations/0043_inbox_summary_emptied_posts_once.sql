-- The inbox summaries' refresh of a post's comments (migrations 0019 and 0041) deleted the summary
-- of each post left without comments with the "no newest comment" test as a condition of its
-- join. The planner, which on PGlite has no statistics, ran that test for every pair of the
-- workspace's comment summaries and the call's posts rather than once per post: 110,295 index
-- lookups and 500 ms for one account's 513 posts, 350 ms of the 360 ms it took to delete an
-- account's 5,316 comments, and ~240 lookups for every page of comments a sync or a webhook
-- stores. The test now runs once per post of the call, before the join (issue 27; decision 014).
CREATE OR REPLACE FUNCTION inbox_refresh_comment_summaries(p_workspaces uuid[], p_accounts text[], p_media text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The posts of the call left without a comment of their own, found once each: written as a
  -- condition of the join, the planner checked every summary of the workspace against every post
  -- of the call (215 x 215 newest-comment lookups, 350 ms, when an account's comments go).
  WITH emptied AS MATERIALIZED (
    SELECT DISTINCT k.workspace_id, k.account_id, k.conversation_id
    FROM unnest(p_workspaces, p_accounts, p_media) AS k(workspace_id, account_id, conversation_id)
    WHERE (SELECT c.ig_comment_id FROM instagram_comments c WHERE c.workspace_id = k.workspace_id
      AND c.ig_media_id = k.conversation_id AND c.account_id = k.account_id
      AND c.media_owner_id = c.account_id
      ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1) IS NULL
  )
  DELETE FROM inbox_thread_summaries s
  USING emptied k
  WHERE s.workspace_id = k.workspace_id AND s.account_id = k.account_id AND s.kind = 'comments'
    AND s.conversation_id = k.conversation_id;
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
