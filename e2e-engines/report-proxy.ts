/**
 * A pass-through in front of the preview server that adds one thing to each
 * answer's Content-Security-Policy: `report-uri`, pointing back at itself, so
 * a violation in any engine (in the page or its worker, before any script of
 * ours could listen) is reported to the suite. Everything else, the policy
 * included, is the preview server's answer as it is, except requests a flow
 * holds back (`hold`): those get no answer at all, as on a connection that
 * stalls, until the page that asked goes away.
 */
import http from "node:http";

export const REPORT_PATH = "/__engines/csp-report";

export interface ReportProxy {
  origin: string;
  violations: string[];
  /** from now on, requests whose path matches get no answer; `undefined` answers all again */
  hold(path: RegExp | undefined): void;
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

export function startReportProxy(target: string, port: number): Promise<ReportProxy> {
  const violations: string[] = [];
  const upstream = new URL(target);
  let held: RegExp | undefined;
  const server = http.createServer((request, response) => {
    if (held?.test(request.url ?? "")) return;
    if (request.url === REPORT_PATH && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        violations.push(violationOf(body));
        response.writeHead(204).end();
      });
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
        violations,
        hold: (path) => void (held = path),
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections(); // held requests too
          }),
      });
    });
  });
}
