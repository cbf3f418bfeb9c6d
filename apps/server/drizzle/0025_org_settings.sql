CREATE TABLE "organisation_settings_versions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_code" text NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"note" text NOT NULL,
	"created_by_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by_uuid" uuid,
	"published_at" timestamp with time zone,
	"rolled_back_from" integer,
	CONSTRAINT "organisation_settings_versions_org_version" UNIQUE("org_code","version")
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "settings_version" integer;--> statement-breakpoint
ALTER TABLE "organisation_settings_versions" ADD CONSTRAINT "organisation_settings_versions_org_code_organisations_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."organisations"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings_versions" ADD CONSTRAINT "organisation_settings_versions_created_by_uuid_identities_uuid_fk" FOREIGN KEY ("created_by_uuid") REFERENCES "public"."identities"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings_versions" ADD CONSTRAINT "organisation_settings_versions_published_by_uuid_identities_uuid_fk" FOREIGN KEY ("published_by_uuid") REFERENCES "public"."identities"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_settings_versions_org_idx" ON "organisation_settings_versions" USING btree ("org_code","created_at");