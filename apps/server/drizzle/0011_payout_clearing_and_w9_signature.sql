ALTER TABLE "payout_tax_settings" ADD COLUMN "signature_name" text;--> statement-breakpoint
ALTER TABLE "payout_tax_settings" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_time_idx" ON "ledger_postings" USING btree ("account_id","created_at");