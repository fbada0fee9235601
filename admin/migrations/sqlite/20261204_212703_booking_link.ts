import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_case_links\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`inquiry_id\` integer,
  	\`booking_id\` integer,
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
  	FOREIGN KEY (\`booking_id\`) REFERENCES \`contact\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`offer_id\`) REFERENCES \`case_offers\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_case_links\`("id", "inquiry_id", "booking_id", "purpose", "offer_id", "message", "token_hash", "mailed_at", "mail", "ended_at", "ended_because", "updated_at", "created_at") SELECT "id", "inquiry_id", NULL, "purpose", "offer_id", "message", "token_hash", "mailed_at", "mail", "ended_at", "ended_because", "updated_at", "created_at" FROM \`case_links\`;`)
  await db.run(sql`DROP TABLE \`case_links\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_links\` RENAME TO \`case_links\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`case_links_inquiry_idx\` ON \`case_links\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE INDEX \`case_links_booking_idx\` ON \`case_links\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`case_links_offer_idx\` ON \`case_links\` (\`offer_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_links_token_hash_idx\` ON \`case_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`case_links_updated_at_idx\` ON \`case_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_links_created_at_idx\` ON \`case_links\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_cancelled_at\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_change_mail_customer\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_change_mail_workshop\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_case_links\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
  await db.run(sql`INSERT INTO \`__new_case_links\`("id", "inquiry_id", "purpose", "offer_id", "message", "token_hash", "mailed_at", "mail", "ended_at", "ended_because", "updated_at", "created_at") SELECT "id", "inquiry_id", "purpose", "offer_id", "message", "token_hash", "mailed_at", "mail", "ended_at", "ended_because", "updated_at", "created_at" FROM \`case_links\`;`)
  await db.run(sql`DROP TABLE \`case_links\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_links\` RENAME TO \`case_links\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`case_links_inquiry_idx\` ON \`case_links\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE INDEX \`case_links_offer_idx\` ON \`case_links\` (\`offer_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_links_token_hash_idx\` ON \`case_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`case_links_updated_at_idx\` ON \`case_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_links_created_at_idx\` ON \`case_links\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_cancelled_at\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_change_mail_customer\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_change_mail_workshop\`;`)
}
