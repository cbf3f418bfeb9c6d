CREATE TABLE "co_deed_signers" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"identity_uuid" uuid,
	"status" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"invited_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"identity_verified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"notarized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"notary_session" jsonb,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "co_deed_signers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "co_deed_signers" ADD CONSTRAINT "co_deed_signers_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_deed_signers" ADD CONSTRAINT "co_deed_signers_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_deed_signers_application_idx" ON "co_deed_signers" USING btree ("application_uuid");--> statement-breakpoint
CREATE INDEX "co_deed_signers_identity_idx" ON "co_deed_signers" USING btree ("identity_uuid");