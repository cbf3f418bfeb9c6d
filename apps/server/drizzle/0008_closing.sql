CREATE TABLE "application_accounts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"account_type" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_sealed" text NOT NULL,
	"mask" text NOT NULL,
	"bank_name" text,
	"verification_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_accounts_purpose_unique" UNIQUE("application_uuid","purpose")
);
--> statement-breakpoint
CREATE TABLE "application_closing" (
	"application_uuid" uuid PRIMARY KEY NOT NULL,
	"pay_type" text,
	"notary_method" text,
	"requested_manual_notary_time" timestamp with time zone,
	"flood_insurance_required" boolean,
	"insurance_complete" boolean DEFAULT false NOT NULL,
	"transaction_date" date,
	"rescission_deadline" date,
	"funding_date" date,
	"funded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_income_sources" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"employment_type" text NOT NULL,
	"employer_name" text,
	"annual_income_cents" integer,
	"verified_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_signatures" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"document_uuid" uuid NOT NULL,
	"signer_identity_uuid" uuid NOT NULL,
	"esign_consent_version" text NOT NULL,
	"scrolled_to_bottom" boolean NOT NULL,
	"document_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "application_signatures_document_signer_unique" UNIQUE("document_uuid","signer_identity_uuid")
);
--> statement-breakpoint
ALTER TABLE "application_accounts" ADD CONSTRAINT "application_accounts_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_closing" ADD CONSTRAINT "application_closing_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_income_sources" ADD CONSTRAINT "application_income_sources_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_application_uuid_heloc_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."heloc_applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_document_uuid_application_documents_uuid_fk" FOREIGN KEY ("document_uuid") REFERENCES "public"."application_documents"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_income_sources_application_idx" ON "application_income_sources" USING btree ("application_uuid");