import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`calendar_days\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`day\` text NOT NULL,
  	\`closed\` integer DEFAULT false,
  	\`detailing_hours\` numeric,
  	\`verksted_hours\` numeric,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`calendar_days_day_idx\` ON \`calendar_days\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`calendar_days_updated_at_idx\` ON \`calendar_days\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`calendar_days_created_at_idx\` ON \`calendar_days\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`calendar_days_id\` integer REFERENCES calendar_days(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_calendar_days_id_idx\` ON \`payload_locked_documents_rels\` (\`calendar_days_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`calendar_days\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`users_id\` integer,
  	\`media_id\` integer,
  	\`inquiries_id\` integer,
  	\`contact_id\` integer,
  	\`case_offers_id\` integer,
  	\`case_links_id\` integer,
  	\`case_events_id\` integer,
  	\`agreements_id\` integer,
  	\`agreement_erasures_id\` integer,
  	\`booking_claims_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`inquiries_id\`) REFERENCES \`inquiries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_id\`) REFERENCES \`contact\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`case_offers_id\`) REFERENCES \`case_offers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`case_links_id\`) REFERENCES \`case_links\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`case_events_id\`) REFERENCES \`case_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`agreements_id\`) REFERENCES \`agreements\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`agreement_erasures_id\`) REFERENCES \`agreement_erasures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`booking_claims_id\`) REFERENCES \`booking_claims\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "media_id", "inquiries_id", "contact_id", "case_offers_id", "case_links_id", "case_events_id", "agreements_id", "agreement_erasures_id", "booking_claims_id") SELECT "id", "order", "parent_id", "path", "users_id", "media_id", "inquiries_id", "contact_id", "case_offers_id", "case_links_id", "case_events_id", "agreements_id", "agreement_erasures_id", "booking_claims_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_inquiries_id_idx\` ON \`payload_locked_documents_rels\` (\`inquiries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_case_offers_id_idx\` ON \`payload_locked_documents_rels\` (\`case_offers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_case_links_id_idx\` ON \`payload_locked_documents_rels\` (\`case_links_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_case_events_id_idx\` ON \`payload_locked_documents_rels\` (\`case_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreements_id_idx\` ON \`payload_locked_documents_rels\` (\`agreements_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreement_erasures_id_idx\` ON \`payload_locked_documents_rels\` (\`agreement_erasures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_booking_claims_id_idx\` ON \`payload_locked_documents_rels\` (\`booking_claims_id\`);`)
}
