CREATE TABLE "ceo_feedback" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"org_code" text NOT NULL,
	"application_uuid" uuid,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"marketing_consent" boolean NOT NULL,
	"pathname" text NOT NULL,
	"product_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_error_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"route" text NOT NULL,
	"release" text NOT NULL,
	"source" text NOT NULL,
	"org_code" text,
	"session_uuid" uuid,
	"application_uuid" uuid,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"feature_key" text,
	"rollout_percent" double precision NOT NULL,
	"org_codes" jsonb,
	"variations" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optimizely_profiles" (
	"identity_uuid" uuid PRIMARY KEY NOT NULL,
	"optimizely_profile_uuid" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_uuid" uuid NOT NULL,
	"tracker_uuid" uuid NOT NULL,
	"org_code" text,
	"context" text NOT NULL,
	"event" text NOT NULL,
	"event_type" text NOT NULL,
	"domain" text NOT NULL,
	"page_path" text NOT NULL,
	"query_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"identity_uuid" uuid,
	"application_uuid" uuid,
	"product_type" text,
	"event_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_events_dedupe_unique" UNIQUE("session_uuid","dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "telemetry_sessions" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"tracker_uuid" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"org_code" text,
	"context" text NOT NULL,
	"platform" text NOT NULL,
	"lib_version" text NOT NULL,
	"app_version" text,
	"referrer" text,
	"query_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"screen_width" integer,
	"screen_height" integer,
	"window_width" integer,
	"window_height" integer
);
--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD COLUMN "tracker_uuid" uuid;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD COLUMN "full_story_link" text;--> statement-breakpoint
ALTER TABLE "ceo_feedback" ADD CONSTRAINT "ceo_feedback_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceo_feedback" ADD CONSTRAINT "ceo_feedback_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimizely_profiles" ADD CONSTRAINT "optimizely_profiles_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ceo_feedback_org_created_idx" ON "ceo_feedback" USING btree ("org_code","created_at");--> statement-breakpoint
CREATE INDEX "client_error_reports_created_idx" ON "client_error_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_org_event_idx" ON "telemetry_events" USING btree ("org_code","event");--> statement-breakpoint
CREATE INDEX "telemetry_sessions_tracker_idx" ON "telemetry_sessions" USING btree ("tracker_uuid");