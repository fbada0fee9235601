import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "calendar_days" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"day" varchar NOT NULL,
  	"closed" boolean DEFAULT false,
  	"detailing_hours" numeric,
  	"verksted_hours" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "calendar_days_id" integer;
  CREATE UNIQUE INDEX "calendar_days_day_idx" ON "calendar_days" USING btree ("day");
  CREATE INDEX "calendar_days_updated_at_idx" ON "calendar_days" USING btree ("updated_at");
  CREATE INDEX "calendar_days_created_at_idx" ON "calendar_days" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_calendar_days_fk" FOREIGN KEY ("calendar_days_id") REFERENCES "public"."calendar_days"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_calendar_days_id_idx" ON "payload_locked_documents_rels" USING btree ("calendar_days_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "calendar_days" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "calendar_days" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_calendar_days_fk";
  
  DROP INDEX "payload_locked_documents_rels_calendar_days_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "calendar_days_id";`)
}
