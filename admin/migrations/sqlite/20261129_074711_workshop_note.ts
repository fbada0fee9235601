import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`workshop_note\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`workshop_note\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`workshop_note\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`workshop_note\`;`)
}
