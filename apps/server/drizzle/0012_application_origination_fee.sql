ALTER TABLE "heloc_applications" ADD COLUMN "origination_fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Applications that already chose an offer take its fee, so their APR is right from the first read.
UPDATE "heloc_applications" AS a SET "origination_fee_bps" = o."origination_fee_bps" FROM "application_offers" AS o WHERE o."application_uuid" = a."uuid" AND o."selected";
