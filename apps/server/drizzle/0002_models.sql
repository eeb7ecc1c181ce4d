CREATE TABLE "model_files" (
	"version_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"bytes" integer NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "model_files_version_id_name_pk" PRIMARY KEY("version_id","name")
);
--> statement-breakpoint
CREATE TABLE "model_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"run_id" uuid,
	"data_hash" text NOT NULL,
	"tags" integer NOT NULL,
	"inputs" integer NOT NULL,
	"metrics" jsonb NOT NULL,
	"history" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "model_versions_character_check" CHECK ("model_versions"."character" in ('soekarno', 'hatta')),
	CONSTRAINT "model_versions_status_check" CHECK ("model_versions"."status" in ('active', 'candidate', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "training_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character" text NOT NULL,
	"status" text NOT NULL,
	"force" boolean DEFAULT false NOT NULL,
	"requested_by" uuid,
	"owner_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"error" text,
	"version_id" uuid,
	"version" integer,
	"activated" boolean,
	"gate" jsonb,
	"data_hash" text,
	CONSTRAINT "training_runs_character_check" CHECK ("training_runs"."character" in ('soekarno', 'hatta')),
	CONSTRAINT "training_runs_status_check" CHECK ("training_runs"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "model_files" ADD CONSTRAINT "model_files_version_id_model_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."model_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_runs" ADD CONSTRAINT "training_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_runs" ADD CONSTRAINT "training_runs_version_id_model_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."model_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_versions_character_version_unique" ON "model_versions" USING btree ("character","version");--> statement-breakpoint
CREATE UNIQUE INDEX "model_versions_one_active_per_character" ON "model_versions" USING btree ("character") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "training_runs_one_active_per_character" ON "training_runs" USING btree ("character") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "training_runs_character_started_idx" ON "training_runs" USING btree ("character","started_at");