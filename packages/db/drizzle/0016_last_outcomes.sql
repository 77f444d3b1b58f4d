-- An account's last successful sign-in (set at each one): the first sign-in is greeted as such.
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- The accounts that existed before count as signed in when anything shows they were: a session (open
-- or not yet deleted), a change they made as an administrator, a link or a hold they made as an
-- agent; the latest such moment stands for their last sign-in. The others stay null.
UPDATE "users" SET "last_sign_in_at" = GREATEST(
  (SELECT max("created_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id"),
  (SELECT max("at") FROM "audit_log" WHERE "audit_log"."actor_id" = "users"."id"),
  (SELECT max("created_at") FROM "white_label_links" WHERE "white_label_links"."agent_id" = "users"."id"),
  (SELECT max("created_at") FROM "holds" WHERE "holds"."agent_id" = "users"."id")
);--> statement-breakpoint
-- How a connection's last run ended, and what the administrator is told of a failure.
ALTER TABLE "api_connections" ADD COLUMN "last_sync_status" text;--> statement-breakpoint
ALTER TABLE "api_connections" ADD COLUMN "last_sync_message" text;--> statement-breakpoint
-- Connections that ran before take the status of their latest run of their own. A failure's cause
-- was kept as the report wrote it; it is not shown again: the card says what to check and names the
-- report (Sync Monitoring) that holds the cause.
UPDATE "api_connections" SET
  "last_sync_status" = "last"."status",
  "last_sync_message" = CASE WHEN "last"."status" = 'failed'
    THEN 'The last sync failed. Its report in Sync Monitoring says why.' END
FROM (
  SELECT DISTINCT ON ("connection_id") "connection_id", "status"
  FROM "sync_jobs"
  WHERE "connection_id" IS NOT NULL AND "status" IN ('completed', 'failed')
  ORDER BY "connection_id", "created_at" DESC, "id" DESC
) AS "last"
WHERE "api_connections"."id" = "last"."connection_id";
