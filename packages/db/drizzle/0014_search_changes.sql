CREATE TABLE "search_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"property_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
-- The search index (modules/properties/search-index.ts) keeps every villa's searchable columns and
-- stay sums in the server's memory. Every change that can alter a search's answer is written here, by
-- statement-level triggers, in the writer's transaction: the villas whose stay sums or span changed,
-- or one null row for a change that can touch any villa (its columns, images, amenity names, rules,
-- rates, countries, destinations: the index keeps the villas' cards too). A reader finds what its
-- snapshot has not seen with `xid >= pg_snapshot_xmin(snap) and not pg_visible_in_snapshot(xid, snap)`.
CREATE FUNCTION "search_changed_villas"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (property_id) SELECT DISTINCT o.property_id FROM old_rows o;
  ELSE
    INSERT INTO search_changes (property_id) SELECT DISTINCT n.property_id FROM new_rows n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "search_changed_all"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (property_id) SELECT NULL WHERE EXISTS (SELECT 1 FROM old_rows);
  ELSE
    INSERT INTO search_changes (property_id) SELECT NULL WHERE EXISTS (SELECT 1 FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_changes_insert" AFTER INSERT ON "stay_sums" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_villas"();
--> statement-breakpoint
CREATE TRIGGER "search_changes_update" AFTER UPDATE ON "stay_sums" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_villas"();
--> statement-breakpoint
CREATE TRIGGER "search_changes_delete" AFTER DELETE ON "stay_sums" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_villas"();
--> statement-breakpoint
CREATE TRIGGER "search_changes_insert" AFTER INSERT ON "stay_spans" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_villas"();
--> statement-breakpoint
CREATE TRIGGER "search_changes_update" AFTER UPDATE ON "stay_spans" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_villas"();
--> statement-breakpoint
CREATE TRIGGER "search_changes_delete" AFTER DELETE ON "stay_spans" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_villas"();
--> statement-breakpoint
CREATE FUNCTION "search_changed_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (property_id) VALUES (NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stay_sums', 'stay_spans', 'properties', 'stay_rules', 'exchange_rates', 'regions',
      'subregions', 'property_images', 'amenities'] LOOP
    EXECUTE format('CREATE TRIGGER search_changes_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION search_changed_truncate()', t);
    CONTINUE WHEN t IN ('stay_sums', 'stay_spans');
    EXECUTE format('CREATE TRIGGER search_changes_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION search_changed_all()', t);
    EXECUTE format('CREATE TRIGGER search_changes_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION search_changed_all()', t);
    EXECUTE format('CREATE TRIGGER search_changes_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION search_changed_all()', t);
  END LOOP;
END
$$;
