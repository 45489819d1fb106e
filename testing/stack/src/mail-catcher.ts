/**
 * The local mail catcher: a real SMTP server that keeps every mail it is given and sends nothing on, with an inbox
 * page. `npm start` and `npm run dev` run it on the gateway's port + 5 (SMTP) and + 6 (inbox), and the integration
 * tests send through one of their own and read the mails back.
 *
 *   GET /            the inbox as a simple HTML list, newest first (JSON when asked with Accept: application/json)
 *   GET /mails.json  the inbox as JSON, newest first
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  from: string;
  /** Every envelope recipient. */
  to: string[];
  subject: string;
  text: string;
  /** The headers the sender added, lower-case names (e.g. `x-kassa-notice`). */
  headers: Record<string, string>;
  receivedAt: string;
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  /** nodemailer's URL of the SMTP side. */
  smtpUrl: string;
  inboxUrl: string;
  /** What arrived, oldest first. */
  mails: CaughtMail[];
  /** Resolves with the first mail (already here or still to come) that `match` accepts. */
  next(match: (mail: CaughtMail) => boolean): Promise<CaughtMail>;
  close(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? ''));

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function inboxPage(mails: CaughtMail[]): string {
  const rows = [...mails]
    .reverse()
    .map(
      (m) =>
        `<li><p><strong>${escape(m.subject)}</strong><br>to ${escape(m.to.join(', '))}, from ${escape(m.from)}, ${escape(m.receivedAt)}</p><pre>${escape(m.text)}</pre></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kassa mail catcher</title>
<style>body{font:15px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd;list-style:none}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}</style></head>
<body><h1>Mail caught locally (${mails.length})</h1><p>Nothing here left this machine. <a href="/mails.json">JSON</a></p><ul>${rows || '<li>No mail yet.</li>'}</ul></body></html>`;
}

/** Starts the catcher; port 0 (the default) picks free ports. */
export async function startMailCatcher(opts: { smtpPort?: number; httpPort?: number; host?: string } = {}): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  const waiting: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    // Plain and open: it listens on this machine only, and a sender's STARTTLS with a made-up certificate would fail.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Kassa mail catcher: nothing leaves this machine',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const [name, value] of parsed.headers) if (typeof value === 'string') headers[name.toLowerCase()] = value;
          const mail: CaughtMail = {
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : addresses(parsed.from)[0] ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').replace(/\n$/, ''),
            headers,
            receivedAt: new Date().toISOString(),
          };
          // Kept before the sender hears "250 OK": once its sendMail resolves, the mail is in the inbox.
          mails.push(mail);
          for (const w of [...waiting]) {
            if (w.match(mail)) {
              waiting.splice(waiting.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const newestFirst = [...mails].reverse();
    if (req.method !== 'GET') {
      res.writeHead(405).end();
    } else if (req.url === '/mails.json' || (req.url === '/' && /application\/json/.test(req.headers.accept ?? ''))) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(newestFirst));
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(inboxPage(mails));
    } else {
      res.writeHead(404).end();
    }
  });

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.httpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl: `http://${host === '127.0.0.1' ? 'localhost' : host}:${httpPort}/`,
    mails,
    next(match) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
