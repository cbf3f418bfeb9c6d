CREATE TABLE "identities" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"organization_code" text NOT NULL,
	"profile_type" text NOT NULL,
	"is_broker" boolean DEFAULT false NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"totp_verified" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"org_code" text PRIMARY KEY NOT NULL,
	"canonical_org_code" text NOT NULL,
	"host" text NOT NULL,
	"base_url" text NOT NULL,
	"brand" jsonb NOT NULL,
	"meta_data" jsonb NOT NULL,
	"pricing_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_host_unique" UNIQUE("host")
);
--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_organization_code_organisations_org_code_fk" FOREIGN KEY ("organization_code") REFERENCES "public"."organisations"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identities_organization_code_idx" ON "identities" USING btree ("organization_code");