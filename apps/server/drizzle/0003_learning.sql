CREATE TABLE "achievements" (
	"user_id" uuid NOT NULL,
	"character" text NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_user_id_character_tag_pk" PRIMARY KEY("user_id","character","tag"),
	CONSTRAINT "achievements_character_check" CHECK ("achievements"."character" in ('soekarno', 'hatta'))
);
--> statement-breakpoint
CREATE TABLE "conversation_turns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_turns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"character" text NOT NULL,
	"client_id" text NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"model" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_turns_character_check" CHECK ("conversation_turns"."character" in ('soekarno', 'hatta')),
	CONSTRAINT "conversation_turns_role_check" CHECK ("conversation_turns"."role" in ('user', 'figure')),
	CONSTRAINT "conversation_turns_model_check" CHECK ("conversation_turns"."model" in ('tfjs', 'rag'))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"character" text NOT NULL,
	"message_id" text NOT NULL,
	"rating" text NOT NULL,
	"reason" text,
	"comment" text,
	"question" text,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_character_check" CHECK ("feedback"."character" in ('soekarno', 'hatta')),
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "inbox_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"character" text NOT NULL,
	"group_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"suggested_tag" text,
	"suggested_confidence" double precision,
	CONSTRAINT "inbox_groups_character_check" CHECK ("inbox_groups"."character" in ('soekarno', 'hatta')),
	CONSTRAINT "inbox_groups_status_check" CHECK ("inbox_groups"."status" in ('open', 'added', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"question" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_source_check" CHECK ("inbox_items"."source" in ('fallback', 'unsure', 'declined', 'thumbs_down'))
);
--> statement-breakpoint
CREATE TABLE "regression_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regression_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"character" text NOT NULL,
	"question" text NOT NULL,
	"question_key" text NOT NULL,
	"tag_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regression_questions_character_check" CHECK ("regression_questions"."character" in ('soekarno', 'hatta'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contribute" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_turns" ADD CONSTRAINT "conversation_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_group_id_inbox_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."inbox_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_turns_user_client_unique" ON "conversation_turns" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "conversation_turns_user_character_time_idx" ON "conversation_turns" USING btree ("user_id","character","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_user_message_unique" ON "feedback" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_groups_character_key_unique" ON "inbox_groups" USING btree ("character","group_key");--> statement-breakpoint
CREATE INDEX "inbox_groups_listing_idx" ON "inbox_groups" USING btree ("character","status","count","last_seen");--> statement-breakpoint
CREATE INDEX "inbox_items_group_time_idx" ON "inbox_items" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_items_time_idx" ON "inbox_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regression_questions_character_key_unique" ON "regression_questions" USING btree ("character","question_key");