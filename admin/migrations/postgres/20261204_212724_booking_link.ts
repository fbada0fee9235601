import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_contact_time_change_mail_customer" AS ENUM('pending', 'sent', 'failed');
  CREATE TYPE "public"."enum_contact_time_change_mail_workshop" AS ENUM('pending', 'sent', 'failed');
  ALTER TYPE "public"."enum_case_links_purpose" ADD VALUE 'booking';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'bulkeklinikkenBookingChange';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'bulkeklinikkenBookingChange';
  ALTER TABLE "case_links" ALTER COLUMN "inquiry_id" DROP NOT NULL;
  ALTER TABLE "contact" ADD COLUMN "time_cancelled_at" timestamp(3) with time zone;
  ALTER TABLE "contact" ADD COLUMN "time_change_mail_customer" "enum_contact_time_change_mail_customer";
  ALTER TABLE "contact" ADD COLUMN "time_change_mail_workshop" "enum_contact_time_change_mail_workshop";
  ALTER TABLE "case_links" ADD COLUMN "booking_id" integer;
  ALTER TABLE "case_links" ADD CONSTRAINT "case_links_booking_id_contact_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."contact"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "case_links_booking_idx" ON "case_links" USING btree ("booking_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "case_links" DROP CONSTRAINT "case_links_booking_id_contact_id_fk";
  
  ALTER TABLE "case_links" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_case_links_purpose";
  CREATE TYPE "public"."enum_case_links_purpose" AS ENUM('photos', 'offer');
  ALTER TABLE "case_links" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_case_links_purpose" USING "purpose"::"public"."enum_case_links_purpose";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'bulkeklinikkenCleanup', 'bulkeklinikkenCaseEmails', 'bulkeklinikkenLinkEmail', 'bulkeklinikkenEventEmail', 'bulkeklinikkenReminder');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'bulkeklinikkenCleanup', 'bulkeklinikkenCaseEmails', 'bulkeklinikkenLinkEmail', 'bulkeklinikkenEventEmail', 'bulkeklinikkenReminder');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "case_links_booking_idx";
  ALTER TABLE "case_links" ALTER COLUMN "inquiry_id" SET NOT NULL;
  ALTER TABLE "contact" DROP COLUMN "time_cancelled_at";
  ALTER TABLE "contact" DROP COLUMN "time_change_mail_customer";
  ALTER TABLE "contact" DROP COLUMN "time_change_mail_workshop";
  ALTER TABLE "case_links" DROP COLUMN "booking_id";
  DROP TYPE "public"."enum_contact_time_change_mail_customer";
  DROP TYPE "public"."enum_contact_time_change_mail_workshop";`)
}
