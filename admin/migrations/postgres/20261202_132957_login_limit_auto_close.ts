import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_case_events_kind" ADD VALUE 'autoClosed';
  ALTER TABLE "users" DROP COLUMN "login_attempts";
  ALTER TABLE "users" DROP COLUMN "lock_until";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "case_events" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_case_events_kind";
  CREATE TYPE "public"."enum_case_events_kind" AS ENUM('offer', 'photoRequest', 'accepted', 'declined', 'question', 'photos');
  ALTER TABLE "case_events" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_case_events_kind" USING "kind"::"public"."enum_case_events_kind";
  ALTER TABLE "users" ADD COLUMN "login_attempts" numeric DEFAULT 0;
  ALTER TABLE "users" ADD COLUMN "lock_until" timestamp(3) with time zone;`)
}
