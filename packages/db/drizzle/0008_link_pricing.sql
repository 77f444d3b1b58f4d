ALTER TABLE "white_label_links" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_links" ADD COLUMN "markup_type" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_links" ADD COLUMN "markup_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_links" ADD CONSTRAINT "white_label_links_currency_check" CHECK ("white_label_links"."currency" in ('EUR', 'USD', 'GBP', 'CHF'));--> statement-breakpoint
ALTER TABLE "white_label_links" ADD CONSTRAINT "white_label_links_markup_check" CHECK ("white_label_links"."markup_value" >= 0 and ("white_label_links"."markup_type" in ('percent', 'fixed') or ("white_label_links"."markup_type" = 'none' and "white_label_links"."markup_value" = 0)));