/**
 * `npm start` answers a multipart upload cut off in a part, or with a
 * `_payload` that is not JSON, as the workshop's Payload does: 400, the
 * client's fault, nothing stored, and no error in the log.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { CUT_BODY_TYPE, cutBodies } from "../../testing/cut-bodies";
import { jpeg, shareableBase, startServer, upload, type Harness } from "./harness";

let h: Harness;
before(async () => {
  h = await startServer();
});
after(() => h?.close());

test("a multipart upload cut off in its file or its _payload, or with a _payload not JSON, is 400", async () => {
  const photo = await jpeg();
  for (const [what, body] of Object.entries(cutBodies(photo, `${shareableBase()}.jpg`))) {
    const answer = await fetch(`http://127.0.0.1:${h.port}/api/media?depth=0&fallback-locale=null`, {
      method: "POST",
      headers: { "Content-Type": CUT_BODY_TYPE },
      body: new Uint8Array(body),
    });
    assert.equal(answer.status, 400, `${what}: ${await answer.text()}`);
  }
  assert.equal((await h.backend.payload.count({ collection: "media", overrideAccess: true })).totalDocs, 0);
  assert.equal((await upload(`http://127.0.0.1:${h.port}`, photo, `${shareableBase()}.jpg`)).status, 201);
  assert.deepEqual(
    h.logLines.filter((line) => /^error at/.test(line)),
    [],
  );
});
