ALTER TABLE "application_income_sources" ALTER COLUMN "annual_income_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "application_liens" ALTER COLUMN "balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "heloc_applications" ALTER COLUMN "stated_annual_income_cents" SET DATA TYPE bigint;