CREATE TABLE "stay_spans" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"priced" integer NOT NULL,
	"foreign_priced" integer NOT NULL,
	"blocked" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_sums" (
	"property_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"priced" integer NOT NULL,
	"foreign_priced" integer NOT NULL,
	"blocked" integer NOT NULL,
	CONSTRAINT "stay_sums_property_id_date_pk" PRIMARY KEY("property_id","date")
);
--> statement-breakpoint
ALTER TABLE "stay_spans" ADD CONSTRAINT "stay_spans_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Covering: a dated search reads the rows of its check-in and check-out dates from the index alone.
CREATE INDEX "stay_sums_date_idx" ON "stay_sums" USING btree ("date","property_id") INCLUDE ("price","priced","foreign_priced","blocked");--> statement-breakpoint
-- Stay sums (docs/perf/search-plans.md): running totals per property and date of the nightly prices,
-- priced nights, foreign-currency nights and blocked nights, kept by the triggers below in the same
-- statement as every write to daily_pricing, availability (blocked nights) or a property's currency,
-- whoever the writer is (admin, bulk pricing, calendar blocks, holds, Invenio and iCal syncs, seed,
-- deletes and cascades).
--
-- stay_sums_rebuild(ids) recomputes the sums of these properties from their nights and writes only
-- the rows that changed. Writers of one property are serialised (an advisory lock per property, taken
-- in id order; more than 64 properties at once take one table lock instead, so a bulk write never fills
-- the lock table): the later writer then reads the earlier one's committed nights. READ COMMITTED, the
-- app's isolation level, gives each statement of the function a fresh snapshot after the lock.
CREATE FUNCTION "stay_sums_rebuild"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  IF cardinality(ids) > 64 THEN
    LOCK TABLE stay_spans IN EXCLUSIVE MODE;
  ELSE
    FOREACH pid IN ARRAY ids LOOP
      PERFORM pg_advisory_xact_lock(21331, pid);
    END LOOP;
  END IF;
  WITH nights AS MATERIALIZED (
    -- Every night that has a price of its own or is blocked.
    SELECT p.id AS property_id, coalesce(dp.date, av.date) AS date,
      CASE WHEN dp.currency = p.property_currency THEN dp.price ELSE 0 END AS price,
      (dp.date IS NOT NULL)::integer AS priced,
      (dp.date IS NOT NULL AND dp.currency <> p.property_currency)::integer AS foreign_priced,
      (av.date IS NOT NULL)::integer AS blocked
    FROM (SELECT d.property_id, d.date, d.price, d.currency FROM daily_pricing d
          WHERE d.property_id = ANY (ids)) dp
    FULL JOIN (SELECT a.property_id, a.date FROM availability a
               WHERE a.property_id = ANY (ids) AND NOT a.available) av
      ON av.property_id = dp.property_id AND av.date = dp.date
    JOIN (SELECT pr.id, pr.property_currency FROM properties pr WHERE pr.id = ANY (ids)) p
      ON p.id = coalesce(dp.property_id, av.property_id)
  ), span AS MATERIALIZED (
    SELECT n.property_id, min(n.date) AS first_night, max(n.date) AS last_night, sum(n.price) AS price,
      sum(n.priced) AS priced, sum(n.foreign_priced) AS foreign_priced, sum(n.blocked) AS blocked
    FROM nights n GROUP BY n.property_id
  ), fresh AS MATERIALIZED (
    -- The row of date d + 1 holds the totals of the nights up to d.
    SELECT sp.property_id, (d + interval '1 day')::date AS date,
      sum(coalesce(n.price, 0)) OVER w AS price, sum(coalesce(n.priced, 0)) OVER w AS priced,
      sum(coalesce(n.foreign_priced, 0)) OVER w AS foreign_priced, sum(coalesce(n.blocked, 0)) OVER w AS blocked
    FROM span sp
    CROSS JOIN generate_series(sp.first_night, sp.last_night - 1, interval '1 day') d
    LEFT JOIN nights n ON n.property_id = sp.property_id AND n.date = d::date
    WINDOW w AS (PARTITION BY sp.property_id ORDER BY d ROWS UNBOUNDED PRECEDING)
  ), old AS MATERIALIZED (
    SELECT s.property_id, s.date, s.price, s.priced, s.foreign_priced, s.blocked
    FROM stay_sums s WHERE s.property_id = ANY (ids)
  ), gone AS (
    DELETE FROM stay_sums s USING old o
    WHERE s.property_id = o.property_id AND s.date = o.date
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.property_id = o.property_id AND f.date = o.date)
  ), added AS (
    INSERT INTO stay_sums (property_id, date, price, priced, foreign_priced, blocked)
    SELECT f.property_id, f.date, f.price, f.priced, f.foreign_priced, f.blocked FROM fresh f
    WHERE NOT EXISTS (SELECT 1 FROM old o WHERE o.property_id = f.property_id AND o.date = f.date)
  ), changed AS (
    UPDATE stay_sums s
    SET price = f.price, priced = f.priced, foreign_priced = f.foreign_priced, blocked = f.blocked
    FROM fresh f JOIN old o ON o.property_id = f.property_id AND o.date = f.date
    WHERE s.property_id = f.property_id AND s.date = f.date
      AND (o.price, o.priced, o.foreign_priced, o.blocked)
        IS DISTINCT FROM (f.price, f.priced, f.foreign_priced, f.blocked)
  ), span_gone AS (
    DELETE FROM stay_spans sp WHERE sp.property_id = ANY (ids)
      AND NOT EXISTS (SELECT 1 FROM span n WHERE n.property_id = sp.property_id)
  )
  INSERT INTO stay_spans AS sp (property_id, first_night, last_night, price, priced, foreign_priced, blocked)
  SELECT n.property_id, n.first_night, n.last_night, n.price, n.priced, n.foreign_priced, n.blocked FROM span n
  ON CONFLICT (property_id) DO UPDATE
  SET first_night = excluded.first_night, last_night = excluded.last_night, price = excluded.price,
    priced = excluded.priced, foreign_priced = excluded.foreign_priced, blocked = excluded.blocked
  WHERE (sp.first_night, sp.last_night, sp.price, sp.priced, sp.foreign_priced, sp.blocked)
    IS DISTINCT FROM (excluded.first_night, excluded.last_night, excluded.price, excluded.priced,
      excluded.foreign_priced, excluded.blocked);
