-- Sign-in device tokens (docs/decisions/006-login-limits.md) are bound to this stamp, so an account
-- whose password, e-mail or approval changes ends every token issued before. Each existing row gets
-- its own random value (a volatile default is computed per row).
ALTER TABLE "users" ADD COLUMN "credentials_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
-- Replaced by the database on every such change, whichever code (or hand-written SQL) makes it, and
-- never set back: a row that returns to an earlier state (approved again, its old e-mail again)
-- does not bring old tokens back.
CREATE FUNCTION "users_credentials_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."credentials_stamp" := gen_random_uuid();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_credentials_stamp_trigger" BEFORE UPDATE ON "users"
FOR EACH ROW WHEN (
  (OLD."password_hash", OLD."email", OLD."approved")
  IS DISTINCT FROM
  (NEW."password_hash", NEW."email", NEW."approved")
) EXECUTE FUNCTION "users_credentials_changed"();
