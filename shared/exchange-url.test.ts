import { describe, expect, it } from 'vitest';
import { exchangeUrlProblem, isLoopbackHost } from './exchange-url.js';

describe('exchange addresses', () => {
  it.each([
    ['https://exchange.example.org', 'production'],
    ['https://exchange.example.org:8443/api', 'test'],
    ['http://127.0.0.1:8080', 'production'],
    ['http://127.8.9.10', 'test'],
    ['http://localhost:4100', 'other'],
    ['http://[::1]:4100', 'test'],
    ['http://localhost:4100', 'sandbox'],
    ['http://127.0.0.1:4100', 'sandbox'],
  ])('accepts %s for %s', (url, environment) => {
    expect(exchangeUrlProblem(url, environment)).toBeUndefined();
  });

  it.each([
    ['http://exchange.example.org', 'production'],
    ['http://exchange.example.org', 'test'],
    ['http://10.0.0.5:8080', 'production'],
    ['http://127.0.0.1.nip.io', 'production'],
    ['http://localhost.evil.example', 'test'],
    // the label "sandbox" allows nothing by itself: only the address does
    ['http://sandbox.internal:9000', 'sandbox'],
    ['http://exchange.example.org', 'sandbox'],
    ['http://10.0.0.5:8080', 'sandbox'],
    // names that resolve through DNS, and loopback written as another address family
    ['http://app.localhost:4100', 'test'],
    ['http://[::ffff:127.0.0.1]:4100', 'sandbox'],
    ['http://[::ffff:7f00:1]', 'test'],
    ['ftp://exchange.example.org', 'production'],
    ['not a url', 'production'],
  ])('refuses %s for %s', (url, environment) => {
    expect(exchangeUrlProblem(url, environment)).toMatch(/https/);
  });

  it('knows loopback names', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.example')).toBe(false);
    expect(isLoopbackHost('sub.localhost')).toBe(false);
    expect(isLoopbackHost('[::ffff:7f00:1]')).toBe(false);
  });
});
