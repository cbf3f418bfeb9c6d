CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_uuid" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_uuid" uuid,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"from_step" text,
	"to_step" text,
	"reason" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_uuid","id");