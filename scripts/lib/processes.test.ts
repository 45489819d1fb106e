import { databaseClients, replicaCount, serviceEnv } from './processes';

test('one replica: each service has its one URL, and no lists', () => {
  const env = serviceEnv(8080);
  expect(env).toMatchObject({ ACCOUNTS_URL: 'http://127.0.0.1:8081', PAYMENTS_URL: 'http://127.0.0.1:8084' });
  expect(env.ACCOUNTS_URLS).toBeUndefined();
});

test('KASSA_REPLICAS=2: every service gets both replicas, the second clear of the dev servers', () => {
  const env = serviceEnv(8080, replicaCount({ KASSA_REPLICAS: '2' }));
  expect(env.ACCOUNTS_URL).toBe('http://127.0.0.1:8081');
  expect(env.ACCOUNTS_URLS).toBe('http://127.0.0.1:8081,http://127.0.0.1:8101');
  expect(env.CHECKOUT_URLS).toBe('http://127.0.0.1:8083,http://127.0.0.1:8103');
});

test('KASSA_REPLICAS must be a whole number from 1 to 8', () => {
  expect(replicaCount({})).toBe(1);
  for (const bad of ['0', '1.5', 'two', '9']) expect(() => replicaCount({ KASSA_REPLICAS: bad })).toThrow(/KASSA_REPLICAS must be a whole number from 1 to 8/);
});

test('every service and worker connects to the database, each replica too; the gateway does not', () => {
  expect(databaseClients(1)).toBe(6);
  expect(databaseClients(2)).toBe(12);
});
