// The sign-off news hooks of one profile's refresh, by name. The names key what is left to check
// in the seen file (whats-new/news-retry.ts): they are persisted, so they must not change (a
// renamed hook silently lets go of every record left to it).
import type { RecordNewsHooks } from '../whats-new/record-news.js';
import type { AnswerNews } from './answer-news.js';
import type { RequestNews } from './request-news.js';

/** Persisted (seen file): do not rename. */
export const REQUEST_NEWS_HOOK = 'signoff-requests';
/** Persisted (seen file): do not rename. */
export const ANSWER_NEWS_HOOK = 'signoff-answers';

/** Both hooks for one profile's session; `active` says whether it is the profile shown (it notifies). */
export function signOffNewsHooks(requests: RequestNews, answers: AnswerNews, active: () => boolean): RecordNewsHooks {
  return { [REQUEST_NEWS_HOOK]: requests.hook(active), [ANSWER_NEWS_HOOK]: answers.hook(active) };
}
