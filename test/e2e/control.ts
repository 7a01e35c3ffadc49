/** The harness end of the protocol: a small HTTP server on loopback that the suite calls. */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metric, SessionInfo, TestResult, UiAction, UiReply } from './protocol';

export interface ControlHandlers {
  session(): SessionInfo;
  begin(name: string): void;
  result(r: TestResult): void;
  metric(m: Metric): void;
  ui(a: UiAction): Promise<UiReply>;
}

export interface ControlServer {
  url: string;
  close(): void;
}

export function startControl(h: ControlHandlers): Promise<ControlServer> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', async () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      try {
        const data = body ? JSON.parse(body) : undefined;
        switch (`${req.method} ${req.url}`) {
          case 'GET /session':
            return send(200, h.session());
          case 'POST /begin':
            h.begin(String(data.name));
            return send(200, {});
          case 'POST /result':
            h.result(data as TestResult);
            return send(200, {});
          case 'POST /metric':
            h.metric(data as Metric);
            return send(200, {});
          case 'POST /ui':
            return send(200, await h.ui(data as UiAction));
          default:
            return send(404, { error: `no route ${req.method} ${req.url}` });
        }
      } catch (err) {
        send(500, { error: (err as Error).message });
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}
