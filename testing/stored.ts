/**
 * What the workshop's Payload stored, read straight from its SQLite database
 * in a data folder (`npm start`'s, `npm run admin`'s), for the tests: the
 * quotes with their photos' file names, the bookings, and where each photo's
 * file lies. Read-only; the server may be running meanwhile.
 */
import fs from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";

export interface StoredQuote {
  id: number;
  regNumber: string;
  email: string;
  phone: string;
  message: string | null;
  userId: string | null;
  status: string;
  /** each damage's photos, by file name, in order */
  damages: string[][];
  /** the car Statens vegvesen named, or why not (`unknown`, `unavailable`); null when nothing was looked up */
  vehicle: { lookup: string; make: string | null; model: string | null; colour: string | null } | null;
}

export interface StoredBooking {
  id: number;
  email: string;
  phone: string;
  message: string | null;
  status: string;
}

export const databaseFile = (dataDir: string) => path.join(dataDir, "payload.db");
export const photoFile = (dataDir: string, filename: string) => path.join(dataDir, "media", filename);

async function reading<T>(dataDir: string, read: (db: Client) => Promise<T>, none: T): Promise<T> {
  if (!fs.existsSync(databaseFile(dataDir))) return none;
  const db = createClient({ url: `file:${databaseFile(dataDir)}` });
  try {
    return await read(db);
  } finally {
    db.close();
  }
}

/** Every quote stored, oldest first. */
export function storedQuotes(dataDir: string): Promise<StoredQuote[]> {
  return reading(
    dataDir,
    async (db) => {
      const quotes = await db.execute(
        "SELECT id, reg_number, email, phone, message, user_id, status, vehicle_lookup, vehicle_make, vehicle_model, vehicle_colour FROM inquiries ORDER BY id",
      );
      const photos = await db.execute(
        "SELECT r.parent_id, r.path, r.`order`, m.filename FROM inquiries_rels r JOIN media m ON m.id = r.media_id ORDER BY r.parent_id, r.path, r.`order`",
      );
      return quotes.rows.map((row) => {
        const damages: string[][] = [];
        for (const photo of photos.rows.filter((p) => p.parent_id === row.id)) {
          const index = Number(/^damages\.(\d+)\.photos$/.exec(String(photo.path))?.[1]);
          (damages[index] ??= []).push(String(photo.filename));
        }
        return {
          id: Number(row.id),
          regNumber: String(row.reg_number),
          email: String(row.email),
          phone: String(row.phone),
          message: row.message === null ? null : String(row.message),
          userId: row.user_id === null ? null : String(row.user_id),
          status: String(row.status),
          damages: Array.from(damages, (d) => d ?? []),
          vehicle:
            row.vehicle_lookup === null
              ? null
              : {
                  lookup: String(row.vehicle_lookup),
                  make: row.vehicle_make === null ? null : String(row.vehicle_make),
                  model: row.vehicle_model === null ? null : String(row.vehicle_model),
                  colour: row.vehicle_colour === null ? null : String(row.vehicle_colour),
                },
        };
      });
    },
    [],
  );
}

/** Every booking stored, oldest first. */
export function storedBookings(dataDir: string): Promise<StoredBooking[]> {
  return reading(
    dataDir,
    async (db) =>
      (await db.execute("SELECT id, email, phone, message, status FROM contact ORDER BY id")).rows.map((row) => ({
        id: Number(row.id),
        email: String(row.email),
        phone: String(row.phone),
        message: row.message === null ? null : String(row.message),
        status: String(row.status),
      })),
    [],
  );
}

/** A booking's time as stored: its Oslo day and drop-off time, and whether the early-start box was ticked. */
export interface StoredBookingTime {
  email: string;
  day: string | null;
  dropOff: string | null;
  earlyStart: boolean;
  /** cancelled through its link */
  cancelled: boolean;
}

/** Every booking's time (null fields for a booking without one). */
export function storedBookingTimes(dataDir: string): Promise<StoredBookingTime[]> {
  return reading(
    dataDir,
    async (db) =>
      (
        await db.execute(
          "SELECT email, time_day, time_drop_off, time_early_start, time_cancelled_at FROM contact ORDER BY id",
        )
      ).rows.map((row) => ({
        email: String(row.email),
        day: row.time_day === null ? null : String(row.time_day),
        dropOff: row.time_drop_off === null ? null : String(row.time_drop_off),
        earlyStart: Boolean(row.time_early_start),
        cancelled: row.time_cancelled_at !== null,
      })),
    [],
  );
}

/** The file names of every photo stored. */
export function storedPhotoNames(dataDir: string): Promise<string[]> {
  return reading(
    dataDir,
    async (db) => (await db.execute("SELECT filename FROM media ORDER BY id")).rows.map((row) => String(row.filename)),
    [],
  );
}
