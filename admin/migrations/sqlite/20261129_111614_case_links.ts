import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`case_offers_lines\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`description\` text NOT NULL,
  	\`amount_nok\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`case_offers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`case_offers_lines_order_idx\` ON \`case_offers_lines\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_lines_parent_id_idx\` ON \`case_offers_lines\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`case_offers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`inquiry_id\` integer NOT NULL,
  	\`version\` numeric NOT NULL,
  	\`key\` text NOT NULL,
  	\`price_type\` text NOT NULL,
  	\`total_nok\` numeric NOT NULL,
  	\`valid_until\` text NOT NULL,
  	\`drop_off_times\` text NOT NULL,
  	\`note\` text,
  	\`state\` text DEFAULT 'sent' NOT NULL,
  	\`answer_at\` text,
  	\`answer_name\` text,
  	\`answer_chosen_time\` text,
  	\`answer_early_start\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`inquiry_id\`) REFERENCES \`inquiries\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`case_offers_inquiry_idx\` ON \`case_offers\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_offers_key_idx\` ON \`case_offers\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_state_idx\` ON \`case_offers\` (\`state\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_updated_at_idx\` ON \`case_offers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_created_at_idx\` ON \`case_offers\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`case_links\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`inquiry_id\` integer NOT NULL,
  	\`purpose\` text NOT NULL,
  	\`offer_id\` integer,
  	\`message\` text,
  	\`token_hash\` text,
  	\`mailed_at\` text,
  	\`mail\` text DEFAULT 'pending',
  	\`ended_at\` text,
  	\`ended_because\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`inquiry_id\`) REFERENCES \`inquiries\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`offer_id\`) REFERENCES \`case_offers\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`case_links_inquiry_idx\` ON \`case_links\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE INDEX \`case_links_offer_idx\` ON \`case_links\` (\`offer_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_links_token_hash_idx\` ON \`case_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`case_links_updated_at_idx\` ON \`case_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_links_created_at_idx\` ON \`case_links\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`case_events\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`inquiry_id\` integer NOT NULL,
  	\`kind\` text NOT NULL,
  	\`at\` text NOT NULL,
  	\`version\` numeric,
  	\`text\` text,
  	\`once\` text,
  	\`mail_workshop\` text DEFAULT 'none',
  	\`mail_customer\` text DEFAULT 'none',
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`inquiry_id\`) REFERENCES \`inquiries\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`case_events_inquiry_idx\` ON \`case_events\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_events_once_idx\` ON \`case_events\` (\`once\`);`)
  await db.run(sql`CREATE INDEX \`case_events_updated_at_idx\` ON \`case_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_events_created_at_idx\` ON \`case_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`case_events_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`media_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`case_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`case_events_rels_order_idx\` ON \`case_events_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`case_events_rels_parent_idx\` ON \`case_events_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`case_events_rels_path_idx\` ON \`case_events_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`case_events_rels_media_id_idx\` ON \`case_events_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE TABLE \`agreements_lines\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`description\` text NOT NULL,
  	\`amount_nok\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`agreements\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`agreements_lines_order_idx\` ON \`agreements_lines\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`agreements_lines_parent_id_idx\` ON \`agreements_lines\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`agreements\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`case_number\` text NOT NULL,
  	\`reg_number\` text NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`version\` numeric NOT NULL,
  	\`price_type\` text NOT NULL,
  	\`total_nok\` numeric NOT NULL,
  	\`chosen_time\` text NOT NULL,
  	\`early_start\` integer,
  	\`accepted_at\` text NOT NULL,
  	\`confirmation\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`agreements_accepted_at_idx\` ON \`agreements\` (\`accepted_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_updated_at_idx\` ON \`agreements\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_created_at_idx\` ON \`agreements\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`case_offers_id\` integer REFERENCES case_offers(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`case_links_id\` integer REFERENCES case_links(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`case_events_id\` integer REFERENCES case_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`agreements_id\` integer REFERENCES agreements(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_case_offers_id_idx\` ON \`payload_locked_documents_rels\` (\`case_offers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_case_links_id_idx\` ON \`payload_locked_documents_rels\` (\`case_links_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_case_events_id_idx\` ON \`payload_locked_documents_rels\` (\`case_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreements_id_idx\` ON \`payload_locked_documents_rels\` (\`agreements_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`case_offers_lines\`;`)
  await db.run(sql`DROP TABLE \`case_offers\`;`)
  await db.run(sql`DROP TABLE \`case_links\`;`)
  await db.run(sql`DROP TABLE \`case_events\`;`)
  await db.run(sql`DROP TABLE \`case_events_rels\`;`)
  await db.run(sql`DROP TABLE \`agreements_lines\`;`)
  await db.run(sql`DROP TABLE \`agreements\`;`)
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
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`inquiries_id\`) REFERENCES \`inquiries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_id\`) REFERENCES \`contact\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "media_id", "inquiries_id", "contact_id") SELECT "id", "order", "parent_id", "path", "users_id", "media_id", "inquiries_id", "contact_id" FROM \`payload_locked_documents_rels\`;`)
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
}
