ALTER TABLE "application_signatures" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD COLUMN "location_accuracy_meters" double precision;