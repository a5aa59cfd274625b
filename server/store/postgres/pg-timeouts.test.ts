// The timeouts read from the database URL: the client's limit always after PostgreSQL's own.
import { describe, expect, it } from 'vitest';
import { timeoutsFromUrl } from './pg-timeouts.js';

const BASE = 'postgres://u@127.0.0.1:5432/exchange';

describe('timeoutsFromUrl', () => {
  it('takes the timeouts out of the URL and keeps the rest', () => {
    const { url, timeouts } = timeoutsFromUrl(`${BASE}?statement_timeout=1000&sslmode=disable&upload_timeout=9000`);
    expect(url).toBe(`${BASE}?sslmode=disable`);
    expect(timeouts).toMatchObject({ statementMs: 1000, queryMs: 6000, uploadMs: 9000, uploadQueryMs: 14_000 });
  });

  it('refuses a query_timeout not longer than the statement_timeout, naming both', () => {
    expect(() => timeoutsFromUrl(`${BASE}?statement_timeout=700000&query_timeout=60000`)).toThrow(/query_timeout \(60000\).*statement_timeout \(700000\)/);
    expect(() => timeoutsFromUrl(`${BASE}?query_timeout=30000`)).toThrow(/query_timeout \(30000\).*statement_timeout \(30000\)/);
  });

  it("an upload's client limit is never below its upload_timeout", () => {
    const { timeouts } = timeoutsFromUrl(`${BASE}?statement_timeout=700000&query_timeout=700001&upload_timeout=1000`);
    expect(timeouts.uploadQueryMs).toBeGreaterThanOrEqual(1000);
  });
});
