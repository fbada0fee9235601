/**
 * A multipart upload whose body is cut off in a part, or whose `_payload` is
 * not JSON, is the client's fault: 400 with a Norwegian message, nothing
 * stored, and the next upload is taken (../request-errors.ts), on a real
 * Payload over HTTP. A database whose disk is full is 507.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import type { PayloadRequest } from "payload";
import sharp from "sharp";
import { MEDIA_PATH, MEDIA_QUERY } from "../../lib/api/schemas";
import { CUT_BODY_TYPE, cutBodies } from "../../testing/cut-bodies";
import { answerKnownErrors } from "../request-errors";
import { startAdminHost, upload, type AdminHost } from "./harness";

let host: AdminHost;
before(async () => {
  host = await startAdminHost({});
});
after(() => host?.close());

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
const siteName = () => `img_${randomBytes(16).toString("hex")}.jpg`;

test("a multipart upload cut off in its file or its _payload, or with a _payload not JSON, is 400 and stores nothing", async () => {
  const photo = await jpeg();
  for (const [what, body] of Object.entries(cutBodies(photo, siteName()))) {
    const answer = await fetch(`${host.origin}${MEDIA_PATH}?${MEDIA_QUERY}`, {
      method: "POST",
      headers: { "Content-Type": CUT_BODY_TYPE },
      body: new Uint8Array(body),
    });
    const text = await answer.text();
    assert.equal(answer.status, 400, `${what}: ${text}`);
    assert.match(text, /ufullstendig|ikke JSON/, what);
  }
  assert.equal((await host.payload.count({ collection: "media", overrideAccess: true })).totalDocs, 0);
  assert.equal((await upload(host, photo, siteName())).status, 201);
});

test("a database whose disk is full is 507 with Retry-After, not a bare 500", async () => {
  const req = { headers: new Headers() } as unknown as PayloadRequest;
  // as the query builder wraps the driver's error
  const error = new Error("Failed query: insert into media …", { cause: new Error("database or disk is full") });
  const answer = await answerKnownErrors({ error, req, context: {}, result: {} } as never);
  assert.equal(answer?.status, 507);
  assert.match(JSON.stringify(answer?.response), /ikke plass til å lagre/);
  assert.equal(req.responseHeaders?.get("retry-after"), "60");
  // any other error is left as it is
  assert.equal(await answerKnownErrors({ error: new Error("noe annet"), req, context: {} } as never), undefined);
});
