-- Live notifications (server-sent events fed by LISTEN/NOTIFY). Every change a signed-in user's
-- screen shows live (their notifications, their links' views, their links' inquiries) and every end
-- of a session is announced with NOTIFY on the channel 'villas_live', from triggers, so no writer can
-- forget it and a rolled-back write announces nothing (NOTIFY is delivered at commit). Each app
-- instance LISTENs on one connection and forwards an event only to the streams of the user named in it.
-- Payload: {"i": event id (live_event_seq), "u": recipient user id, "e": event name, "d": details}.
CREATE SEQUENCE "live_event_seq";
--> statement-breakpoint
CREATE FUNCTION "live_notify"(recipient integer, event text, details jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF recipient IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_notify(
    'villas_live',
    jsonb_build_object('i', nextval('live_event_seq'), 'u', recipient, 'e', event, 'd', details)::text
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notifications_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM live_notify(OLD.user_id, 'notification',
      jsonb_build_object('action', 'deleted', 'id', OLD.id, 'type', OLD.type));
    RETURN OLD;
  END IF;
  PERFORM live_notify(NEW.user_id, 'notification',
    jsonb_build_object('action', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END,
      'id', NEW.id, 'type', NEW.type));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notify_trigger" AFTER INSERT OR DELETE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notifications_notify"();
--> statement-breakpoint
CREATE TRIGGER "notify_read_trigger" AFTER UPDATE OF "read" ON "notifications"
FOR EACH ROW WHEN (OLD."read" IS DISTINCT FROM NEW."read") EXECUTE FUNCTION "notifications_notify"();
--> statement-breakpoint
CREATE FUNCTION "white_label_views_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(l.agent_id, 'link-view', jsonb_build_object('linkId', NEW.link_id))
  FROM white_label_links l WHERE l.id = NEW.link_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notify_trigger" AFTER INSERT ON "white_label_views"
FOR EACH ROW EXECUTE FUNCTION "white_label_views_notify"();
--> statement-breakpoint
CREATE FUNCTION "white_label_inquiries_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(l.agent_id, 'inquiry',
    jsonb_build_object('action', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END,
      'id', NEW.id, 'linkId', NEW.white_label_link_id))
  FROM white_label_links l WHERE l.id = NEW.white_label_link_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notify_trigger" AFTER INSERT ON "white_label_inquiries"
FOR EACH ROW EXECUTE FUNCTION "white_label_inquiries_notify"();
--> statement-breakpoint
CREATE TRIGGER "notify_status_trigger" AFTER UPDATE OF "status" ON "white_label_inquiries"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "white_label_inquiries_notify"();
--> statement-breakpoint
-- A deleted session (sign-out, a new sign-in replacing it, expiry clean-up, the user deleted) ends
-- the streams opened with it, on every instance.
CREATE FUNCTION "sessions_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(OLD.user_id, 'session-ended', jsonb_build_object('session', OLD.id));
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notify_trigger" AFTER DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "sessions_notify"();
--> statement-breakpoint
-- An account set back to pending can no longer use its sessions: its streams end everywhere.
CREATE FUNCTION "users_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.id, 'account-closed', '{}'::jsonb);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notify_trigger" AFTER UPDATE OF "approved" ON "users"
FOR EACH ROW WHEN (OLD."approved" AND NOT NEW."approved") EXECUTE FUNCTION "users_notify"();
