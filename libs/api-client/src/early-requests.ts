import { readAccessToken } from './token-storage';

/**
 * GET requests a page starts before its code has loaded (the shell's entry asks for the configuration and the current
 * page's first data while React and the remote still download). The base query takes such a response instead of
 * asking again: once, with the same token, and only while it is fresh.
 *
 * This module imports nothing shared (no React, no Redux), so the shell's entry can use it before the shared modules
 * are negotiated; the shared @kassa/api-client reaches the same instance.
 */
const FRESH_MS = 10_000;

interface EarlyRequest {
  token: string | null;
  at: number;
  response: Promise<Response>;
}

const early = new Map<string, EarlyRequest>();

const absolute = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').toString();

/** Starts GET `url` (e.g. '/api/config/') with the stored token, for the base query to take later; signed in only. */
export function startEarlyRequest(url: string): void {
  const token = readAccessToken();
  if (token === null) return;
  const response = fetch(absolute(url), { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failure is reported by the base query that takes it; one nobody takes stays quiet.
  response.catch(() => undefined);
  early.set(absolute(url), { token, at: Date.now(), response });
}

/** The early response for GET `url` if one was started with `token` and is still fresh; each is handed out once. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const found = early.get(absolute(url));
  if (!found) return undefined;
  early.delete(absolute(url));
  if (found.token !== token || Date.now() - found.at > FRESH_MS) return undefined;
  return found.response;
}
