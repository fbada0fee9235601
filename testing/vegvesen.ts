/**
 * A local stand-in for Statens vegvesen's vehicle register
 * (`GET …/enkeltoppslag/kjoretoydata?kjennemerke=<plate>` with the header
 * `SVV-Authorization: Apikey <key>`), for the plugin's tests, the browser
 * tests and the bench. It answers as the service does: the car in its
 * documented shape, 204 for a plate it does not know, 403 for a wrong or
 * missing key. Some plates play the service's bad days (PLATES), and every
 * answer can be made to wait (`delayMs`). It keeps the plates it was asked
 * for, which `GET /calls` also returns, so a test in another process can
 * count them (`POST /calls/reset` forgets them).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The path the service answers at; the stand-in answers at the same one. */
export const SERVICE_PATH = "/enkeltoppslag/kjoretoydata";

/** Plates with a known answer: a car, no such car, or the service failing in one way. */
export const PLATES = {
  /** Volkswagen Golf, grå, first registered 2017-03-01, EU-kontroll by 2027-03-31 */
  golf: "EK39085",
  /** Tesla Model Y, hvit, 2022, no EU-kontroll deadline yet */
  tesla: "EL12345",
  /** BMW X5, svart, 2019 */
  bmw: "BT40000",
  /** not in the register: 204 */
  unknown: "AB12345",
  /** 429: the key's quota is spent */
  quotaSpent: "TT42900",
  /** 500 */
  down: "FE50000",
  /** the answer comes after SLOW_MS */
  slow: "SL30000",
  /** 302 to another path of the stand-in (REDIRECT_PATH), which counts the keys it is sent */
  redirected: "RD30200",
} as const;

/** Where the redirected plate's answer points; a look-up that follows it arrives here. */
export const REDIRECT_PATH = "/videresendt";

/** Every plate of `VW` and five digits is a Volkswagen Golf like PLATES.golf, for a measure that needs new plates. */
export const GOLF_SERIES = /^VW\d{5}$/;

/** How long the slow plate's answer takes. */
export const SLOW_MS = 10_000;

interface Car {
  plate: string;
  make: string;
  model: string;
  colour: string;
  firstRegistered: string;
  euControlDeadline?: string;
}

const CARS: Record<string, Car> = {
  [PLATES.golf]: {
    plate: "EK 39085",
    make: "VOLKSWAGEN",
    model: "GOLF",
    colour: "Grå",
    firstRegistered: "2017-03-01",
    euControlDeadline: "2027-03-31",
  },
  [PLATES.tesla]: { plate: "EL 12345", make: "TESLA", model: "MODEL Y", colour: "Hvit", firstRegistered: "2022-06-15" },
  [PLATES.bmw]: {
    plate: "BT 40000",
    make: "BMW",
    model: "X5",
    colour: "Svart",
    firstRegistered: "2019-09-02",
    euControlDeadline: "2026-09-30",
  },
  [PLATES.slow]: {
    plate: "SL 30000",
    make: "TOYOTA",
    model: "COROLLA",
    colour: "Rød",
    firstRegistered: "2015-05-20",
    euControlDeadline: "2027-05-31",
  },
};

/** A car in the service's answer shape, with the parts around it a real answer has. */
export function answerFor(car: Car) {
  return {
    kjoretoydataListe: [
      {
        kjoretoyId: { kjennemerke: car.plate, understellsnummer: "WVWZZZAUZHW000001" },
        forstegangsregistrering: { registrertForstegangNorgeDato: car.firstRegistered },
        kjennemerke: [
          {
            fomTidspunkt: `${car.firstRegistered}T00:00:00+01:00`,
            kjennemerke: car.plate,
            kjennemerkekategori: "KJORETOY",
            kjennemerketype: { kodeBeskrivelse: "Sorte tegn på hvit bunn", kodeNavn: "Ordinære kjennemerker" },
          },
        ],
        registrering: { registreringsstatus: { kodeVerdi: "REGISTRERT", kodeBeskrivelse: "Registrert" } },
        godkjenning: {
          tekniskGodkjenning: {
            tekniskeData: {
              generelt: {
                handelsbetegnelse: [car.model],
                merke: [{ merke: car.make, merkeKode: "5750" }],
                typebetegnelse: "AU",
              },
              karosseriOgLasteplan: {
                antallDorer: [5],
                rFarge: [{ kodeBeskrivelse: car.colour, kodeNavn: car.colour, kodeVerdi: "05" }],
              },
            },
          },
        },
        ...(car.euControlDeadline
          ? { periodiskKjoretoyKontroll: { kontrollfrist: car.euControlDeadline, sistGodkjent: "2025-03-14" } }
          : {}),
      },
    ],
  };
}

export interface Vegvesen {
  /** the service's address, for SVV_API_URL */
  url: string;
  /** the key it takes, for SVV_API_KEY */
  key: string;
  port: number;
  /** the plates asked for, in order, each as sent */
  calls: string[];
  /** the SVV-Authorization headers that arrived at REDIRECT_PATH (a look-up that followed a redirect) */
  redirectedKeys: string[];
  /** every answer waits this long first */
  delayMs: number;
  stop(): Promise<void>;
}

export interface VegvesenOptions {
  key?: string;
  /** 0 (the default): a free port */
  port?: number;
}

export async function startVegvesen({
  key = "test-key-not-secret",
  port = 0,
}: VegvesenOptions = {}): Promise<Vegvesen> {
  const sockets = new Set<import("node:net").Socket>();
  const standIn: Vegvesen = {
    url: "",
    key,
    port: 0,
    calls: [],
    redirectedKeys: [],
    delayMs: 0,
    stop: async () => {},
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (url.pathname === "/calls" && req.method === "GET") return json(200, { calls: standIn.calls });
    if (url.pathname === "/calls/reset" && req.method === "POST") {
      standIn.calls.length = 0;
      return json(204);
    }
    if (url.pathname === REDIRECT_PATH) {
      standIn.redirectedKeys.push(String(req.headers["svv-authorization"] ?? ""));
      return json(200, answerFor(CARS[PLATES.golf]!));
    }
    if (url.pathname !== SERVICE_PATH || req.method !== "GET") return json(404, { feilmelding: "Ukjent adresse" });
    const plate = url.searchParams.get("kjennemerke") ?? "";
    standIn.calls.push(plate);
    if (req.headers["svv-authorization"] !== `Apikey ${key}`) {
      return json(403, { feilmelding: "Ugyldig API-nøkkel" });
    }
    const wait = standIn.delayMs + (plate === PLATES.slow ? SLOW_MS : 0);
    setTimeout(() => {
      if (res.destroyed) return;
      if (plate === PLATES.quotaSpent) return json(429, { feilmelding: "Kvoten er brukt opp" });
      if (plate === PLATES.down) return json(500, { feilmelding: "Intern feil" });
      if (plate === PLATES.redirected) {
        res.writeHead(302, { Location: `${REDIRECT_PATH}?kjennemerke=${plate}` });
        return res.end();
      }
      const car = CARS[plate] ?? (GOLF_SERIES.test(plate) ? { ...CARS[PLATES.golf]!, plate } : undefined);
      return car ? json(200, answerFor(car)) : json(204);
    }, wait);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  standIn.port = (server.address() as AddressInfo).port;
  standIn.url = `http://127.0.0.1:${standIn.port}${SERVICE_PATH}`;
  standIn.stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}
