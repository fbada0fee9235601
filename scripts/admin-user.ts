/**
 * `npm run admin:user -- <e-post>`: makes a staff user of the workshop's app
 * on the server, with the app's own settings (admin/settings.ts, the same
 * environment `npm run admin` reads) on its database, migrated first. This is
 * how a public host gets its first employee (the plugin refuses
 * first-register there, payload/staff.ts), and how a forgotten password is
 * set again.
 *
 * The password is typed in the terminal twice, without echo; with no
 * terminal it is ADMIN_PASSWORD; with neither, nothing is done. It has at least
 * MIN_STAFF_PASSWORD_LENGTH characters. A user with that e-mail gets the new
 * password (and is unlocked), and the script says so. What it prints is
 * Norwegian, for whoever runs it. Exit codes: 0 done, 2 a wrong argument or
 * password (nothing stored), 1 the settings or the database failed.
 */
import fs from "node:fs";
import type { Payload } from "payload";
import { readSettings } from "../admin/settings";

const USAGE =
  "Bruk: npm run admin:user -- <e-post>   (passordet skrives inn når du blir spurt, eller ADMIN_PASSWORD uten terminal)";

/** Ends the script with `code` after printing `message` to standard error. */
function stop(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

/** What was typed after the last line read, kept for the next one. */
let typedAhead = "";

/** One line typed in the terminal, not shown; Ctrl+C ends the script. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let answer = "";
    const take = (chunk: string): boolean => {
      const chars = [...chunk];
      for (const [index, char] of chars.entries()) {
        if (char === "\u0003") {
          done();
          stop(130, "Avbrutt: ingenting er lagret.");
        }
        if (char === "\r" || char === "\n" || char === "\u0004") {
          // a line ends at \r, \n or \r\n
          const rest = chars.slice(index + 1).join("");
          typedAhead = char === "\r" && rest.startsWith("\n") ? rest.slice(1) : rest;
          done();
          resolve(answer);
          return true;
        }
        answer = char === "\u007f" || char === "\b" ? [...answer].slice(0, -1).join("") : answer + char;
      }
      return false;
    };
    const onData = (chunk: string) => void take(chunk);
    const done = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const ahead = typedAhead;
    typedAhead = "";
    if (take(ahead)) return;
    stdin.on("data", onData);
    stdin.resume();
  });
}

async function readPassword(minLength: number): Promise<string> {
  if (!process.stdin.isTTY) {
    const given = process.env.ADMIN_PASSWORD;
    if (given) return given;
    stop(2, `Ingen terminal å skrive passordet i: sett ADMIN_PASSWORD.\n${USAGE}`);
  }
  const password = await askHidden(`Passord (minst ${minLength} tegn): `);
  if (password !== (await askHidden("Det samme passordet en gang til: "))) {
    stop(2, "Passordene er ikke like. Ingenting er lagret.");
  }
  return password;
}

/** Makes the user or sets its password; ends the process with the exit code above. */
async function main(): Promise<never> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]!.includes("@")) stop(2, USAGE);
  const email = args[0]!.trim().toLowerCase();
  // ES modules, so imported here: this script runs as CommonJS
  const { getPayload, ValidationError } = await import("payload");
  const { MIN_STAFF_PASSWORD_LENGTH, SHORT_PASSWORD_MESSAGE } = await import("../payload/staff");
  const { workshopConfig } = await import("../admin/config");
  const { migrate } = await import("../admin/migrate");
  const password = await readPassword(MIN_STAFF_PASSWORD_LENGTH);
  if ([...password].length < MIN_STAFF_PASSWORD_LENGTH) stop(2, `${SHORT_PASSWORD_MESSAGE} Ingenting er lagret.`);

  let payload: Payload | undefined;
  let code = 0;
  try {
    const settings = readSettings();
    if (settings.database.kind === "sqlite") fs.mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
    const config = await workshopConfig(settings, { logLevel: "error" });
    payload = await getPayload({ config, key: `admin-user-${Date.now()}` });
    await migrate(payload, settings);

    const collection = config.admin.user as "users";
    const found = await payload.find({
      collection,
      where: { email: { equals: email } },
      limit: 1,
      overrideAccess: true,
    });
    const user = found.docs[0];
    const login = `${settings.serverURL}/admin`;
    if (user) {
      await payload.update({ collection, id: user.id, data: { password }, overrideAccess: true });
      await payload.unlock({ collection, data: { email, password }, overrideAccess: true });
      console.log(`${email} fantes fra før: passordet er byttet. Logg inn på ${login}`);
    } else {
      await payload.create({ collection, data: { email, password }, overrideAccess: true });
      console.log(`Ansatt ${email} er laget. Logg inn på ${login}`);
    }
  } catch (error) {
    if (error instanceof ValidationError) {
      const { errors } = error.data as { errors: { message: string; path: string }[] };
      console.error(`Ikke lagret: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`);
      code = 2;
    } else {
      console.error(`Ikke lagret: ${error instanceof Error ? error.message : String(error)}`);
      code = 1;
    }
  } finally {
    await payload?.destroy().catch(() => undefined);
  }
  process.exit(code);
}

void main();
