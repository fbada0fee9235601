import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_inquiries_vehicle_lookup" AS ENUM('found', 'unknown', 'unavailable');
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_lookup" "enum_inquiries_vehicle_lookup";
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_make" varchar;
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_model" varchar;
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_colour" varchar;
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_plate" varchar;
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_first_registered" timestamp(3) with time zone;
  ALTER TABLE "inquiries" ADD COLUMN "vehicle_eu_control_deadline" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "inquiries" DROP COLUMN "vehicle_lookup";
  ALTER TABLE "inquiries" DROP COLUMN "vehicle_make";
  ALTER TABLE "inquiries" DROP COLUMN "vehicle_model";
  ALTER TABLE "inquiries" DROP COLUMN "vehicle_colour";
  ALTER TABLE "inquiries" DROP COLUMN "vehicle_plate";
  ALTER TABLE "inquiries" DROP COLUMN "vehicle_first_registered";
  ALTER TABLE "inquiries" DROP COLUMN "vehicle_eu_control_deadline";
  DROP TYPE "public"."enum_inquiries_vehicle_lookup";`)
}
