ALTER TABLE "heloc_applications" ADD COLUMN "step_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "heloc_applications_org_updated_idx" ON "heloc_applications" USING btree ("org_code","updated_at","uuid");--> statement-breakpoint
CREATE INDEX "heloc_applications_org_created_idx" ON "heloc_applications" USING btree ("org_code","created_at","uuid");--> statement-breakpoint
CREATE INDEX "heloc_applications_org_step_changed_idx" ON "heloc_applications" USING btree ("org_code","step_changed_at","uuid");--> statement-breakpoint
CREATE INDEX "heloc_applications_updated_idx" ON "heloc_applications" USING btree ("updated_at","uuid");--> statement-breakpoint
CREATE INDEX "heloc_applications_referrer_idx" ON "heloc_applications" USING btree ("referrer_uuid","updated_at");--> statement-breakpoint
-- Hand-written: existing applications take their last step change from the audit trail (else their creation).
UPDATE "heloc_applications" SET "step_changed_at" = coalesce((SELECT max("at") FROM "application_events" e WHERE e."application_uuid" = "heloc_applications"."uuid" AND e."kind" = 'STEP_CHANGE'), "created_at");
