-- Hand-written (issue 20): job payloads no longer carry secrets. The freeze PIN queued before this
-- change travelled in plain text; it is sealed on the application already (credit_freeze_pin_encrypted),
-- so a queued soft pull only needs to be told to use it. The SSN's last 4 digits are dropped too
-- (the soft pull opens the sealed SSN on the profile).
UPDATE "jobs" SET "payload" = ("payload" - 'freezePin') || '{"withSealedFreezePin": true}'::jsonb
WHERE "payload" ? 'freezePin';--> statement-breakpoint
UPDATE "jobs" SET "payload" = "payload" - 'ssnLast4' WHERE "payload" ? 'ssnLast4';
