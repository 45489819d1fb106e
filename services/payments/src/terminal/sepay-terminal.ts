import type { TerminalTotals } from '@kassa/contracts';
import { AppError } from '@kassa/service-kit';
import { XMLParser } from 'fast-xml-parser';
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import type { CardTerminal, TerminalStart, TerminalStatus } from './card-terminal';

/**
 * SEPay's "Wireless ECR" (WECR) v2 interface: SOAP 1.1 over HTTPS at https://wecr.sepay.nl/v2/wecr.asmx
 * (operations StartTransaction, GetTransactionStatus, CancelTransaction; namespace https://wecr.sepay.nl/v2/WECR).
 * Every request carries an RSA-SHA256 (PKCS#1 v1.5) signature over its fields joined by ";", made with the key whose
 * public half is registered at SEPay under `key_index`; every answer is signed by SEPay the same way.
 * Field lists, signature strings and status codes follow the service's published operation pages and a public
 * client of it; see docs/decisions.md ("Card terminal") for what was not verifiable without a terminal.
 */
export interface SepayOptions {
  url: string;
  login: string;
  sid: string;
  keyIndex: number;
  privateKey: string | KeyObject;
  /** SEPay's certificate; answers are verified when given. */
  publicCert?: string | KeyObject;
  friendlyName: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const NS = 'https://wecr.sepay.nl/v2/WECR';
const VERSION = '2';

const START_ANSWER_FIELDS = ['key_index', 'version', 'login', 'sid', 'transactionref', 'merchantref', 'amount', 'status', 'message', 'terminalip', 'terminalport'];
const STATUS_ANSWER_FIELDS = [
  'key_index', 'version', 'login', 'sid', 'transactionref', 'merchantref', 'amount',
  'transactiontime', 'transactionerror', 'transactionresult', 'status', 'message', 'brand', 'ticket',
];

/** StartTransaction status codes that mean the request itself was wrong or the terminal cannot take it. */
const START_ERRORS: Record<string, string> = {
  '01': 'required fields are missing',
  '02': 'the signature was refused',
  '04': 'invalid parameters',
  '07': 'the terminal is not active or not enabled for WECR',
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Values stay the strings SEPay sent ("00" is a status, not a number; spaces are signed), namespace prefixes go;
 * the five XML entities are decoded.
 */
const xml = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: false });

type XmlNode = { [tag: string]: unknown };

/** The first element named `tag` anywhere under `node`, depth first. */
function findElement(node: unknown, tag: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node as XmlNode)) {
    if (key === tag) return Array.isArray(value) ? value[0] : value;
    const found = findElement(value, tag);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Reads the plain fields of a SOAP result element (WECR answers are flat). */
export function readSoapResult(text: string, resultTag: string): Record<string, string> {
  let doc: unknown;
  try {
    doc = xml.parse(text);
  } catch {
    doc = undefined;
  }
  const result = findElement(doc, resultTag);
  if (result === undefined) {
    const fault = findElement(doc, 'faultstring');
    throw new AppError(502, 'bad_gateway', `The card terminal service answered without a result${typeof fault === 'string' ? `: ${fault}` : ''}.`);
  }
  const fields: Record<string, string> = {};
  if (result && typeof result === 'object') {
    for (const [key, value] of Object.entries(result as XmlNode)) {
      if (key === '#text') continue;
      // A field given twice counts with its last value.
      const last = Array.isArray(value) ? value.at(-1) : value;
      if (typeof last === 'string') fields[key] = last;
    }
  }
  return fields;
}

export function soapEnvelope(operation: string, fields: [string, string][]): string {
  const inner = fields.map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
    'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soap:Body><${operation} xmlns="${NS}">${inner}</${operation}></soap:Body></soap:Envelope>`
  );
}

/** Euro amount with two decimals, as WECR's decimal fields (and their signatures) carry it. */
export const wecrAmount = (cents: number) => (cents / 100).toFixed(2);

