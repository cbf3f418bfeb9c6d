CREATE TABLE "staff_audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uuid" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"org_code" text,
	"target_uuid" uuid,
	"target_email" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invites" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"org_code" text,
	"roles" jsonb NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"identity_uuid" uuid PRIMARY KEY NOT NULL,
	"org_code" text,
	"roles" jsonb NOT NULL,
	"loan_originator_uuid" uuid,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "totp_last_time_step" integer;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_org_code_organisations_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."organisations"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_invited_by_identities_uuid_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."identities"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_org_code_organisations_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."organisations"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_loan_originator_uuid_loan_originators_uuid_fk" FOREIGN KEY ("loan_originator_uuid") REFERENCES "public"."loan_originators"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_failures" ADD CONSTRAINT "two_factor_failures_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_events_org_idx" ON "staff_audit_events" USING btree ("org_code","id");--> statement-breakpoint
CREATE INDEX "staff_invites_email_idx" ON "staff_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_members_org_code_idx" ON "staff_members" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "two_factor_failures_identity_idx" ON "two_factor_failures" USING btree ("identity_uuid","at");