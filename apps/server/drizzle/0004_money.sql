CREATE TABLE "creator_terms" (
	"creator_id" bigint PRIMARY KEY NOT NULL,
	"share_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_terms_share_check" CHECK ("creator_terms"."share_bps" BETWEEN 0 AND 9000)
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"user_id" bigint,
	"unit" smallint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_user_balance_check" CHECK ("ledger_accounts"."user_id" IS NULL OR "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_system_balance_check" CHECK ("ledger_accounts"."user_id" IS NOT NULL OR "ledger_accounts"."balance" = 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"unit" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"idempotency_key" text NOT NULL,
	"actor_user_id" bigint,
	"counterparty_user_id" bigint,
	"item_type" text,
	"item_id" text,
	"reverses_id" bigint,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "membership_bundles" (
	"creator_id" bigint NOT NULL,
	"months" smallint NOT NULL,
	"discount_percent" smallint NOT NULL,
	CONSTRAINT "membership_bundles_creator_id_months_pk" PRIMARY KEY("creator_id","months")
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"creator_id" bigint PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"promo_percent" smallint,
	"promo_ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_plans_price_check" CHECK ("membership_plans"."price_cents" BETWEEN 100 AND 100000)
);
--> statement-breakpoint
CREATE TABLE "membership_requests" (
	"fan_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"charge" jsonb,
	"answer" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_requests_fan_id_idempotency_key_pk" PRIMARY KEY("fan_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "membership_trial_redemptions" (
	"trial_id" bigint NOT NULL,
	"fan_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_trial_redemptions_trial_id_fan_id_pk" PRIMARY KEY("trial_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "membership_trials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_trials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" bigint NOT NULL,
	"code" text NOT NULL,
	"days" smallint NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_trials_code_unique" UNIQUE("code"),
	CONSTRAINT "membership_trials_uses_check" CHECK ("membership_trials"."uses" <= "membership_trials"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" bigint NOT NULL,
	"event" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"payment_id" bigint,
	"transfer_id" bigint,
	"trial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fan_id" bigint NOT NULL,
	"creator_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"months" smallint NOT NULL,
	"renew_cents" integer NOT NULL,
	"card_id" bigint,
	"on_trial" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"grace_until" timestamp with time zone,
	"next_charge_at" timestamp with time zone,
	"failure_count" smallint DEFAULT 0 NOT NULL,
	"renewing_until" timestamp with time zone,
	"precheck_for" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"lifetime_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_flags" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"card_id" bigint,
	"amount_cents" integer NOT NULL,
	"purpose" text NOT NULL,
	"reference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"action_url" text,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payment_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"card_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"detail" text NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_tax_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"legal_name" text NOT NULL,
	"tin_type" text NOT NULL,
	"tin_last4" text NOT NULL,
	"tin_hash" text NOT NULL,
	"country" text NOT NULL,
	"date_of_birth" date,
	"address" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method_id" bigint NOT NULL,
	"method_kind" smallint NOT NULL,
	"method_detail" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"status" smallint NOT NULL,
	"request_transfer_id" bigint NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"processing_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."net_cents" > 0 AND "payouts"."fee_cents" >= 0 AND "payouts"."amount_cents" = "payouts"."net_cents" + "payouts"."fee_cents")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"source" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_bundles" ADD CONSTRAINT "membership_bundles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_requests" ADD CONSTRAINT "membership_requests_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_trial_redemptions" ADD CONSTRAINT "membership_trial_redemptions_trial_id_membership_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."membership_trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_trial_redemptions" ADD CONSTRAINT "membership_trial_redemptions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_trials" ADD CONSTRAINT "membership_trials_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_tax_settings" ADD CONSTRAINT "payout_tax_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_records_created_idx" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_idx" ON "ledger_accounts" USING btree ("user_id","kind") WHERE "ledger_accounts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_postings_transfer_idx" ON "ledger_postings" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_actor_idx" ON "ledger_transfers" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_counterparty_idx" ON "ledger_transfers" USING btree ("counterparty_user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_item_idx" ON "ledger_transfers" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_unlock_once_idx" ON "ledger_transfers" USING btree ("actor_user_id","item_type","item_id") WHERE "ledger_transfers"."kind" = 3;--> statement-breakpoint
CREATE INDEX "membership_trial_redemptions_fan_idx" ON "membership_trial_redemptions" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "membership_trials_creator_idx" ON "membership_trials" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_period_idx" ON "subscription_events" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_payment_idx" ON "subscription_events" USING btree ("payment_id") WHERE "subscription_events"."payment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_fan_creator_idx" ON "subscriptions" USING btree ("fan_id","creator_id");--> statement-breakpoint
CREATE INDEX "subscriptions_creator_idx" ON "subscriptions" USING btree ("creator_id","status","started_at");--> statement-breakpoint
CREATE INDEX "subscriptions_fan_idx" ON "subscriptions" USING btree ("fan_id","status","started_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at") WHERE "subscriptions"."next_charge_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_token_key" ON "payment_cards" USING btree ("provider","token");--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_default_key" ON "payment_cards" USING btree ("user_id") WHERE "payment_cards"."is_default" AND "payment_cards"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_card_idx" ON "payments" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_one_default_idx" ON "payout_methods" USING btree ("user_id") WHERE "payout_methods"."is_default" AND "payout_methods"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_method_idx" ON "payouts" USING btree ("method_id");--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("status","id") WHERE "payouts"."status" IN (1, 2);--> statement-breakpoint
CREATE INDEX "payouts_failed_idx" ON "payouts" USING btree ("user_id","failed_at") WHERE "payouts"."status" = 4;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at","referred_id");