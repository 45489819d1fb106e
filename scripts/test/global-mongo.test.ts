import { describe, expect, it } from 'vitest';
import { refuseUndurableStore } from './global-mongo';

describe('the integration run’s store', () => {
  it('refuses FerretDB on SQLite and says how to get PostgreSQL', () => {
    expect(() => refuseUndurableStore('ferretdb-sqlite')).toThrow(/need PostgreSQL[\s\S]*127\.0\.0\.1:5432[\s\S]*MONGODB_URI/);
  });

  it('takes FerretDB on PostgreSQL and an external MongoDB', () => {
    expect(() => refuseUndurableStore('ferretdb-postgresql')).not.toThrow();
    expect(() => refuseUndurableStore('external')).not.toThrow();
  });
});