export class SepayTerminal implements CardTerminal {
  readonly provider = 'sepay';
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: SepayOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
  }

  private sign(data: string): string {
    return createSign('RSA-SHA256').update(data, 'utf8').sign(this.opts.privateKey, 'base64');
  }

  private verify(fields: Record<string, string>, order: string[]): void {
    if (!this.opts.publicCert) return;
    const data = order.map((f) => normaliseForSignature(f, fields[f] ?? '')).join(';');
    const ok = createVerify('RSA-SHA256').update(data, 'utf8').verify(this.opts.publicCert, fields.signature ?? '', 'base64');
    if (!ok) throw new AppError(502, 'bad_gateway', 'The card terminal service answered with an invalid signature.');
  }

  private async call(operation: string, fields: [string, string][]): Promise<Record<string, string>> {
    let res: Response;
    try {
      res = await this.fetch(this.opts.url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/${operation}"` },
        body: soapEnvelope(operation, fields),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new AppError(503, 'service_unavailable', `The card terminal service cannot be reached (${(err as Error).message}).`);
    }
    const text = await res.text();
    if (!res.ok && !text.includes('Result')) throw new AppError(502, 'bad_gateway', `The card terminal service answered ${res.status}.`);
    return readSoapResult(text, `${operation}Result`);
  }

  async start(payment: { transactionId: string; amount: number; registerId?: string | null }): Promise<TerminalStart> {
    const { login, sid, keyIndex } = this.opts;
    const ref = payment.transactionId;
    const amount = wecrAmount(payment.amount);
    const merchantref = `Kassa ${ref.slice(-8)}`;
    const callbackurl = '';
    const signature = this.sign([keyIndex, VERSION, login, sid, ref, merchantref, amount, callbackurl].join(';'));
    const answer = await this.call('StartTransaction', [
      ['key_index', String(keyIndex)],
      ['version', VERSION],
      ['login', login],
      ['sid', sid],
      ['transactionref', ref],
      ['merchantref', merchantref],
      ['amount', amount],
      ['callbackurl', callbackurl],
      ['signature', signature],
    ]);
    this.verify(answer, START_ANSWER_FIELDS);
    const status = answer.status ?? '';
    // 06: this transactionref was started before, so a repeated start (after a crash) carries on with it.
    if (status !== '00' && status !== '06') {
      if (status === '11') throw new AppError(409, 'retry_later', 'The payment terminal is busy with another payment; try again in a moment.');
      const reason = START_ERRORS[status] ?? `status ${status || 'unknown'}`;
      throw new AppError(502, 'bad_gateway', `The payment terminal refused the payment: ${reason}${answer.message ? ` (${answer.message})` : ''}.`);
    }
    return { terminalRef: ref, terminal: { friendly_name: this.opts.friendlyName, brand: 'sepay' } };
  }

  async status(terminalRef: string): Promise<TerminalStatus> {
    const { login, sid, keyIndex } = this.opts;
    const timeout = '0';
    const signature = this.sign([keyIndex, VERSION, login, sid, terminalRef, timeout].join(';'));
    const answer = await this.call('GetTransactionStatus', [
      ['key_index', String(keyIndex)],
      ['version', VERSION],
      ['login', login],
      ['sid', sid],
      ['transactionref', terminalRef],
      ['timeout', timeout],
      ['signature', signature],
    ]);
    this.verify(answer, STATUS_ANSWER_FIELDS);
    switch (answer.status) {
      case '00':
        return { status: 'completed', error: null };
      case '13': {
        const why = [answer.transactionerror, answer.transactionresult].filter(Boolean).join(' ');
        return { status: 'cancelled', error: why || 'The payment failed at the terminal.' };
      }
      case '14':
        return { status: 'cancelled', error: answer.message || null };
      // 15: not finished and not cancelled; 17: in progress; 04/99: a passing problem on SEPay's side, ask again.
      case '15':
      case '17':
      case '04':
      case '99':
        return { status: 'pending', error: null };
      default:
        throw new AppError(502, 'bad_gateway', `The card terminal service answered status ${answer.status ?? 'unknown'}${answer.message ? ` (${answer.message})` : ''}.`);
    }
  }

  /** WECR's operations that Kassa uses start a payment and read its state; none reports totals for a period. */
  async totals(): Promise<TerminalTotals> {
    return { totals: null, note: "The SEPay terminal gives no totals to Kassa: compare with the terminal's own day receipt." };
  }

  async close(): Promise<void> {
    // Stateless over HTTPS: nothing to release.
  }
}

/** SEPay signs decimal amounts with two decimals, whatever the XML writer made of them. */
function normaliseForSignature(field: string, value: string): string {
  if (field === 'amount' && value !== '' && !Number.isNaN(Number(value))) return Number(value).toFixed(2);
  return value;
}
