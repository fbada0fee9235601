import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "agreement_erasures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"case_number" varchar NOT NULL,
  	"version" numeric NOT NULL,
  	"accepted_at" timestamp(3) with time zone NOT NULL,
  	"erased_at" timestamp(3) with time zone NOT NULL,
  	"reason" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "agreement_erasures_id" integer;
  CREATE INDEX "agreement_erasures_accepted_at_idx" ON "agreement_erasures" USING btree ("accepted_at");
  CREATE INDEX "agreement_erasures_updated_at_idx" ON "agreement_erasures" USING btree ("updated_at");
  CREATE INDEX "agreement_erasures_created_at_idx" ON "agreement_erasures" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_agreement_erasures_fk" FOREIGN KEY ("agreement_erasures_id") REFERENCES "public"."agreement_erasures"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_agreement_erasures_id_idx" ON "payload_locked_documents_rels" USING btree ("agreement_erasures_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "agreement_erasures" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "agreement_erasures" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_agreement_erasures_fk";
  
  DROP INDEX "payload_locked_documents_rels_agreement_erasures_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "agreement_erasures_id";`)
}
