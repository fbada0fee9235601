/**
 * A case number names one case for good: on the workshop app's SQLite, the
 * migration that makes every id AUTOINCREMENT keeps every row and every
 * link between rows, and the next case takes a number after every case and
 * agreement there has been, the deleted newest case's included.
 * (PostgreSQL's ids come from sequences, which never give a number twice.)
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { getPayload, type Migration } from "payload";
import { workshopConfig } from "../../admin/config";
import { migrations } from "../../admin/migrations/sqlite";
import { readSettings } from "../../admin/settings";

const AUTOINCREMENT = "20261202_130559_autoincrement";

test("on SQLite, the migration keeps every case and photo, and a deleted case's number is never given again", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "case-numbers-"));
  const settings = readSettings({ PREVIEW_DATA_DIR: dataDir });
  const config = await workshopConfig(settings, { logLevel: "error", env: {} });
  const payload = await getPayload({ config, key: `case-numbers-${Date.now()}` });
  const all = migrations as unknown as Migration[];
  const at = all.findIndex((migration) => migration.name === AUTOINCREMENT);
  try {
    // the data as it stood before the migration: three cases, the newest deleted, and an agreement of case 5
    await payload.db.migrate({ migrations: all.slice(0, at) });
    const photo = await payload.db.create({
      collection: "media",
      data: { filename: "img_0123456789abcdef0123456789abcdef.jpg", mimeType: "image/jpeg", width: 1, height: 1 },
    });
    const quote = (email: string) =>
      payload.db.create({
        collection: "inquiries",
        data: {
          regNumber: "EL12345",
          email,
          phone: "+47 912 34 567",
          status: "NEW",
          // the array row's id, as Payload's own create gives it
          damages: [{ id: randomBytes(12).toString("hex"), photos: [photo.id] }],
        },
      });
    const first = await quote("en@eksempel.no");
    await quote("to@eksempel.no");
    const newest = await quote("tre@eksempel.no");
    await payload.db.deleteOne({ collection: "inquiries", where: { id: { equals: newest.id } } });
    await payload.db.create({
      collection: "agreements",
      data: {
        caseNumber: "5",
        regNumber: "EL12345",
        name: "Kari Nordmann",
        email: "kari@eksempel.no",
        version: 1,
        priceType: "fixed",
        lines: [{ id: randomBytes(12).toString("hex"), description: "Bulk", amountNok: 3500 }],
        totalNok: 3500,
        chosenTime: "2027-01-05T08:30:00.000Z",
        acceptedAt: "2026-12-01T10:00:00.000Z",
        confirmation: "Bekreftelse",
      },
    });

    await payload.db.migrate({ migrations: all });

    const kept = await payload.findByID({ collection: "inquiries", id: first.id, depth: 1, overrideAccess: true });
    assert.equal(kept.email, "en@eksempel.no");
    assert.deepEqual(
      kept.damages.map((damage) => damage.photos.map((p) => (typeof p === "object" ? p.filename : p))),
      [["img_0123456789abcdef0123456789abcdef.jpg"]],
      "a case keeps its photos",
    );
    assert.equal((await payload.count({ collection: "inquiries", overrideAccess: true })).totalDocs, 2);
    assert.equal((await payload.count({ collection: "agreements", overrideAccess: true })).totalDocs, 1);

    const next = await quote("fire@eksempel.no");
    assert.equal(next.id, 6, "after case 5 of the agreement, not the deleted case's 3");
    await payload.db.deleteOne({ collection: "inquiries", where: { id: { equals: next.id } } });
    assert.equal((await quote("fem@eksempel.no")).id, 7);
  } finally {
    await payload.destroy();
  }
});
