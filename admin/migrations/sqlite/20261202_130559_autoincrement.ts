import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * Every table's id becomes AUTOINCREMENT, so an id is never given again once
 * its row is deleted. Each table is rebuilt with foreign keys off until all
 * are (a table dropped with them on would delete its children's rows),
 * all in one transaction.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  // one transaction: a crash part-way leaves every table as it was, and each page is logged once
  await db.run(sql`BEGIN;`)
  await db.run(sql`CREATE TABLE \`__new_users\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`email\` text NOT NULL,
  	\`reset_password_token\` text,
  	\`reset_password_expiration\` text,
  	\`salt\` text,
  	\`hash\` text,
  	\`reset_password_requested_at\` text,
  	\`login_attempts\` numeric DEFAULT 0,
  	\`lock_until\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_users\`("id", "updated_at", "created_at", "email", "reset_password_token", "reset_password_expiration", "salt", "hash", "reset_password_requested_at", "login_attempts", "lock_until") SELECT "id", "updated_at", "created_at", "email", "reset_password_token", "reset_password_expiration", "salt", "hash", "reset_password_requested_at", "login_attempts", "lock_until" FROM \`users\`;`)
  await db.run(sql`DROP TABLE \`users\`;`)
  await db.run(sql`ALTER TABLE \`__new_users\` RENAME TO \`users\`;`)
  await db.run(sql`CREATE INDEX \`users_updated_at_idx\` ON \`users\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`users_created_at_idx\` ON \`users\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`users_email_idx\` ON \`users\` (\`email\`);`)
  await db.run(sql`CREATE TABLE \`__new_media\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`_objectkey\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`url\` text,
  	\`thumbnail_u_r_l\` text,
  	\`filename\` text,
  	\`mime_type\` text,
  	\`filesize\` numeric,
  	\`width\` numeric,
  	\`height\` numeric
  );
  `)
  await db.run(sql`INSERT INTO \`__new_media\`("id", "_objectkey", "updated_at", "created_at", "url", "thumbnail_u_r_l", "filename", "mime_type", "filesize", "width", "height") SELECT "id", "_objectkey", "updated_at", "created_at", "url", "thumbnail_u_r_l", "filename", "mime_type", "filesize", "width", "height" FROM \`media\`;`)
  await db.run(sql`DROP TABLE \`media\`;`)
  await db.run(sql`ALTER TABLE \`__new_media\` RENAME TO \`media\`;`)
  await db.run(sql`CREATE INDEX \`media_updated_at_idx\` ON \`media\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`media_created_at_idx\` ON \`media\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`media_filename_idx\` ON \`media\` (\`filename\`);`)
  await db.run(sql`CREATE TABLE \`__new_inquiries\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`reg_number\` text NOT NULL,
  	\`vehicle_lookup\` text,
  	\`vehicle_make\` text,
  	\`vehicle_model\` text,
  	\`vehicle_colour\` text,
  	\`vehicle_plate\` text,
  	\`vehicle_first_registered\` text,
  	\`vehicle_eu_control_deadline\` text,
  	\`phone\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`message\` text,
  	\`user_id\` text,
  	\`idempotency_key\` text,
  	\`body_digest\` text,
  	\`status\` text DEFAULT 'NEW' NOT NULL,
  	\`workshop_note\` text,
  	\`closed_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`emails_workshop\` text DEFAULT 'off',
  	\`emails_receipt\` text DEFAULT 'off',
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_inquiries\`("id", "reg_number", "vehicle_lookup", "vehicle_make", "vehicle_model", "vehicle_colour", "vehicle_plate", "vehicle_first_registered", "vehicle_eu_control_deadline", "phone", "email", "message", "user_id", "idempotency_key", "body_digest", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at") SELECT "id", "reg_number", "vehicle_lookup", "vehicle_make", "vehicle_model", "vehicle_colour", "vehicle_plate", "vehicle_first_registered", "vehicle_eu_control_deadline", "phone", "email", "message", "user_id", "idempotency_key", "body_digest", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at" FROM \`inquiries\`;`)
  await db.run(sql`DROP TABLE \`inquiries\`;`)
  await db.run(sql`ALTER TABLE \`__new_inquiries\` RENAME TO \`inquiries\`;`)
  await db.run(sql`CREATE INDEX \`inquiries_email_idx\` ON \`inquiries\` (\`email\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`inquiries_idempotency_key_idx\` ON \`inquiries\` (\`idempotency_key\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_status_idx\` ON \`inquiries\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_closed_at_idx\` ON \`inquiries\` (\`closed_at\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_created_at_idx\` ON \`inquiries\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_updated_at_idx\` ON \`inquiries\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_contact\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`phone\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`message\` text,
  	\`status\` text DEFAULT 'NEW' NOT NULL,
  	\`workshop_note\` text,
  	\`closed_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`emails_workshop\` text DEFAULT 'off',
  	\`emails_receipt\` text DEFAULT 'off',
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_contact\`("id", "phone", "email", "message", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at") SELECT "id", "phone", "email", "message", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at" FROM \`contact\`;`)
  await db.run(sql`DROP TABLE \`contact\`;`)
  await db.run(sql`ALTER TABLE \`__new_contact\` RENAME TO \`contact\`;`)
  await db.run(sql`CREATE INDEX \`contact_email_idx\` ON \`contact\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`contact_status_idx\` ON \`contact\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`contact_closed_at_idx\` ON \`contact\` (\`closed_at\`);`)
  await db.run(sql`CREATE INDEX \`contact_created_at_idx\` ON \`contact\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`contact_updated_at_idx\` ON \`contact\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_case_offers\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
  await db.run(sql`INSERT INTO \`__new_case_offers\`("id", "inquiry_id", "version", "key", "price_type", "total_nok", "valid_until", "drop_off_times", "note", "state", "answer_at", "answer_name", "answer_chosen_time", "answer_early_start", "updated_at", "created_at") SELECT "id", "inquiry_id", "version", "key", "price_type", "total_nok", "valid_until", "drop_off_times", "note", "state", "answer_at", "answer_name", "answer_chosen_time", "answer_early_start", "updated_at", "created_at" FROM \`case_offers\`;`)
  await db.run(sql`DROP TABLE \`case_offers\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_offers\` RENAME TO \`case_offers\`;`)
  await db.run(sql`CREATE INDEX \`case_offers_inquiry_idx\` ON \`case_offers\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_offers_key_idx\` ON \`case_offers\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_state_idx\` ON \`case_offers\` (\`state\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_updated_at_idx\` ON \`case_offers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_created_at_idx\` ON \`case_offers\` (\`created_at\`);`)
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
  await db.run(sql`CREATE INDEX \`case_links_inquiry_idx\` ON \`case_links\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE INDEX \`case_links_offer_idx\` ON \`case_links\` (\`offer_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_links_token_hash_idx\` ON \`case_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`case_links_updated_at_idx\` ON \`case_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_links_created_at_idx\` ON \`case_links\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_case_events\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
  await db.run(sql`INSERT INTO \`__new_case_events\`("id", "inquiry_id", "kind", "at", "version", "text", "once", "mail_workshop", "mail_customer", "updated_at", "created_at") SELECT "id", "inquiry_id", "kind", "at", "version", "text", "once", "mail_workshop", "mail_customer", "updated_at", "created_at" FROM \`case_events\`;`)
  await db.run(sql`DROP TABLE \`case_events\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_events\` RENAME TO \`case_events\`;`)
  await db.run(sql`CREATE INDEX \`case_events_inquiry_idx\` ON \`case_events\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_events_once_idx\` ON \`case_events\` (\`once\`);`)
  await db.run(sql`CREATE INDEX \`case_events_updated_at_idx\` ON \`case_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_events_created_at_idx\` ON \`case_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_agreements\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
  await db.run(sql`INSERT INTO \`__new_agreements\`("id", "case_number", "reg_number", "name", "email", "version", "price_type", "total_nok", "chosen_time", "early_start", "accepted_at", "confirmation", "updated_at", "created_at") SELECT "id", "case_number", "reg_number", "name", "email", "version", "price_type", "total_nok", "chosen_time", "early_start", "accepted_at", "confirmation", "updated_at", "created_at" FROM \`agreements\`;`)
  await db.run(sql`DROP TABLE \`agreements\`;`)
  await db.run(sql`ALTER TABLE \`__new_agreements\` RENAME TO \`agreements\`;`)
  await db.run(sql`CREATE INDEX \`agreements_accepted_at_idx\` ON \`agreements\` (\`accepted_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_updated_at_idx\` ON \`agreements\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_created_at_idx\` ON \`agreements\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_kv\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`key\` text NOT NULL,
  	\`data\` text NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_kv\`("id", "key", "data") SELECT "id", "key", "data" FROM \`payload_kv\`;`)
  await db.run(sql`DROP TABLE \`payload_kv\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_kv\` RENAME TO \`payload_kv\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`payload_kv_key_idx\` ON \`payload_kv\` (\`key\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_jobs\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`input\` text,
  	\`completed_at\` text,
  	\`total_tried\` numeric DEFAULT 0,
  	\`has_error\` integer DEFAULT false,
  	\`error\` text,
  	\`task_slug\` text,
  	\`queue\` text DEFAULT 'default',
  	\`wait_until\` text,
  	\`processing\` integer DEFAULT false,
  	\`meta\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_jobs\`("id", "input", "completed_at", "total_tried", "has_error", "error", "task_slug", "queue", "wait_until", "processing", "meta", "updated_at", "created_at") SELECT "id", "input", "completed_at", "total_tried", "has_error", "error", "task_slug", "queue", "wait_until", "processing", "meta", "updated_at", "created_at" FROM \`payload_jobs\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_jobs\` RENAME TO \`payload_jobs\`;`)
  await db.run(sql`CREATE INDEX \`payload_jobs_completed_at_idx\` ON \`payload_jobs\` (\`completed_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_total_tried_idx\` ON \`payload_jobs\` (\`total_tried\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_has_error_idx\` ON \`payload_jobs\` (\`has_error\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_task_slug_idx\` ON \`payload_jobs\` (\`task_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_queue_idx\` ON \`payload_jobs\` (\`queue\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_wait_until_idx\` ON \`payload_jobs\` (\`wait_until\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_processing_idx\` ON \`payload_jobs\` (\`processing\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_updated_at_idx\` ON \`payload_jobs\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_created_at_idx\` ON \`payload_jobs\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`global_slug\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents\`("id", "global_slug", "updated_at", "created_at") SELECT "id", "global_slug", "updated_at", "created_at" FROM \`payload_locked_documents\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents\` RENAME TO \`payload_locked_documents\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_global_slug_idx\` ON \`payload_locked_documents\` (\`global_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_updated_at_idx\` ON \`payload_locked_documents\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_created_at_idx\` ON \`payload_locked_documents\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_preferences\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`key\` text,
  	\`value\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_preferences\`("id", "key", "value", "updated_at", "created_at") SELECT "id", "key", "value", "updated_at", "created_at" FROM \`payload_preferences\`;`)
  await db.run(sql`DROP TABLE \`payload_preferences\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_preferences\` RENAME TO \`payload_preferences\`;`)
  await db.run(sql`CREATE INDEX \`payload_preferences_key_idx\` ON \`payload_preferences\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_updated_at_idx\` ON \`payload_preferences\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_created_at_idx\` ON \`payload_preferences\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_migrations\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`name\` text,
  	\`batch\` numeric,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_migrations\`("id", "name", "batch", "updated_at", "created_at") SELECT "id", "name", "batch", "updated_at", "created_at" FROM \`payload_migrations\`;`)
  await db.run(sql`DROP TABLE \`payload_migrations\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_migrations\` RENAME TO \`payload_migrations\`;`)
  await db.run(sql`CREATE INDEX \`payload_migrations_updated_at_idx\` ON \`payload_migrations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_migrations_created_at_idx\` ON \`payload_migrations\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_jobs_stats\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`stats\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_jobs_stats\`("id", "stats", "updated_at", "created_at") SELECT "id", "stats", "updated_at", "created_at" FROM \`payload_jobs_stats\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs_stats\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_jobs_stats\` RENAME TO \`payload_jobs_stats\`;`)
  // a number given before stays given: the next case starts after every case and agreement there has been
  await db.run(sql`DELETE FROM \`sqlite_sequence\` WHERE \`name\` = 'inquiries';`)
  await db.run(sql`INSERT INTO \`sqlite_sequence\` (\`name\`, \`seq\`) SELECT 'inquiries', MAX(
    COALESCE((SELECT MAX(\`id\`) FROM \`inquiries\`), 0),
    COALESCE((SELECT MAX(CAST(\`case_number\` AS INTEGER)) FROM \`agreements\`), 0));`)
  await db.run(sql`COMMIT;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  // one transaction: a crash part-way leaves every table as it was, and each page is logged once
  await db.run(sql`BEGIN;`)
  await db.run(sql`CREATE TABLE \`__new_users\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`email\` text NOT NULL,
  	\`reset_password_token\` text,
  	\`reset_password_expiration\` text,
  	\`salt\` text,
  	\`hash\` text,
  	\`reset_password_requested_at\` text,
  	\`login_attempts\` numeric DEFAULT 0,
  	\`lock_until\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_users\`("id", "updated_at", "created_at", "email", "reset_password_token", "reset_password_expiration", "salt", "hash", "reset_password_requested_at", "login_attempts", "lock_until") SELECT "id", "updated_at", "created_at", "email", "reset_password_token", "reset_password_expiration", "salt", "hash", "reset_password_requested_at", "login_attempts", "lock_until" FROM \`users\`;`)
  await db.run(sql`DROP TABLE \`users\`;`)
  await db.run(sql`ALTER TABLE \`__new_users\` RENAME TO \`users\`;`)
  await db.run(sql`CREATE INDEX \`users_updated_at_idx\` ON \`users\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`users_created_at_idx\` ON \`users\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`users_email_idx\` ON \`users\` (\`email\`);`)
  await db.run(sql`CREATE TABLE \`__new_media\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_objectkey\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`url\` text,
  	\`thumbnail_u_r_l\` text,
  	\`filename\` text,
  	\`mime_type\` text,
  	\`filesize\` numeric,
  	\`width\` numeric,
  	\`height\` numeric
  );
  `)
  await db.run(sql`INSERT INTO \`__new_media\`("id", "_objectkey", "updated_at", "created_at", "url", "thumbnail_u_r_l", "filename", "mime_type", "filesize", "width", "height") SELECT "id", "_objectkey", "updated_at", "created_at", "url", "thumbnail_u_r_l", "filename", "mime_type", "filesize", "width", "height" FROM \`media\`;`)
  await db.run(sql`DROP TABLE \`media\`;`)
  await db.run(sql`ALTER TABLE \`__new_media\` RENAME TO \`media\`;`)
  await db.run(sql`CREATE INDEX \`media_updated_at_idx\` ON \`media\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`media_created_at_idx\` ON \`media\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`media_filename_idx\` ON \`media\` (\`filename\`);`)
  await db.run(sql`CREATE TABLE \`__new_inquiries\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reg_number\` text NOT NULL,
  	\`vehicle_lookup\` text,
  	\`vehicle_make\` text,
  	\`vehicle_model\` text,
  	\`vehicle_colour\` text,
  	\`vehicle_plate\` text,
  	\`vehicle_first_registered\` text,
  	\`vehicle_eu_control_deadline\` text,
  	\`phone\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`message\` text,
  	\`user_id\` text,
  	\`idempotency_key\` text,
  	\`body_digest\` text,
  	\`status\` text DEFAULT 'NEW' NOT NULL,
  	\`workshop_note\` text,
  	\`closed_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`emails_workshop\` text DEFAULT 'off',
  	\`emails_receipt\` text DEFAULT 'off',
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_inquiries\`("id", "reg_number", "vehicle_lookup", "vehicle_make", "vehicle_model", "vehicle_colour", "vehicle_plate", "vehicle_first_registered", "vehicle_eu_control_deadline", "phone", "email", "message", "user_id", "idempotency_key", "body_digest", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at") SELECT "id", "reg_number", "vehicle_lookup", "vehicle_make", "vehicle_model", "vehicle_colour", "vehicle_plate", "vehicle_first_registered", "vehicle_eu_control_deadline", "phone", "email", "message", "user_id", "idempotency_key", "body_digest", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at" FROM \`inquiries\`;`)
  await db.run(sql`DROP TABLE \`inquiries\`;`)
  await db.run(sql`ALTER TABLE \`__new_inquiries\` RENAME TO \`inquiries\`;`)
  await db.run(sql`CREATE INDEX \`inquiries_email_idx\` ON \`inquiries\` (\`email\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`inquiries_idempotency_key_idx\` ON \`inquiries\` (\`idempotency_key\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_status_idx\` ON \`inquiries\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_closed_at_idx\` ON \`inquiries\` (\`closed_at\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_created_at_idx\` ON \`inquiries\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`inquiries_updated_at_idx\` ON \`inquiries\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_contact\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`phone\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`message\` text,
  	\`status\` text DEFAULT 'NEW' NOT NULL,
  	\`workshop_note\` text,
  	\`closed_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`emails_workshop\` text DEFAULT 'off',
  	\`emails_receipt\` text DEFAULT 'off',
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_contact\`("id", "phone", "email", "message", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at") SELECT "id", "phone", "email", "message", "status", "workshop_note", "closed_at", "created_at", "emails_workshop", "emails_receipt", "updated_at" FROM \`contact\`;`)
  await db.run(sql`DROP TABLE \`contact\`;`)
  await db.run(sql`ALTER TABLE \`__new_contact\` RENAME TO \`contact\`;`)
  await db.run(sql`CREATE INDEX \`contact_email_idx\` ON \`contact\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`contact_status_idx\` ON \`contact\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`contact_closed_at_idx\` ON \`contact\` (\`closed_at\`);`)
  await db.run(sql`CREATE INDEX \`contact_created_at_idx\` ON \`contact\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`contact_updated_at_idx\` ON \`contact\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_case_offers\` (
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
  await db.run(sql`INSERT INTO \`__new_case_offers\`("id", "inquiry_id", "version", "key", "price_type", "total_nok", "valid_until", "drop_off_times", "note", "state", "answer_at", "answer_name", "answer_chosen_time", "answer_early_start", "updated_at", "created_at") SELECT "id", "inquiry_id", "version", "key", "price_type", "total_nok", "valid_until", "drop_off_times", "note", "state", "answer_at", "answer_name", "answer_chosen_time", "answer_early_start", "updated_at", "created_at" FROM \`case_offers\`;`)
  await db.run(sql`DROP TABLE \`case_offers\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_offers\` RENAME TO \`case_offers\`;`)
  await db.run(sql`CREATE INDEX \`case_offers_inquiry_idx\` ON \`case_offers\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_offers_key_idx\` ON \`case_offers\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_state_idx\` ON \`case_offers\` (\`state\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_updated_at_idx\` ON \`case_offers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_offers_created_at_idx\` ON \`case_offers\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_case_links\` (
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
  await db.run(sql`INSERT INTO \`__new_case_links\`("id", "inquiry_id", "purpose", "offer_id", "message", "token_hash", "mailed_at", "mail", "ended_at", "ended_because", "updated_at", "created_at") SELECT "id", "inquiry_id", "purpose", "offer_id", "message", "token_hash", "mailed_at", "mail", "ended_at", "ended_because", "updated_at", "created_at" FROM \`case_links\`;`)
  await db.run(sql`DROP TABLE \`case_links\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_links\` RENAME TO \`case_links\`;`)
  await db.run(sql`CREATE INDEX \`case_links_inquiry_idx\` ON \`case_links\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE INDEX \`case_links_offer_idx\` ON \`case_links\` (\`offer_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_links_token_hash_idx\` ON \`case_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`case_links_updated_at_idx\` ON \`case_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_links_created_at_idx\` ON \`case_links\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_case_events\` (
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
  await db.run(sql`INSERT INTO \`__new_case_events\`("id", "inquiry_id", "kind", "at", "version", "text", "once", "mail_workshop", "mail_customer", "updated_at", "created_at") SELECT "id", "inquiry_id", "kind", "at", "version", "text", "once", "mail_workshop", "mail_customer", "updated_at", "created_at" FROM \`case_events\`;`)
  await db.run(sql`DROP TABLE \`case_events\`;`)
  await db.run(sql`ALTER TABLE \`__new_case_events\` RENAME TO \`case_events\`;`)
  await db.run(sql`CREATE INDEX \`case_events_inquiry_idx\` ON \`case_events\` (\`inquiry_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`case_events_once_idx\` ON \`case_events\` (\`once\`);`)
  await db.run(sql`CREATE INDEX \`case_events_updated_at_idx\` ON \`case_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`case_events_created_at_idx\` ON \`case_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_agreements\` (
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
  await db.run(sql`INSERT INTO \`__new_agreements\`("id", "case_number", "reg_number", "name", "email", "version", "price_type", "total_nok", "chosen_time", "early_start", "accepted_at", "confirmation", "updated_at", "created_at") SELECT "id", "case_number", "reg_number", "name", "email", "version", "price_type", "total_nok", "chosen_time", "early_start", "accepted_at", "confirmation", "updated_at", "created_at" FROM \`agreements\`;`)
  await db.run(sql`DROP TABLE \`agreements\`;`)
  await db.run(sql`ALTER TABLE \`__new_agreements\` RENAME TO \`agreements\`;`)
  await db.run(sql`CREATE INDEX \`agreements_accepted_at_idx\` ON \`agreements\` (\`accepted_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_updated_at_idx\` ON \`agreements\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_created_at_idx\` ON \`agreements\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_kv\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`data\` text NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_kv\`("id", "key", "data") SELECT "id", "key", "data" FROM \`payload_kv\`;`)
  await db.run(sql`DROP TABLE \`payload_kv\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_kv\` RENAME TO \`payload_kv\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`payload_kv_key_idx\` ON \`payload_kv\` (\`key\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_jobs\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`input\` text,
  	\`completed_at\` text,
  	\`total_tried\` numeric DEFAULT 0,
  	\`has_error\` integer DEFAULT false,
  	\`error\` text,
  	\`task_slug\` text,
  	\`queue\` text DEFAULT 'default',
  	\`wait_until\` text,
  	\`processing\` integer DEFAULT false,
  	\`meta\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_jobs\`("id", "input", "completed_at", "total_tried", "has_error", "error", "task_slug", "queue", "wait_until", "processing", "meta", "updated_at", "created_at") SELECT "id", "input", "completed_at", "total_tried", "has_error", "error", "task_slug", "queue", "wait_until", "processing", "meta", "updated_at", "created_at" FROM \`payload_jobs\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_jobs\` RENAME TO \`payload_jobs\`;`)
  await db.run(sql`CREATE INDEX \`payload_jobs_completed_at_idx\` ON \`payload_jobs\` (\`completed_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_total_tried_idx\` ON \`payload_jobs\` (\`total_tried\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_has_error_idx\` ON \`payload_jobs\` (\`has_error\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_task_slug_idx\` ON \`payload_jobs\` (\`task_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_queue_idx\` ON \`payload_jobs\` (\`queue\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_wait_until_idx\` ON \`payload_jobs\` (\`wait_until\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_processing_idx\` ON \`payload_jobs\` (\`processing\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_updated_at_idx\` ON \`payload_jobs\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_created_at_idx\` ON \`payload_jobs\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`global_slug\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents\`("id", "global_slug", "updated_at", "created_at") SELECT "id", "global_slug", "updated_at", "created_at" FROM \`payload_locked_documents\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents\` RENAME TO \`payload_locked_documents\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_global_slug_idx\` ON \`payload_locked_documents\` (\`global_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_updated_at_idx\` ON \`payload_locked_documents\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_created_at_idx\` ON \`payload_locked_documents\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_preferences\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text,
  	\`value\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_preferences\`("id", "key", "value", "updated_at", "created_at") SELECT "id", "key", "value", "updated_at", "created_at" FROM \`payload_preferences\`;`)
  await db.run(sql`DROP TABLE \`payload_preferences\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_preferences\` RENAME TO \`payload_preferences\`;`)
  await db.run(sql`CREATE INDEX \`payload_preferences_key_idx\` ON \`payload_preferences\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_updated_at_idx\` ON \`payload_preferences\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_created_at_idx\` ON \`payload_preferences\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_migrations\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text,
  	\`batch\` numeric,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_migrations\`("id", "name", "batch", "updated_at", "created_at") SELECT "id", "name", "batch", "updated_at", "created_at" FROM \`payload_migrations\`;`)
  await db.run(sql`DROP TABLE \`payload_migrations\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_migrations\` RENAME TO \`payload_migrations\`;`)
  await db.run(sql`CREATE INDEX \`payload_migrations_updated_at_idx\` ON \`payload_migrations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_migrations_created_at_idx\` ON \`payload_migrations\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_jobs_stats\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`stats\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_jobs_stats\`("id", "stats", "updated_at", "created_at") SELECT "id", "stats", "updated_at", "created_at" FROM \`payload_jobs_stats\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs_stats\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_jobs_stats\` RENAME TO \`payload_jobs_stats\`;`)
  await db.run(sql`COMMIT;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
}
