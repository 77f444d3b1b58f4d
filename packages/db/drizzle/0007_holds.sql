CREATE TABLE "holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"created_by_id" integer,
	"inquiry_id" integer,
	"white_label_inquiry_id" integer,
	"client_name" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" integer,
	CONSTRAINT "holds_stay_check" CHECK ("holds"."check_out" > "holds"."check_in")
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_white_label_inquiry_id_white_label_inquiries_id_fk" FOREIGN KEY ("white_label_inquiry_id") REFERENCES "public"."white_label_inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_active_expiry_idx" ON "holds" USING btree ("expires_at") WHERE "holds"."status" = 'active';--> statement-breakpoint
CREATE INDEX "holds_agent_idx" ON "holds" USING btree ("agent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "holds_property_idx" ON "holds" USING btree ("property_id","check_in");--> statement-breakpoint
CREATE UNIQUE INDEX "holds_active_inquiry_unique" ON "holds" USING btree ("inquiry_id") WHERE "holds"."status" = 'active' and "holds"."inquiry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_active_wl_inquiry_unique" ON "holds" USING btree ("white_label_inquiry_id") WHERE "holds"."status" = 'active' and "holds"."white_label_inquiry_id" is not null;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A hold that is deleted while active (its agent's account or its villa deleted) frees its nights:
-- the availability rows it wrote carry source 'hold:{id}' and no other writer may touch them.
CREATE FUNCTION "holds_release_nights"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'active' THEN
    DELETE FROM availability
    WHERE property_id = OLD.property_id AND date >= OLD.check_in AND date < OLD.check_out
      AND source = 'hold:' || OLD.id;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "holds_release_nights" AFTER DELETE ON "holds"
FOR EACH ROW EXECUTE FUNCTION "holds_release_nights"();
