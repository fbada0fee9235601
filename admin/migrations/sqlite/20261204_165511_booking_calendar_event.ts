import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_uid\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_sequence\` numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_uid\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_sequence\`;`)
}
