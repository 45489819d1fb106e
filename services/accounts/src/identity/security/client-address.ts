import { CLIENT_ADDRESS_HEADER } from '@kassa/contracts';
import type { IncomingHttpHeaders } from 'node:http';

/** The signed-in client's address as the gateway saw it, or null for a call that did not come through the gateway. */
export function clientAddress(headers: IncomingHttpHeaders): string | null {
  const value = headers[CLIENT_ADDRESS_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : null;
}
