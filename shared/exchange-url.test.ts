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
    ['http://sandbox.internal:9000', 'sandbox'],
  ])('accepts %s for %s', (url, environment) => {
    expect(exchangeUrlProblem(url, environment)).toBeUndefined();
  });

  it.each([
    ['http://exchange.example.org', 'production'],
    ['http://exchange.example.org', 'test'],
    ['http://10.0.0.5:8080', 'production'],
    ['http://127.0.0.1.nip.io', 'production'],
    ['http://localhost.evil.example', 'test'],
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
  });
});
