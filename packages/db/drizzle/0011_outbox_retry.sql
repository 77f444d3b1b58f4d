ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."next_attempt_at" is not null;--> statement-breakpoint
-- Messages left pending or failed before the outbox retried are due now: the outbox sends them again.
UPDATE "mail_outbox" SET "next_attempt_at" = now() WHERE "status" IN ('pending', 'failed');
