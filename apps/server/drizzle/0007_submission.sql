ALTER TABLE "heloc_applications" ADD COLUMN "hmda" jsonb;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD COLUMN "asset_depletion_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD COLUMN "credit_freeze_pin_encrypted" text;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ssn_encrypted" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ssn_last4" text;