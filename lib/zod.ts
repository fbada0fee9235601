/**
 * Zod for code that runs in the browser: import this module once, for its side
 * effect, next to `import * as z from "zod/mini"`. Zod 4 probes `Function("")` once to
 * pick a faster parser; the site's Content Security Policy forbids eval, so the
 * probe would show up as a policy violation on every page that parses.
 *
 * (It does not re-export `z`: passing the namespace on as a value keeps every
 * zod export in the bundle of every page that parses.)
 */
import { config } from "zod/mini";

config({ jitless: true });
