CREATE TABLE "inbox_thread_summaries" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" text NOT NULL,
	"updated_time" timestamp with time zone NOT NULL,
	"last_sender_id" text NOT NULL,
	"preview" text NOT NULL,
	"person_id" text,
	"person_username" text,
	"caption" text,
	"last_other_time" timestamp with time zone,
	"item_count" integer NOT NULL,
	"needs_reply" boolean NOT NULL,
	"is_unread" boolean NOT NULL,
	CONSTRAINT "inbox_thread_summaries_pk" PRIMARY KEY("user_id","account_id","kind","conversation_id"),
	CONSTRAINT "inbox_thread_summaries_kind_check" CHECK ("inbox_thread_summaries"."kind" in ('dm', 'comments'))
);
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" ADD CONSTRAINT "inbox_thread_summaries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_list_idx" ON "inbox_thread_summaries" USING btree ("user_id","account_id","updated_time","conversation_id");--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_kind_idx" ON "inbox_thread_summaries" USING btree ("user_id","account_id","kind","updated_time","conversation_id");--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_unread_idx" ON "inbox_thread_summaries" USING btree ("user_id","account_id","updated_time","conversation_id") WHERE "inbox_thread_summaries"."is_unread";--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_needs_reply_idx" ON "inbox_thread_summaries" USING btree ("user_id","account_id","updated_time","conversation_id") WHERE "inbox_thread_summaries"."needs_reply";--> statement-breakpoint
CREATE INDEX "instagram_comments_media_newest_idx" ON "instagram_comments" USING btree ("user_id","account_id","ig_media_id","created_at","ig_comment_id");--> statement-breakpoint
CREATE INDEX "instagram_messages_thread_newest_idx" ON "instagram_messages" USING btree ("user_id","account_id","conversation_id","created_time","ig_message_id");--> statement-breakpoint
-- Hand-written below (keep when regenerating): the functions and triggers that keep
-- inbox_thread_summaries current on every write, and the backfill of existing rows.
-- Recomputes the DM threads given (user, account, thread) from their messages: one index probe
-- each for the newest message, the newest inbound one and the count. A thread with no message
-- (or no thread map row) has no summary.
CREATE FUNCTION inbox_refresh_dm_summaries(p_users text[], p_accounts text[], p_threads text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inbox_thread_summaries s
  USING unnest(p_users, p_accounts, p_threads) AS k(user_id, account_id, conversation_id)
  WHERE s.user_id = k.user_id AND s.account_id = k.account_id AND s.kind = 'dm'
    AND s.conversation_id = k.conversation_id
    AND (NOT EXISTS (SELECT 1 FROM instagram_thread_map t WHERE t.user_id = k.user_id
        AND t.account_id = k.account_id AND t.thread_id = k.conversation_id)
      OR NOT EXISTS (SELECT 1 FROM instagram_messages m WHERE m.user_id = k.user_id
        AND m.conversation_id = k.conversation_id AND m.account_id = k.account_id));
  INSERT INTO inbox_thread_summaries AS s (user_id, account_id, kind, conversation_id,
    updated_time, last_sender_id, preview, person_id, person_username, caption, last_other_time,
    item_count, needs_reply, is_unread)
  SELECT k.user_id, k.account_id, 'dm', k.conversation_id, last.created_time, last.from_id,
    left(coalesce(last.text, ''), 500), inbound.from_id, NULL, NULL, inbound.created_time, counted.n,
    last.direction = 'inbound',
    coalesce(r.is_marked_unread, false) OR (inbound.created_time IS NOT NULL
      AND (r.read_at IS NULL OR inbound.created_time > r.read_at))
  FROM (SELECT DISTINCT * FROM unnest(p_users, p_accounts, p_threads)) AS k(user_id, account_id, conversation_id)
  JOIN instagram_thread_map t ON t.user_id = k.user_id AND t.account_id = k.account_id
    AND t.thread_id = k.conversation_id
  CROSS JOIN LATERAL (
    SELECT m.created_time, m.from_id, m.direction, m.text FROM instagram_messages m
    WHERE m.user_id = k.user_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id
    ORDER BY m.created_time DESC, m.ig_message_id DESC LIMIT 1
  ) last
  LEFT JOIN LATERAL (
    SELECT m.from_id, m.created_time FROM instagram_messages m
    WHERE m.user_id = k.user_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id AND m.direction = 'inbound'
    ORDER BY m.created_time DESC, m.ig_message_id DESC LIMIT 1
  ) inbound ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM instagram_messages m
    WHERE m.user_id = k.user_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id
  ) counted
  LEFT JOIN inbox_read_states r ON r.user_id = k.user_id AND r.account_id = k.account_id
    AND r.kind = 'dm' AND r.conversation_id = k.conversation_id
  ON CONFLICT (user_id, account_id, kind, conversation_id) DO UPDATE SET
    updated_time = excluded.updated_time, last_sender_id = excluded.last_sender_id,
    preview = excluded.preview, person_id = excluded.person_id,
    person_username = excluded.person_username, caption = excluded.caption,
    last_other_time = excluded.last_other_time,
    item_count = excluded.item_count, needs_reply = excluded.needs_reply,
    is_unread = excluded.is_unread;
