import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_case_offers_price_type" AS ENUM('fixed', 'max', 'estimate');
  CREATE TYPE "public"."enum_case_offers_state" AS ENUM('sent', 'accepted', 'declined', 'replaced', 'closed');
  CREATE TYPE "public"."enum_case_links_purpose" AS ENUM('photos', 'offer');
  CREATE TYPE "public"."enum_case_links_mail" AS ENUM('pending', 'sent', 'failed', 'none');
  CREATE TYPE "public"."enum_case_links_ended_because" AS ENUM('replaced', 'closed');
  CREATE TYPE "public"."enum_case_events_kind" AS ENUM('offer', 'photoRequest', 'accepted', 'declined', 'question', 'photos');
  CREATE TYPE "public"."enum_case_events_mail_workshop" AS ENUM('pending', 'sent', 'failed', 'none');
  CREATE TYPE "public"."enum_case_events_mail_customer" AS ENUM('pending', 'sent', 'failed', 'none');
  CREATE TYPE "public"."enum_agreements_price_type" AS ENUM('fixed', 'max', 'estimate');
  ALTER TYPE "public"."enum_inquiries_status" ADD VALUE 'ACCEPTED' BEFORE 'CLOSED';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'bulkeklinikkenLinkEmail';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'bulkeklinikkenEventEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'bulkeklinikkenLinkEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'bulkeklinikkenEventEmail';
  CREATE TABLE "case_offers_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"description" varchar NOT NULL,
  	"amount_nok" numeric NOT NULL
  );
  
  CREATE TABLE "case_offers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"inquiry_id" integer NOT NULL,
  	"version" numeric NOT NULL,
  	"key" varchar NOT NULL,
  	"price_type" "enum_case_offers_price_type" NOT NULL,
  	"total_nok" numeric NOT NULL,
  	"valid_until" varchar NOT NULL,
  	"drop_off_times" jsonb NOT NULL,
  	"note" varchar,
  	"state" "enum_case_offers_state" DEFAULT 'sent' NOT NULL,
  	"answer_at" timestamp(3) with time zone,
  	"answer_name" varchar,
  	"answer_chosen_time" varchar,
  	"answer_early_start" boolean,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "case_links" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"inquiry_id" integer NOT NULL,
  	"purpose" "enum_case_links_purpose" NOT NULL,
  	"offer_id" integer,
  	"message" varchar,
  	"token_hash" varchar,
  	"mailed_at" timestamp(3) with time zone,
  	"mail" "enum_case_links_mail" DEFAULT 'pending',
  	"ended_at" timestamp(3) with time zone,
  	"ended_because" "enum_case_links_ended_because",
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "case_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"inquiry_id" integer NOT NULL,
  	"kind" "enum_case_events_kind" NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"version" numeric,
  	"text" varchar,
  	"once" varchar,
  	"mail_workshop" "enum_case_events_mail_workshop" DEFAULT 'none',
  	"mail_customer" "enum_case_events_mail_customer" DEFAULT 'none',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "case_events_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"media_id" integer
  );
  
  CREATE TABLE "agreements_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"description" varchar NOT NULL,
  	"amount_nok" numeric NOT NULL
  );
  
  CREATE TABLE "agreements" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"case_number" varchar NOT NULL,
  	"reg_number" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"version" numeric NOT NULL,
  	"price_type" "enum_agreements_price_type" NOT NULL,
  	"total_nok" numeric NOT NULL,
  	"chosen_time" varchar NOT NULL,
  	"early_start" boolean,
  	"accepted_at" timestamp(3) with time zone NOT NULL,
  	"confirmation" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "case_offers_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "case_links_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "case_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "agreements_id" integer;
  ALTER TABLE "case_offers_lines" ADD CONSTRAINT "case_offers_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."case_offers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "case_offers" ADD CONSTRAINT "case_offers_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "case_links" ADD CONSTRAINT "case_links_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "case_links" ADD CONSTRAINT "case_links_offer_id_case_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."case_offers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "case_events" ADD CONSTRAINT "case_events_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "case_events_rels" ADD CONSTRAINT "case_events_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."case_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "case_events_rels" ADD CONSTRAINT "case_events_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "agreements_lines" ADD CONSTRAINT "agreements_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "case_offers_lines_order_idx" ON "case_offers_lines" USING btree ("_order");
  CREATE INDEX "case_offers_lines_parent_id_idx" ON "case_offers_lines" USING btree ("_parent_id");
  CREATE INDEX "case_offers_inquiry_idx" ON "case_offers" USING btree ("inquiry_id");
  CREATE UNIQUE INDEX "case_offers_key_idx" ON "case_offers" USING btree ("key");
  CREATE INDEX "case_offers_state_idx" ON "case_offers" USING btree ("state");
  CREATE INDEX "case_offers_updated_at_idx" ON "case_offers" USING btree ("updated_at");
  CREATE INDEX "case_offers_created_at_idx" ON "case_offers" USING btree ("created_at");
  CREATE INDEX "case_links_inquiry_idx" ON "case_links" USING btree ("inquiry_id");
  CREATE INDEX "case_links_offer_idx" ON "case_links" USING btree ("offer_id");
  CREATE UNIQUE INDEX "case_links_token_hash_idx" ON "case_links" USING btree ("token_hash");
  CREATE INDEX "case_links_updated_at_idx" ON "case_links" USING btree ("updated_at");
  CREATE INDEX "case_links_created_at_idx" ON "case_links" USING btree ("created_at");
  CREATE INDEX "case_events_inquiry_idx" ON "case_events" USING btree ("inquiry_id");
  CREATE UNIQUE INDEX "case_events_once_idx" ON "case_events" USING btree ("once");
  CREATE INDEX "case_events_updated_at_idx" ON "case_events" USING btree ("updated_at");
  CREATE INDEX "case_events_created_at_idx" ON "case_events" USING btree ("created_at");
  CREATE INDEX "case_events_rels_order_idx" ON "case_events_rels" USING btree ("order");
  CREATE INDEX "case_events_rels_parent_idx" ON "case_events_rels" USING btree ("parent_id");
  CREATE INDEX "case_events_rels_path_idx" ON "case_events_rels" USING btree ("path");
  CREATE INDEX "case_events_rels_media_id_idx" ON "case_events_rels" USING btree ("media_id");
  CREATE INDEX "agreements_lines_order_idx" ON "agreements_lines" USING btree ("_order");
  CREATE INDEX "agreements_lines_parent_id_idx" ON "agreements_lines" USING btree ("_parent_id");
  CREATE INDEX "agreements_accepted_at_idx" ON "agreements" USING btree ("accepted_at");
  CREATE INDEX "agreements_updated_at_idx" ON "agreements" USING btree ("updated_at");
  CREATE INDEX "agreements_created_at_idx" ON "agreements" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_case_offers_fk" FOREIGN KEY ("case_offers_id") REFERENCES "public"."case_offers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_case_links_fk" FOREIGN KEY ("case_links_id") REFERENCES "public"."case_links"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_case_events_fk" FOREIGN KEY ("case_events_id") REFERENCES "public"."case_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_agreements_fk" FOREIGN KEY ("agreements_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_case_offers_id_idx" ON "payload_locked_documents_rels" USING btree ("case_offers_id");
  CREATE INDEX "payload_locked_documents_rels_case_links_id_idx" ON "payload_locked_documents_rels" USING btree ("case_links_id");
  CREATE INDEX "payload_locked_documents_rels_case_events_id_idx" ON "payload_locked_documents_rels" USING btree ("case_events_id");
  CREATE INDEX "payload_locked_documents_rels_agreements_id_idx" ON "payload_locked_documents_rels" USING btree ("agreements_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "case_offers_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "case_offers" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "case_links" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "case_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "case_events_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "agreements_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "agreements" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "case_offers_lines" CASCADE;
  DROP TABLE "case_offers" CASCADE;
  DROP TABLE "case_links" CASCADE;
  DROP TABLE "case_events" CASCADE;
  DROP TABLE "case_events_rels" CASCADE;
  DROP TABLE "agreements_lines" CASCADE;
  DROP TABLE "agreements" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_case_offers_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_case_links_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_case_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_agreements_fk";
  
  ALTER TABLE "inquiries" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "inquiries" ALTER COLUMN "status" SET DEFAULT 'NEW'::text;
  DROP TYPE "public"."enum_inquiries_status";
  CREATE TYPE "public"."enum_inquiries_status" AS ENUM('NEW', 'ANSWERED', 'CLOSED');
  ALTER TABLE "inquiries" ALTER COLUMN "status" SET DEFAULT 'NEW'::"public"."enum_inquiries_status";
  ALTER TABLE "inquiries" ALTER COLUMN "status" SET DATA TYPE "public"."enum_inquiries_status" USING "status"::"public"."enum_inquiries_status";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'bulkeklinikkenCleanup', 'bulkeklinikkenCaseEmails');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'bulkeklinikkenCleanup', 'bulkeklinikkenCaseEmails');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_case_offers_id_idx";
  DROP INDEX "payload_locked_documents_rels_case_links_id_idx";
  DROP INDEX "payload_locked_documents_rels_case_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_agreements_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "case_offers_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "case_links_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "case_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "agreements_id";
  DROP TYPE "public"."enum_case_offers_price_type";
  DROP TYPE "public"."enum_case_offers_state";
  DROP TYPE "public"."enum_case_links_purpose";
  DROP TYPE "public"."enum_case_links_mail";
  DROP TYPE "public"."enum_case_links_ended_because";
  DROP TYPE "public"."enum_case_events_kind";
  DROP TYPE "public"."enum_case_events_mail_workshop";
  DROP TYPE "public"."enum_case_events_mail_customer";
  DROP TYPE "public"."enum_agreements_price_type";`)
}
