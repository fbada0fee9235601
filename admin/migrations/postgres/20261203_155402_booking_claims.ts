import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "booking_claims" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"day" varchar NOT NULL,
  	"place" varchar NOT NULL,
  	"seat" numeric NOT NULL,
  	"holder" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "booking_claims_id" integer;
  CREATE INDEX "booking_claims_holder_idx" ON "booking_claims" USING btree ("holder");
  CREATE INDEX "booking_claims_updated_at_idx" ON "booking_claims" USING btree ("updated_at");
  CREATE INDEX "booking_claims_created_at_idx" ON "booking_claims" USING btree ("created_at");
  CREATE UNIQUE INDEX "day_place_seat_idx" ON "booking_claims" USING btree ("day","place","seat");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_booking_claims_fk" FOREIGN KEY ("booking_claims_id") REFERENCES "public"."booking_claims"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_booking_claims_id_idx" ON "payload_locked_documents_rels" USING btree ("booking_claims_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "booking_claims" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "booking_claims" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_booking_claims_fk";
  
  DROP INDEX "payload_locked_documents_rels_booking_claims_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "booking_claims_id";`)
}