END $$;
--> statement-breakpoint
-- The same for posts' comments (the conversation id is the media id); only comments on the
-- account's own posts make a conversation.
CREATE FUNCTION inbox_refresh_comment_summaries(p_users text[], p_accounts text[], p_media text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inbox_thread_summaries s
  USING unnest(p_users, p_accounts, p_media) AS k(user_id, account_id, conversation_id)
  WHERE s.user_id = k.user_id AND s.account_id = k.account_id AND s.kind = 'comments'
    AND s.conversation_id = k.conversation_id
    AND NOT EXISTS (SELECT 1 FROM instagram_comments c WHERE c.user_id = k.user_id
      AND c.ig_media_id = k.conversation_id AND c.account_id = k.account_id
      AND c.media_owner_id = c.account_id);
  INSERT INTO inbox_thread_summaries AS s (user_id, account_id, kind, conversation_id,
    updated_time, last_sender_id, preview, person_id, person_username, caption, last_other_time,
    item_count, needs_reply, is_unread)
  SELECT k.user_id, k.account_id, 'comments', k.conversation_id, last.created_at,
    last.user_igsid, left(coalesce(last.text, ''), 500), other.user_igsid, other.username,
    (SELECT m.caption FROM instagram_media m WHERE m.user_id = k.user_id
      AND m.account_id = k.account_id AND m.ig_media_id = k.conversation_id LIMIT 1),
    other.created_at, counted.n, last.user_igsid <> k.account_id,
    coalesce(r.is_marked_unread, false) OR (other.created_at IS NOT NULL
      AND (r.read_at IS NULL OR other.created_at > r.read_at))
  FROM (SELECT DISTINCT * FROM unnest(p_users, p_accounts, p_media)) AS k(user_id, account_id, conversation_id)
  CROSS JOIN LATERAL (
    SELECT c.created_at, c.user_igsid, c.text FROM instagram_comments c
    WHERE c.user_id = k.user_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
    ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1
  ) last
  LEFT JOIN LATERAL (
    SELECT c.user_igsid, c.username, c.created_at FROM instagram_comments c
    WHERE c.user_id = k.user_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
      AND c.user_igsid <> c.account_id
    ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1
  ) other ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM instagram_comments c
    WHERE c.user_id = k.user_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
  ) counted
  LEFT JOIN inbox_read_states r ON r.user_id = k.user_id AND r.account_id = k.account_id
    AND r.kind = 'comments' AND r.conversation_id = k.conversation_id
  ON CONFLICT (user_id, account_id, kind, conversation_id) DO UPDATE SET
    updated_time = excluded.updated_time, last_sender_id = excluded.last_sender_id,
    preview = excluded.preview, person_id = excluded.person_id,
    person_username = excluded.person_username, caption = excluded.caption,
    last_other_time = excluded.last_other_time,
    item_count = excluded.item_count, needs_reply = excluded.needs_reply,
    is_unread = excluded.is_unread;
END $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a sync page of hundreds of rows refreshes
-- each touched conversation once. PostgreSQL allows a transition table on one event only, hence
-- three triggers per table sharing one function that branches on TG_OP.
CREATE FUNCTION inbox_messages_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u text[]; a text[]; c text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.conversation_id) INTO u, a, c
    FROM (SELECT DISTINCT user_id, account_id, conversation_id FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.conversation_id) INTO u, a, c
    FROM (SELECT DISTINCT user_id, account_id, conversation_id FROM old_rows) k;
  ELSE
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.conversation_id) INTO u, a, c
    FROM (SELECT user_id, account_id, conversation_id FROM new_rows
      UNION SELECT user_id, account_id, conversation_id FROM old_rows) k;
  END IF;
  IF u IS NOT NULL THEN PERFORM inbox_refresh_dm_summaries(u, a, c); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_messages_summary_insert AFTER INSERT ON instagram_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_messages_summary_update AFTER UPDATE ON instagram_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_messages_summary_delete AFTER DELETE ON instagram_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_summary_trigger();
