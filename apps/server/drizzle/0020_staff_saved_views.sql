CREATE TABLE "staff_saved_views" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_saved_views_identity_name_unique" UNIQUE("identity_uuid","name")
);
--> statement-breakpoint
ALTER TABLE "staff_saved_views" ADD CONSTRAINT "staff_saved_views_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;