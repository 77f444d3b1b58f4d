-- Who sent an agent's booking inquiry, kept on the inquiry: the administrators' inbox names the agent
-- and their agency, and still does once the account is deleted (agent_id then becomes null).
ALTER TABLE "inquiries" ADD COLUMN "agent_name" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "agent_company" text;--> statement-breakpoint
-- The inquiries agents sent before take their account's name and company as they are now.
UPDATE "inquiries" SET
  "agent_name" = trim("users"."first_name" || ' ' || "users"."last_name"),
  "agent_company" = "users"."company"
FROM "users"
WHERE "inquiries"."agent_id" = "users"."id";--> statement-breakpoint
-- The inbox's agent filter.
CREATE INDEX "inquiries_agent_idx" ON "inquiries" USING btree ("agent_id","created_at" DESC NULLS LAST);
