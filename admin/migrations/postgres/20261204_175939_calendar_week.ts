import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "calendar_week" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"mo_detailing_hours" numeric,
  	"mo_verksted_hours" numeric,
  	"tu_detailing_hours" numeric,
  	"tu_verksted_hours" numeric,
  	"we_detailing_hours" numeric,
  	"we_verksted_hours" numeric,
  	"th_detailing_hours" numeric,
  	"th_verksted_hours" numeric,
  	"fr_detailing_hours" numeric,
  	"fr_verksted_hours" numeric,
  	"sa_detailing_hours" numeric,
  	"sa_verksted_hours" numeric,
  	"su_detailing_hours" numeric,
  	"su_verksted_hours" numeric,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  `)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "calendar_week" CASCADE;`)
}
