/**
 * Zod for code that runs in the browser. Zod 4 probes `Function("")` once to pick a
 * faster parser; the site's Content Security Policy forbids eval, so the probe would
 * show up as a policy violation on every page that parses. Parse without it.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
