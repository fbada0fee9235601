/**
 * A pass-through in front of the preview server that adds one thing to each
 * answer's Content-Security-Policy: `report-uri`, pointing back at itself, so
 * a violation in any engine (in the page or its worker, before any script of
 * ours could listen) is reported to the suite. Everything else, the policy
 * included, is the preview server's answer as it is, except requests a flow
 * holds back (`hold`): those get no answer at all, as on a connection that
 * stalls, until the page that asked goes away.
 *
 * The engines run at once behind this one proxy, on one origin (the one the
 * preview server's Payload names photos by). Each engine is a lane of its own
 * (`lane`), told apart by its browser's User-Agent, which its pages, workers
 * and violation reports all send: a lane's violations are its engine's only,
 * and a lane holds back its engine's requests only. A report from a browser
 * no lane claims goes to every lane, so that no violation is lost.
 *
 * It also serves an empty page of its own at BLANK_PATH, on the site's origin
 * without the site, where the suite reads what a fresh page has stored.
 */
import http from "node:http";

export const REPORT_PATH = "/__engines/csp-report";
export const BLANK_PATH = "/__engines/blank";

/** What the proxy keeps for one engine. */
export interface ProxyLane {
  /** the CSP violations its browser reported, oldest first */
  violations: string[];
  /** from now on, its browser's requests whose path matches get no answer; `undefined` answers all again */
  hold(path: RegExp | undefined): void;
}

export interface ReportProxy {
  origin: string;
  /** the lane of the browser that sends this User-Agent; throws when another lane has it */
  lane(userAgent: string): ProxyLane;
  close(): Promise<void>;
}

function violationOf(body: string): string {
  try {
    const report = (JSON.parse(body) as { "csp-report"?: Record<string, string> })["csp-report"] ?? {};
    return `${report["document-uri"]}: ${report["effective-directive"] ?? report["violated-directive"]} blocked ${report["blocked-uri"]}`;
  } catch {
    return body.slice(0, 200);
  }
}

interface LaneState extends ProxyLane {
  held: RegExp | undefined;
}

export function startReportProxy(target: string, port: number): Promise<ReportProxy> {
  const upstream = new URL(target);
  const lanes = new Map<string, LaneState>();
  const server = http.createServer((request, response) => {
    const lane = lanes.get(request.headers["user-agent"] ?? "");
    if (lane?.held?.test(request.url ?? "")) return;
    if (request.url === REPORT_PATH && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        for (const each of lane ? [lane] : lanes.values()) each.violations.push(violationOf(body));
        response.writeHead(204).end();
      });
      return;
    }
    if (request.url === BLANK_PATH) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end("<!doctype html><title>blank</title>");
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        const csp = headers["content-security-policy"];
        if (typeof csp === "string") headers["content-security-policy"] = `${csp}; report-uri ${REPORT_PATH}`;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    forward.on("error", () => response.writeHead(502).end());
    request.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      resolve({
        origin: `http://127.0.0.1:${port}`,
        lane: (userAgent) => {
          if (lanes.has(userAgent)) throw new Error(`two engines send the same User-Agent: ${userAgent}`);
          const state: LaneState = {
            held: undefined,
            violations: [],
            hold: (path) => void (state.held = path),
          };
          lanes.set(userAgent, state);
          return state;
        },
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections(); // held requests too
          }),
      });
    });
  });
}
