// Wire formatting shared by the routes: ids, timestamps, URLs.
import { randomBytes } from 'node:crypto';
import { itemPathToUrl } from '../shared/item-path.js';

/** 32 lower-case hex (decisions §3). */
export function newId(): string {
  return randomBytes(16).toString('hex');
}

/** ISO 8601 with milliseconds and an explicit +00:00 offset (decisions §3). */
export function isoTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  // toISOString always ends in Z; slicing is cheaper than a regex on 200,000 times per listing
  return `${iso.slice(0, -1)}+00:00`;
}

export function containerUrl(containerId: string): string {
  return `/containers/${containerId}`;
}

export function organizationUrl(organizationId: string): string {
  return `/organizations/${organizationId}`;
}

/** `/containers/<c>/<kind>/<path in slash form, each segment URL-encoded>`. */
export function itemUrl(containerId: string, kind: 'items' | 'content' | 'permissions', path: string): string {
  return `${containerUrl(containerId)}/${kind}/${itemPathToUrl(path)}`;
}
