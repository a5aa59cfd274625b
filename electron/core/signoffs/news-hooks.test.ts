// The hook names key the records left to check in every user's seen file: the app wires its hooks
// under exactly these names, so a rename (which would drop those records) fails here first.
import { expect, it } from 'vitest';
import { AnswerNews } from './answer-news.js';
import { signOffNewsHooks } from './news-hooks.js';
import { RequestNews } from './request-news.js';
import { signOffsState } from './signoff-handlers.js';

it('wires the sign-off news hooks under their persisted names', () => {
  const settings = async () => ({ notifications: false, notificationsHideNames: false });
  const options = { state: signOffsState(), settings, sink: () => {} };
  const hooks = signOffNewsHooks(new RequestNews(options), new AnswerNews(options), () => true);
  expect(Object.keys(hooks)).toEqual(['signoff-requests', 'signoff-answers']);
});
