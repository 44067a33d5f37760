CREATE TABLE "mass_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mass_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"audience" text NOT NULL,
	"spent_level" smallint,
	"list_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"price" integer,
	"post_id" bigint,
	"send_at" timestamp with time zone NOT NULL,
	"recipients" integer,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mass_messages_status_check" CHECK ("mass_messages"."status" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "mass_recipients" (
	"mass_id" bigint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"message_id" bigint,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "mass_recipients_mass_id_recipient_id_pk" PRIMARY KEY("mass_id","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_recipients" ADD CONSTRAINT "mass_recipients_mass_id_mass_messages_id_fk" FOREIGN KEY ("mass_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_recipients" ADD CONSTRAINT "mass_recipients_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_recipients" ADD CONSTRAINT "mass_recipients_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mass_messages_client_idx" ON "mass_messages" USING btree ("creator_id","client_id");--> statement-breakpoint
CREATE INDEX "mass_messages_creator_idx" ON "mass_messages" USING btree ("creator_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mass_messages_creator_send_idx" ON "mass_messages" USING btree ("creator_id","send_at");--> statement-breakpoint
CREATE INDEX "mass_messages_open_idx" ON "mass_messages" USING btree ("status","send_at") WHERE "mass_messages"."status" IN (1, 2);--> statement-breakpoint
CREATE INDEX "mass_recipients_pending_idx" ON "mass_recipients" USING btree ("mass_id","recipient_id") WHERE "mass_recipients"."state" = 0;--> statement-breakpoint
CREATE INDEX "mass_recipients_recipient_idx" ON "mass_recipients" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "mass_recipients_message_idx" ON "mass_recipients" USING btree ("message_id");