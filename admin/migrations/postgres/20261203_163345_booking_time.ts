import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contact" ADD COLUMN "time_day" varchar;
  ALTER TABLE "contact" ADD COLUMN "time_drop_off" varchar;
  ALTER TABLE "contact" ADD COLUMN "time_at" timestamp(3) with time zone;
  ALTER TABLE "contact" ADD COLUMN "time_services" jsonb;
  ALTER TABLE "contact" ADD COLUMN "time_size" varchar;
  ALTER TABLE "contact" ADD COLUMN "time_hours" numeric;
  ALTER TABLE "contact" ADD COLUMN "time_price" numeric;
  ALTER TABLE "contact" ADD COLUMN "time_early_start" boolean;
  ALTER TABLE "contact" ADD COLUMN "time_holder" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contact" DROP COLUMN "time_day";
  ALTER TABLE "contact" DROP COLUMN "time_drop_off";
  ALTER TABLE "contact" DROP COLUMN "time_at";
  ALTER TABLE "contact" DROP COLUMN "time_services";
  ALTER TABLE "contact" DROP COLUMN "time_size";
  ALTER TABLE "contact" DROP COLUMN "time_hours";
  ALTER TABLE "contact" DROP COLUMN "time_price";
  ALTER TABLE "contact" DROP COLUMN "time_early_start";
  ALTER TABLE "contact" DROP COLUMN "time_holder";`)
}
