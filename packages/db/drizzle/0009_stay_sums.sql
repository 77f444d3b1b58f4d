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
	"blocked" integer NOT NULL
);
--> statement-breakpoint
-- Covering: a dated search reads its check-in and check-out dates' rows of every villa from the index alone.
CREATE UNIQUE INDEX "stay_sums_date_property_unique" ON "stay_sums" USING btree ("date","property_id") INCLUDE ("price","priced","foreign_priced","blocked");--> statement-breakpoint
-- Stay sums (docs/perf/search-plans.md): running totals per property and date of the nightly prices,
-- priced nights, foreign-currency nights and blocked nights, kept by the triggers below in the same
-- statement as every write to daily_pricing, availability (blocked nights) or a property's currency,
-- whoever the writer is (admin, bulk pricing, calendar blocks, holds, Invenio and iCal syncs, seed,
-- deletes and cascades).
--
-- stay_nights(ids): the nights of these properties that have a price of their own or are blocked.
-- stay_running(ids): per such night, the totals up to and including it and the date of the next one.
-- stay_sums has one row per date d with first_night < d <= last_night: the totals of the last night
-- before d, i.e. of every night before d.
CREATE FUNCTION "stay_nights"(ids integer[])
RETURNS TABLE (property_id integer, date date, price numeric, priced integer, foreign_priced integer, blocked integer)
LANGUAGE sql STABLE AS $$
  SELECT p.id, coalesce(dp.date, av.date),
    CASE WHEN dp.currency = p.property_currency THEN dp.price ELSE 0 END,
    (dp.date IS NOT NULL)::integer,
    (dp.date IS NOT NULL AND dp.currency <> p.property_currency)::integer,
    (av.date IS NOT NULL)::integer
  FROM (SELECT d.property_id, d.date, d.price, d.currency FROM daily_pricing d
        WHERE d.property_id = ANY (ids)) dp
  FULL JOIN (SELECT a.property_id, a.date FROM availability a
             WHERE a.property_id = ANY (ids) AND NOT a.available) av
    ON av.property_id = dp.property_id AND av.date = dp.date
  JOIN (SELECT pr.id, pr.property_currency FROM properties pr WHERE pr.id = ANY (ids)) p
    ON p.id = coalesce(dp.property_id, av.property_id)
$$;
--> statement-breakpoint
CREATE FUNCTION "stay_running"(ids integer[])
RETURNS TABLE (property_id integer, date date, next_night date, price numeric, priced integer,
  foreign_priced integer, blocked integer)
LANGUAGE sql STABLE AS $$
  SELECT n.property_id, n.date, lead(n.date) OVER w,
    sum(n.price) OVER w, sum(n.priced) OVER w, sum(n.foreign_priced) OVER w, sum(n.blocked) OVER w
  FROM stay_nights(ids) n
  WINDOW w AS (PARTITION BY n.property_id ORDER BY n.date ROWS UNBOUNDED PRECEDING)
$$;
--> statement-breakpoint
-- Recomputes the sums of these properties from their nights and writes only the rows that changed.
-- Writers of one property are serialised (an advisory lock per property, taken in id order), so the
-- later writer reads the earlier one's committed nights: READ COMMITTED, the app's isolation level,
-- gives each statement of the function a fresh snapshot after the lock. More than 64 properties at
-- once (seed, imports, this migration) take one table lock instead, so the lock table never fills,
-- and read their old rows in one scan. No JIT: generate_series' row estimates are far too high, and
-- compiling would cost more than the statement.
CREATE FUNCTION "stay_sums_rebuild"(ids integer[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  pid integer;
  many boolean := cardinality(ids) > 64;
BEGIN
  IF many THEN
    LOCK TABLE stay_spans IN EXCLUSIVE MODE;
  ELSE
    FOREACH pid IN ARRAY ids LOOP
      PERFORM pg_advisory_xact_lock(21331, pid);
    END LOOP;
  END IF;
  WITH running AS MATERIALIZED (
    SELECT * FROM stay_running(ids)
  ), fresh AS MATERIALIZED (
    -- Most nights are followed by the next day's (one row, no series to call).
    SELECT r.property_id, r.date + 1 AS date, r.price, r.priced, r.foreign_priced, r.blocked
    FROM running r WHERE r.next_night = r.date + 1
    UNION ALL
    SELECT r.property_id, r.date + k, r.price, r.priced, r.foreign_priced, r.blocked
    FROM running r CROSS JOIN LATERAL generate_series(1, r.next_night - r.date) k
    WHERE r.next_night > r.date + 1
  ), span AS MATERIALIZED (
    SELECT r.property_id, min(r.date) AS first_night, max(r.date) AS last_night,
      sum(r.price) FILTER (WHERE r.next_night IS NULL) AS price,
      sum(r.priced) FILTER (WHERE r.next_night IS NULL) AS priced,
      sum(r.foreign_priced) FILTER (WHERE r.next_night IS NULL) AS foreign_priced,
      sum(r.blocked) FILTER (WHERE r.next_night IS NULL) AS blocked
    FROM running r GROUP BY r.property_id
  ), old AS MATERIALIZED (
    -- A few properties: their rows by index, date by date of their span; many: one scan.
    SELECT s.property_id, s.date, s.price, s.priced, s.foreign_priced, s.blocked
    FROM stay_spans sp CROSS JOIN LATERAL generate_series(1, sp.last_night - sp.first_night) k
    JOIN stay_sums s ON s.date = sp.first_night + k AND s.property_id = sp.property_id
    WHERE NOT many AND sp.property_id = ANY (ids)
    UNION ALL
    SELECT s.property_id, s.date, s.price, s.priced, s.foreign_priced, s.blocked
    FROM stay_sums s WHERE many AND s.property_id = ANY (ids)
  ), delta AS MATERIALIZED (
    -- The rows that differ: gone (no fresh row), added (no old row) or changed.
    SELECT coalesce(f.property_id, o.property_id) AS property_id, coalesce(f.date, o.date) AS date,
      f.price, f.priced, f.foreign_priced, f.blocked, f.date IS NULL AS gone, o.date IS NULL AS added
    FROM fresh f FULL JOIN old o ON o.property_id = f.property_id AND o.date = f.date
    WHERE f.date IS NULL OR o.date IS NULL
      OR (o.price, o.priced, o.foreign_priced, o.blocked) IS DISTINCT FROM (f.price, f.priced, f.foreign_priced, f.blocked)
  ), gone AS (
    DELETE FROM stay_sums s USING delta d
    WHERE d.gone AND s.date = d.date AND s.property_id = d.property_id
  ), added AS (
    INSERT INTO stay_sums (property_id, date, price, priced, foreign_priced, blocked)
    SELECT d.property_id, d.date, d.price, d.priced, d.foreign_priced, d.blocked FROM delta d WHERE d.added
  ), changed AS (
    UPDATE stay_sums s
    SET price = d.price, priced = d.priced, foreign_priced = d.foreign_priced, blocked = d.blocked
    FROM delta d
    WHERE NOT d.gone AND NOT d.added AND s.date = d.date AND s.property_id = d.property_id
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
-- A deleted property's calendar goes with it (cascade), which removes its sums here too.
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
-- TRUNCATE has no transition tables: everything is recomputed, and rows of vanished properties dropped.
CREATE FUNCTION "stay_sums_truncated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE stay_spans IN EXCLUSIVE MODE;
  DELETE FROM stay_sums;
  DELETE FROM stay_spans;
  PERFORM stay_sums_rebuild(ARRAY(SELECT id FROM properties ORDER BY id));
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
