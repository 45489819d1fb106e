import { EventEmitter } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { UpstreamDeadlineError, UpstreamDeadlines } from './upstream-deadline';

describe('UpstreamDeadlines', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    // /hang never answers; /soon answers after 100 ms, well within a deadline of its own.
    server = createServer((req, res) => {
      if (req.url === '/soon') setTimeout(() => res.end('ok'), 100);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const clientResponse = () => new EventEmitter() as ServerResponse;

  it('gives all the attempts for one client request one deadline: an attempt after it has passed fails at once', async () => {
    const deadlines = new UpstreamDeadlines(400);
    const agent = deadlines.wrap(new Agent({}));
    const response = clientResponse();
    deadlines.start('client-1', response);
    const attempt = (path: string) => agent.request({ origin, path, method: 'GET', headers: { 'x-request-id': 'client-1' } });
    await expect(attempt('/hang')).rejects.toBeInstanceOf(UpstreamDeadlineError);
    // A retry (reply-from retries a GET answered 503) gets no fresh 400 ms: /soon would have answered within them.
    await expect(attempt('/soon')).rejects.toBeInstanceOf(UpstreamDeadlineError);
    // Another client request has its own deadline.
    const otherResponse = clientResponse();
    deadlines.start('client-2', otherResponse);
    const other = await agent.request({ origin, path: '/soon', method: 'GET', headers: { 'x-request-id': 'client-2' } });
    expect(await other.body.text()).toBe('ok');
    response.emit('close');
    otherResponse.emit('close');
    await agent.close();
  });

  it('forgets a client request once its response is closed', () => {
    const deadlines = new UpstreamDeadlines(60_000);
    const response = clientResponse();
    deadlines.start('client-3', response);
    deadlines.start('client-3', response);
    expect(deadlines.size).toBe(1);
    response.emit('close');
    expect(deadlines.size).toBe(0);
  });
});
