CREATE TABLE "data_key_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resealed" integer
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_income_sources" ALTER COLUMN "annual_income_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "application_liens" ALTER COLUMN "balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "heloc_applications" ALTER COLUMN "stated_annual_income_cents" SET DATA TYPE bigint;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");