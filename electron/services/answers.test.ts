import { describe, expect, it } from 'vitest';
import type { Item } from '../../shared/types.js';
import { AnswerError, itemAnswer, itemsAnswer } from './answers.js';

const item: Item = {
  id: 'a|b',
  url: '/containers/c/items/a/b',
  contentUrl: '/containers/c/content/a/b',
  ownerUrl: '/organizations/o',
  containerUrl: '/containers/c',
  permissionsUrl: '/containers/c/permissions/a/b',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  header: 'aGVhZGVy',
  headerHash: 'h',
  headerHashAlgorithm: 'SHA256',
  contentHash: 'c',
  contentHashAlgorithm: 'SHA256',
  key: 'a2V5',
  keyHash: 'k',
  keyHashAlgorithm: 'SHA256',
  iv: 'iv',
  algorithm: 'AES',
};

describe('item answers', () => {
  it('takes an item, and refuses one whose field (any of them) is missing or not a string, naming it and the entry', () => {
    expect(itemAnswer(item, 'GET /x')).toBe(item);
    expect(itemsAnswer([item, { ...item, extra: 1 }], 'GET /x')).toHaveLength(2);
    for (const field of Object.keys(item)) {
      for (const bad of [undefined, 42, null, ['x'], { s: 'x' }]) {
        const broken = { ...item, [field]: bad };
        if (bad === undefined) delete (broken as Record<string, unknown>)[field];
        expect(() => itemAnswer(broken, 'GET /x'), field).toThrow(AnswerError);
        expect(() => itemsAnswer([item, item, broken], 'GET /x'), field).toThrow(
          `GET /x (entry 3) is not what the interface describes: "${field}" is not a string`,
        );
      }
    }
    for (const bad of [null, 'x', 1, [item], []])
      expect(() => itemsAnswer([bad], 'GET /x')).toThrow(
        '(entry 1) is not what the interface describes: not a JSON object',
      );
  });
});
