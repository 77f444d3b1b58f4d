-- Each app instance keeps the sessions it has looked up for a few seconds (the session cache,
-- modules/sessions/session-cache.ts) and forgets them when the database says they changed: a deleted
-- session announces 'session-ended' and an account set back to pending 'account-closed' (0006). An
-- account whose signed-in identity changes (name, e-mail, company, role, approval) now announces
-- 'account-changed' too, so no instance answers with the user as it was.
CREATE FUNCTION "users_changed_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.id, 'account-changed', '{}'::jsonb);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notify_changed_trigger" AFTER UPDATE ON "users"
FOR EACH ROW WHEN (
  (OLD."first_name", OLD."last_name", OLD."email", OLD."company", OLD."role", OLD."approved")
  IS DISTINCT FROM
  (NEW."first_name", NEW."last_name", NEW."email", NEW."company", NEW."role", NEW."approved")
) EXECUTE FUNCTION "users_changed_notify"();