END
$$;
--> statement-breakpoint
-- After each statement on daily_pricing or availability: the properties whose priced or blocked
-- nights it changed (transition tables; an upsert that rewrites the same price changes nothing).
CREATE FUNCTION "stay_sums_after_write"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'daily_pricing' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT n.property_id ORDER BY n.property_id) INTO ids FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT o.property_id ORDER BY o.property_id) INTO ids FROM old_rows o;
    ELSE
      SELECT array_agg(DISTINCT v.id ORDER BY v.id) INTO ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.property_id), (n.property_id)) v(id)
      WHERE (o.property_id, o.date, o.price, o.currency) IS DISTINCT FROM (n.property_id, n.date, n.price, n.currency);
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT n.property_id ORDER BY n.property_id) INTO ids FROM new_rows n
      WHERE NOT n.available;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT o.property_id ORDER BY o.property_id) INTO ids FROM old_rows o
      WHERE NOT o.available;
    ELSE
      SELECT array_agg(DISTINCT v.id ORDER BY v.id) INTO ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.property_id), (n.property_id)) v(id)
      WHERE (o.property_id, o.date, o.available) IS DISTINCT FROM (n.property_id, n.date, n.available);
    END IF;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM stay_sums_rebuild(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stay_sums_insert" AFTER INSERT ON "daily_pricing" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_after_write"();
--> statement-breakpoint
CREATE TRIGGER "stay_sums_update" AFTER UPDATE ON "daily_pricing"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_after_write"();
--> statement-breakpoint
CREATE TRIGGER "stay_sums_delete" AFTER DELETE ON "daily_pricing" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_after_write"();
--> statement-breakpoint
CREATE TRIGGER "stay_sums_insert" AFTER INSERT ON "availability" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_after_write"();
--> statement-breakpoint
CREATE TRIGGER "stay_sums_update" AFTER UPDATE ON "availability"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_after_write"();
--> statement-breakpoint
CREATE TRIGGER "stay_sums_delete" AFTER DELETE ON "availability" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_after_write"();
--> statement-breakpoint
-- A property's own currency decides which nightly prices are summed and which are converted.
CREATE FUNCTION "stay_sums_currency_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stay_sums_rebuild(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stay_sums_currency" AFTER UPDATE OF "property_currency" ON "properties"
FOR EACH ROW WHEN (OLD.property_currency IS DISTINCT FROM NEW.property_currency)
EXECUTE FUNCTION "stay_sums_currency_changed"();
--> statement-breakpoint
-- TRUNCATE has no transition tables: everything is recomputed (and rows of vanished properties dropped).
CREATE FUNCTION "stay_sums_truncated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stay_sums_rebuild(ARRAY(SELECT id FROM properties ORDER BY id));
  DELETE FROM stay_sums s WHERE NOT EXISTS (SELECT 1 FROM stay_spans sp WHERE sp.property_id = s.property_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stay_sums_truncate" AFTER TRUNCATE ON "daily_pricing"
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_truncated"();
--> statement-breakpoint
CREATE TRIGGER "stay_sums_truncate" AFTER TRUNCATE ON "availability"
FOR EACH STATEMENT EXECUTE FUNCTION "stay_sums_truncated"();
--> statement-breakpoint
-- The sums of the calendars already there.
SELECT stay_sums_rebuild(ARRAY(SELECT id FROM properties ORDER BY id));
