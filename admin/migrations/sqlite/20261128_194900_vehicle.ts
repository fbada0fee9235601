import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_lookup\` text;`)
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_make\` text;`)
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_model\` text;`)
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_colour\` text;`)
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_plate\` text;`)
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_first_registered\` text;`)
  await db.run(sql`ALTER TABLE \`inquiries\` ADD \`vehicle_eu_control_deadline\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_lookup\`;`)
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_make\`;`)
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_model\`;`)
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_colour\`;`)
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_plate\`;`)
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_first_registered\`;`)
  await db.run(sql`ALTER TABLE \`inquiries\` DROP COLUMN \`vehicle_eu_control_deadline\`;`)
}
