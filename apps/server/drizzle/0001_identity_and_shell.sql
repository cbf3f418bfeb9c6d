CREATE SEQUENCE "public"."heloc_loan_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"fingerprint_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text NOT NULL,
	"org_code" text DEFAULT '*' NOT NULL,
	"enabled" boolean NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_key_org_code_pk" PRIMARY KEY("key","org_code")
);
--> statement-breakpoint
CREATE TABLE "heloc_applications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"org_code" text NOT NULL,
	"loan_number" text DEFAULT nextval('heloc_loan_number_seq')::text NOT NULL,
	"step" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"term_years" integer DEFAULT 0 NOT NULL,
	"rate_bps" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"uw_calculated_draw_amount_cents" integer,
	"adjusted_home_amount_cents" integer,
	"selected_property_uuid" uuid,
	"stated_annual_income_cents" integer,
	"employment_type" text,
	"is_crypto" boolean DEFAULT false NOT NULL,
	"referrer_uuid" uuid,
	"has_hmda" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "heloc_applications_loan_number_unique" UNIQUE("loan_number")
);
--> statement-breakpoint
CREATE TABLE "loan_originators" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"org_code" text NOT NULL,
	"originator_name" text,
	"broker_name" text,
	"avatar_uri" text,
	"email" text,
	"phone_number" text,
	"nmls" text,
	"user_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'UNREAD' NOT NULL,
	"wallet_address" text,
	"ctas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operating_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"department" text NOT NULL,
	"org_code" text DEFAULT '*' NOT NULL,
	"weekday_value" integer NOT NULL,
	"is_open" boolean NOT NULL,
	"start_time" text,
	"end_time" text,
	CONSTRAINT "operating_hours_unique" UNIQUE("department","org_code","weekday_value")
);
--> statement-breakpoint
CREATE TABLE "profile_addresses" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"ownership" text,
	"sale_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_phone_numbers" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"number" text NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_phone_numbers_identity_number_unique" UNIQUE("identity_uuid","number")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"identity_uuid" uuid PRIMARY KEY NOT NULL,
	"name_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"suffix" text,
	"dob" date,
	"has_ssn" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "is_manageable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "password_expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "wallet_account_address" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "wallet_group_policy_address" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD CONSTRAINT "heloc_applications_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD CONSTRAINT "heloc_applications_org_code_organisations_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."organisations"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD CONSTRAINT "heloc_applications_selected_property_uuid_profile_addresses_uuid_fk" FOREIGN KEY ("selected_property_uuid") REFERENCES "public"."profile_addresses"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heloc_applications" ADD CONSTRAINT "heloc_applications_referrer_uuid_loan_originators_uuid_fk" FOREIGN KEY ("referrer_uuid") REFERENCES "public"."loan_originators"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_originators" ADD CONSTRAINT "loan_originators_org_code_organisations_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."organisations"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_addresses" ADD CONSTRAINT "profile_addresses_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_phone_numbers" ADD CONSTRAINT "profile_phone_numbers_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_identity_uuid_idx" ON "auth_sessions" USING btree ("identity_uuid");--> statement-breakpoint
CREATE INDEX "heloc_applications_identity_uuid_idx" ON "heloc_applications" USING btree ("identity_uuid");--> statement-breakpoint
CREATE INDEX "loan_originators_org_code_idx" ON "loan_originators" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "notifications_identity_created_idx" ON "notifications" USING btree ("identity_uuid","created_at");--> statement-breakpoint
CREATE INDEX "profile_addresses_identity_uuid_idx" ON "profile_addresses" USING btree ("identity_uuid");