--> statement-breakpoint
CREATE FUNCTION inbox_thread_map_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u text[]; a text[]; c text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.thread_id) INTO u, a, c
    FROM (SELECT DISTINCT user_id, account_id, thread_id FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.thread_id) INTO u, a, c
    FROM (SELECT DISTINCT user_id, account_id, thread_id FROM old_rows) k;
  ELSE
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.thread_id) INTO u, a, c
    FROM (SELECT user_id, account_id, thread_id FROM new_rows
      UNION SELECT user_id, account_id, thread_id FROM old_rows) k;
  END IF;
  IF u IS NOT NULL THEN PERFORM inbox_refresh_dm_summaries(u, a, c); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_thread_map_summary_insert AFTER INSERT ON instagram_thread_map
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_thread_map_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_thread_map_summary_update AFTER UPDATE ON instagram_thread_map
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_thread_map_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_thread_map_summary_delete AFTER DELETE ON instagram_thread_map
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_thread_map_summary_trigger();
--> statement-breakpoint
CREATE FUNCTION inbox_comments_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u text[]; a text[]; c text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.ig_media_id) INTO u, a, c
    FROM (SELECT DISTINCT user_id, account_id, ig_media_id FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.ig_media_id) INTO u, a, c
    FROM (SELECT DISTINCT user_id, account_id, ig_media_id FROM old_rows) k;
  ELSE
    SELECT array_agg(k.user_id), array_agg(k.account_id), array_agg(k.ig_media_id) INTO u, a, c
    FROM (SELECT user_id, account_id, ig_media_id FROM new_rows
      UNION SELECT user_id, account_id, ig_media_id FROM old_rows) k;
  END IF;
  IF u IS NOT NULL THEN PERFORM inbox_refresh_comment_summaries(u, a, c); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_comments_summary_insert AFTER INSERT ON instagram_comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_comments_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_comments_summary_update AFTER UPDATE ON instagram_comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_comments_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_comments_summary_delete AFTER DELETE ON instagram_comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_comments_summary_trigger();
--> statement-breakpoint
-- A post synced or edited after its comments: its conversation shows the new caption.
CREATE FUNCTION inbox_media_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inbox_thread_summaries s SET caption = n.caption
  FROM new_rows n
  WHERE s.user_id = n.user_id AND s.account_id = n.account_id AND s.kind = 'comments'
    AND s.conversation_id = n.ig_media_id AND s.caption IS DISTINCT FROM n.caption;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_media_summary_insert AFTER INSERT ON instagram_media
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_media_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_media_summary_update AFTER UPDATE ON instagram_media
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_media_summary_trigger();
--> statement-breakpoint
-- Marking read or unread changes only the unread flag.
CREATE FUNCTION inbox_read_states_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE inbox_thread_summaries s SET is_unread = s.last_other_time IS NOT NULL
    FROM old_rows o
    WHERE s.user_id = o.user_id AND s.account_id = o.account_id AND s.kind = o.kind
      AND s.conversation_id = o.conversation_id;
  ELSE
    UPDATE inbox_thread_summaries s SET is_unread = n.is_marked_unread
      OR (s.last_other_time IS NOT NULL AND (n.read_at IS NULL OR s.last_other_time > n.read_at))
    FROM new_rows n
    WHERE s.user_id = n.user_id AND s.account_id = n.account_id AND s.kind = n.kind
      AND s.conversation_id = n.conversation_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_read_states_summary_insert AFTER INSERT ON inbox_read_states
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_read_states_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_read_states_summary_update AFTER UPDATE ON inbox_read_states
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_read_states_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_read_states_summary_delete AFTER DELETE ON inbox_read_states
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_read_states_summary_trigger();
--> statement-breakpoint
-- Backfill: every stored thread and every own post with comments.
SELECT inbox_refresh_dm_summaries(array_agg(user_id), array_agg(account_id), array_agg(thread_id))
FROM instagram_thread_map;
--> statement-breakpoint
SELECT inbox_refresh_comment_summaries(array_agg(user_id), array_agg(account_id), array_agg(ig_media_id))
FROM (SELECT DISTINCT user_id, account_id, ig_media_id FROM instagram_comments
  WHERE media_owner_id = account_id) k;
