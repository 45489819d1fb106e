import { generateKeyPairSync, createSign, createVerify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSoapResult, SepayTerminal } from './sepay-terminal';

const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: { export: (o: { type: 'pkcs1' | 'spki'; format: 'pem' }) => string | Buffer }, type: 'pkcs1' | 'spki') => String(k.export({ type, format: 'pem' }));

interface Received {
  operation: string;
  fields: Record<string, string>;
  signatureValid: boolean;
}

/** A WECR endpoint that checks our signatures and answers what the test scripted, signed with "SEPay's" key. */
function fakeWecr() {
  const received: Received[] = [];
  const script: Record<string, Record<string, string>[]> = { StartTransaction: [], GetTransactionStatus: [] };
  let forgeSignature = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const operation = /soap:Body><(\w+)/.exec(body)![1]!;
      const fields = readSoapResult(body.replace(`<${operation} `, `<${operation}Result `).replace(`</${operation}>`, `</${operation}Result>`), `${operation}Result`);
      const signed =
        operation === 'StartTransaction'
          ? ['key_index', 'version', 'login', 'sid', 'transactionref', 'merchantref', 'amount', 'callbackurl']
          : ['key_index', 'version', 'login', 'sid', 'transactionref', 'timeout'];
      const signatureValid = createVerify('RSA-SHA256')
        .update(signed.map((f) => fields[f] ?? '').join(';'))
        .verify(ours.publicKey, fields.signature ?? '', 'base64');
      received.push({ operation, fields, signatureValid });
      const answer = { key_index: '0', version: '2', login: fields.login!, sid: fields.sid!, transactionref: fields.transactionref!, merchantref: 'm', amount: '12.5', ...script[operation]!.shift() };
      const order =
        operation === 'StartTransaction'
          ? ['key_index', 'version', 'login', 'sid', 'transactionref', 'merchantref', 'amount', 'status', 'message', 'terminalip', 'terminalport']
          : ['key_index', 'version', 'login', 'sid', 'transactionref', 'merchantref', 'amount', 'transactiontime', 'transactionerror', 'transactionresult', 'status', 'message', 'brand', 'ticket'];
      const data = order.map((f) => (f === 'amount' ? Number(answer.amount).toFixed(2) : ((answer as Record<string, string>)[f] ?? ''))).join(';');
      const signature = createSign('RSA-SHA256').update(forgeSignature ? `${data}x` : data).sign(theirs.privateKey, 'base64');
      const xml = Object.entries({ ...answer, signature })
        .map(([k, v]) => `<${k}>${v}</${k}>`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
          `<${operation}Response xmlns="https://wecr.sepay.nl/v2/WECR"><${operation}Result>${xml}<terminalip /></${operation}Result></${operation}Response></soap:Body></soap:Envelope>`,
      );
    });
  });
  return { server, received, script, forge: (on: boolean) => (forgeSignature = on) };
}

describe('SEPay WECR terminal adapter', () => {
  const wecr = fakeWecr();
  let terminal: SepayTerminal;

  beforeAll(async () => {
    await new Promise<void>((resolve) => wecr.server.listen(0, '127.0.0.1', resolve));
    const { port } = wecr.server.address() as AddressInfo;
    terminal = new SepayTerminal({
      url: `http://127.0.0.1:${port}/v2/wecr.asmx`,
      login: 'bar-login',
      sid: '1234567',
      keyIndex: 0,
      privateKey: pem(ours.privateKey as never, 'pkcs1'),
      publicCert: pem(theirs.publicKey as never, 'spki'),
      friendlyName: 'Pin bij de tap',
    });
  });
  afterAll(() => new Promise<void>((resolve) => wecr.server.close(() => resolve())));

  it('starts a payment with a signed request in euros and names the terminal', async () => {
    wecr.script.StartTransaction!.push({ status: '00' });
    const started = await terminal.start({ transactionId: '65f0c0ffee0000000000abcd', amount: 1250 });
    expect(started).toEqual({ terminalRef: '65f0c0ffee0000000000abcd', terminal: { friendly_name: 'Pin bij de tap', brand: 'sepay' } });
    const req = wecr.received.at(-1)!;
    expect(req).toMatchObject({ operation: 'StartTransaction', signatureValid: true });
    expect(req.fields).toMatchObject({ login: 'bar-login', sid: '1234567', amount: '12.50', transactionref: '65f0c0ffee0000000000abcd', version: '2' });
  });

  it('says it has no totals for a shift, without asking the terminal', async () => {
    const asked = wecr.received.length;
    await expect(terminal.totals()).resolves.toEqual({ totals: null, note: expect.stringContaining("compare with the terminal's own day receipt") });
    expect(wecr.received).toHaveLength(asked);
  });

  it('carries on with a payment SEPay already knows (a repeated start) and refuses while the terminal is busy', async () => {
    wecr.script.StartTransaction!.push({ status: '06' }, { status: '11' }, { status: '07', message: 'not enabled' });
    await expect(terminal.start({ transactionId: 'a1', amount: 100 })).resolves.toMatchObject({ terminalRef: 'a1' });
    await expect(terminal.start({ transactionId: 'a2', amount: 100 })).rejects.toMatchObject({ statusCode: 409, identifier: 'retry_later' });
    await expect(terminal.start({ transactionId: 'a3', amount: 100 })).rejects.toMatchObject({ statusCode: 502, message: expect.stringContaining('not enabled') });
  });

  it('maps the transaction status codes to Kassa statuses', async () => {
    wecr.script.GetTransactionStatus!.push(
      { status: '17' },
      { status: '15' },
      { status: '00', brand: 'MAESTRO' },
      { status: '13', transactionerror: '100', transactionresult: 'Do not honour' },
      { status: '14', message: 'Cancelled by user' },
    );
    expect(await terminal.status('r')).toEqual({ status: 'pending', error: null });
    expect(await terminal.status('r')).toEqual({ status: 'pending', error: null });
    expect(await terminal.status('r')).toEqual({ status: 'completed', error: null });
    expect(await terminal.status('r')).toEqual({ status: 'cancelled', error: '100 Do not honour' });
    expect(await terminal.status('r')).toEqual({ status: 'cancelled', error: 'Cancelled by user' });
    const polls = wecr.received.filter((r) => r.operation === 'GetTransactionStatus');
    expect(polls.length).toBeGreaterThanOrEqual(5);
    expect(polls.filter((r) => !r.signatureValid)).toEqual([]);
  });

  it('refuses an answer whose signature is not SEPay\'s', async () => {
    wecr.forge(true);
    wecr.script.GetTransactionStatus!.push({ status: '00' });
    await expect(terminal.status('r')).rejects.toMatchObject({ statusCode: 502, identifier: 'bad_gateway' });
    wecr.forge(false);
  });

  it('answers 503 when the service cannot be reached', async () => {
    const down = new SepayTerminal({ url: 'http://127.0.0.1:1/v2/wecr.asmx', login: 'l', sid: '1', keyIndex: 0, privateKey: pem(ours.privateKey as never, 'pkcs1'), friendlyName: 'x' });
    await expect(down.status('r')).rejects.toMatchObject({ statusCode: 503 });
  });
});
