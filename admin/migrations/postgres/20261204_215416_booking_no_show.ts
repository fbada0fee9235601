import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_contact_time_change_mail_customer" ADD VALUE 'none';
  ALTER TYPE "public"."enum_contact_time_change_mail_workshop" ADD VALUE 'none';
  ALTER TABLE "contact" ADD COLUMN "time_no_show_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contact" ALTER COLUMN "time_change_mail_customer" SET DATA TYPE text;
  DROP TYPE "public"."enum_contact_time_change_mail_customer";
  CREATE TYPE "public"."enum_contact_time_change_mail_customer" AS ENUM('pending', 'sent', 'failed');
  ALTER TABLE "contact" ALTER COLUMN "time_change_mail_customer" SET DATA TYPE "public"."enum_contact_time_change_mail_customer" USING "time_change_mail_customer"::"public"."enum_contact_time_change_mail_customer";
  ALTER TABLE "contact" ALTER COLUMN "time_change_mail_workshop" SET DATA TYPE text;
  DROP TYPE "public"."enum_contact_time_change_mail_workshop";
  CREATE TYPE "public"."enum_contact_time_change_mail_workshop" AS ENUM('pending', 'sent', 'failed');
  ALTER TABLE "contact" ALTER COLUMN "time_change_mail_workshop" SET DATA TYPE "public"."enum_contact_time_change_mail_workshop" USING "time_change_mail_workshop"::"public"."enum_contact_time_change_mail_workshop";
  ALTER TABLE "contact" DROP COLUMN "time_no_show_at";`)
}
