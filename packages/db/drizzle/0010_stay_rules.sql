CREATE TABLE "stay_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"min_nights" smallint,
	"check_in_days" smallint[],
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_rules_period_check" CHECK ("stay_rules"."start_date" <= "stay_rules"."end_date"),
	CONSTRAINT "stay_rules_something_check" CHECK ("stay_rules"."min_nights" is not null or "stay_rules"."check_in_days" is not null),
	CONSTRAINT "stay_rules_min_nights_check" CHECK ("stay_rules"."min_nights" between 2 and 365),
	CONSTRAINT "stay_rules_checkin_days_check" CHECK (cardinality("stay_rules"."check_in_days") between 1 and 6 and "stay_rules"."check_in_days" <@ '{1,2,3,4,5,6,7}'::smallint[])
);
--> statement-breakpoint
ALTER TABLE "stay_rules" ADD CONSTRAINT "stay_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_rules_property_start_idx" ON "stay_rules" USING btree ("property_id","start_date");--> statement-breakpoint
-- One rule per villa and day: no two periods of one property overlap (both days included). The
-- property is compared as a one-value int4range so the built-in GiST range operators serve, without
-- the btree_gist extension (not every PostgreSQL or PGlite has it).
ALTER TABLE "stay_rules" ADD CONSTRAINT "stay_rules_no_overlap" EXCLUDE USING gist (int4range("property_id", "property_id", '[]') WITH &&, daterange("start_date", "end_date", '[]') WITH &&);
