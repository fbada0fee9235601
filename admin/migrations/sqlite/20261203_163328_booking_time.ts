import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_day\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_drop_off\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_at\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_services\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_size\` text;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_hours\` numeric;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_price\` numeric;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_early_start\` integer;`)
  await db.run(sql`ALTER TABLE \`contact\` ADD \`time_holder\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_day\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_drop_off\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_at\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_services\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_size\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_hours\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_price\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_early_start\`;`)
  await db.run(sql`ALTER TABLE \`contact\` DROP COLUMN \`time_holder\`;`)
}
