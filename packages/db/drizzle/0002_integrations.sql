CREATE TABLE "ical_export_tokens" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_export_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "ical_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"connection_id" integer,
	"url" text NOT NULL,
	"label" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"last_event_count" integer,
	"blocked_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"name" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_runs_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
CREATE TABLE "synced_properties" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"connection_id" integer,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vanished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "connection_id" integer;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "feed_id" integer;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "lock_key" text;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "changes_detected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "new_images_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "calendar_updates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sync_monitoring" ADD COLUMN "property_id" integer;--> statement-breakpoint
ALTER TABLE "sync_monitoring" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "sync_monitoring" ADD COLUMN "new_image_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ical_export_tokens" ADD CONSTRAINT "ical_export_tokens_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_connection_id_api_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."api_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_properties" ADD CONSTRAINT "synced_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_properties" ADD CONSTRAINT "synced_properties_connection_id_api_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."api_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ical_feeds_property_url_unique" ON "ical_feeds" USING btree ("property_id","url");--> statement-breakpoint
CREATE INDEX "synced_properties_connection_idx" ON "synced_properties" USING btree ("connection_id");--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_connection_id_api_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."api_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_feed_id_ical_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."ical_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_monitoring" ADD CONSTRAINT "sync_monitoring_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_jobs_running_lock_unique" ON "sync_jobs" USING btree ("lock_key") WHERE "sync_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "sync_monitoring_property_idx" ON "sync_monitoring" USING btree ("property_id");