ALTER TABLE "application_conditions" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "application_conditions" ADD COLUMN "resolved_by_uuid" uuid;--> statement-breakpoint
ALTER TABLE "application_conditions" ADD COLUMN "evidence_document_uuid" uuid;--> statement-breakpoint
ALTER TABLE "application_conditions" ADD COLUMN "resolution_note" text;