CREATE TABLE "chat_paid_messages" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"fan_id" bigint NOT NULL,
	"creator_id" bigint NOT NULL,
	"coins" integer NOT NULL,
	"transfer_id" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paid_message_settings" (
	"creator_id" bigint PRIMARY KEY NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"members_free" boolean DEFAULT true NOT NULL,
	"creators_free" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paid_message_settings_price_check" CHECK ("paid_message_settings"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "media_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "coins" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "gift_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "paid_coins" integer;--> statement-breakpoint
ALTER TABLE "conversation_sides" ADD COLUMN "free_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_paid_messages" ADD CONSTRAINT "chat_paid_messages_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_paid_messages" ADD CONSTRAINT "chat_paid_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_paid_messages" ADD CONSTRAINT "chat_paid_messages_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_paid_messages" ADD CONSTRAINT "chat_paid_messages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_message_settings" ADD CONSTRAINT "paid_message_settings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_paid_messages_waiting_idx" ON "chat_paid_messages" USING btree ("created_at") WHERE "chat_paid_messages"."state" = 1;--> statement-breakpoint
CREATE INDEX "chat_paid_messages_conversation_idx" ON "chat_paid_messages" USING btree ("conversation_id") WHERE "chat_paid_messages"."state" = 1;