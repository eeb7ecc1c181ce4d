CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_inputs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_inputs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tag_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_responses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tag_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tags_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"character" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_character_check" CHECK ("tags"."character" in ('soekarno', 'hatta'))
);
--> statement-breakpoint
ALTER TABLE "tag_inputs" ADD CONSTRAINT "tag_inputs_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_responses" ADD CONSTRAINT "tag_responses_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_inputs_tag_text_key_unique" ON "tag_inputs" USING btree ("tag_id","text_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_inputs_tag_position_unique" ON "tag_inputs" USING btree ("tag_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_responses_tag_text_key_unique" ON "tag_responses" USING btree ("tag_id",md5("text_key"));--> statement-breakpoint
CREATE UNIQUE INDEX "tag_responses_tag_position_unique" ON "tag_responses" USING btree ("tag_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_character_name_key_unique" ON "tags" USING btree ("character","name_key");--> statement-breakpoint
CREATE INDEX "tags_character_seq_idx" ON "tags" USING btree ("character","seq");