// Typed client of the exchange service (interface.md §4, decisions.md §3): one method per
// operation, every request but GET /ping signed, retries for idempotent requests, one
// corrected retry on a clock-skew refusal (code 2004), and waits of Retry-After when the
// service is busy (code 1018).
import http from 'node:http';
import https from 'node:https';
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  Container,
  CreateOrganizationPayload,
  Item,
  ItemWithContent,
  ItemWritePayload,
  Organization,
  RootDocument,
  UpdateOrganizationPayload,
} from '../../shared/types.js';
import { itemPathToUrl, parseItemPath } from '../../shared/item-path.js';
import { EMPTY_PAYLOAD_HASH, signRequest, type RequestSigner } from '../../shared/protocol/signing.js';
import { AnswerError, containerAnswer, containersAnswer, itemAnswer, itemsAnswer, itemWithContentAnswer, listingAnswer, organizationAnswer as checkedOrganization, organizationsAnswer as checkedOrganizations, rootAnswer, type Check } from './answers.js';
import { defaultUserAgent } from './app-info.js';
import { ExchangeError, NetworkError, CancelledError } from './exchange-errors.js';
import { bytesBody, MAX_JSON_RESPONSE_BYTES, readAll, sendRequest, TransportError, type RequestBody } from './http-transport.js';
import { readJsonArrayPages, readJsonStreaming } from './json-reader.js';
import { parseIsoTimestamp, toSinceParameter } from './timestamps.js';
import { MAX_SHOWN_CHARS, shownText } from '../../shared/shown-text.js';

export type { RequestBody } from './http-transport.js';

interface RetryPolicy {
  /** Total tries for GET/PUT/DELETE (POST always gets one). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  /**
   * How long, in all, to keep waiting out busy refusals (1018) of one request, each wait as its
   * Retry-After asks; any method. Default 5 minutes: uploads of one organization beyond the
   * service's limit wait their turn instead of failing (the app may run 8 at once, the
   * reference server takes 4 per organization by default).
   */
  readonly busyWaitMs?: number;
}

export interface ExchangeClientOptions {
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly signer: RequestSigner;
  readonly userAgent?: string;
  readonly retry?: RetryPolicy;
  /** Extra CA (PEM) trusted for https. */
  readonly ca?: string | Buffer;
  /** Known offset of the server clock from ours (ms, server − local), e.g. remembered from a previous run. */
  readonly clockSkewMs?: number;
  /** Told whenever a 2004 refusal reveals the clock offset, so the UI can warn. */
  readonly onClockSkew?: (skewMs: number) => void;
  /** Local clock; tests move it. */
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

interface ListItemsOptions extends CallOptions {
  readonly owner?: string;
  readonly recurse?: boolean;
  readonly since?: Date | string;
}

export interface SaveItemResult {
  readonly item: Item;
  /** true on 201 (new item), false on 200 (new version of an existing item). */
  readonly created: boolean;
}

interface ContentResponse {
  /** The JSON body of the content endpoint, as bytes; the caller must consume or destroy it. */
  readonly body: IncomingMessage;
  readonly requestId: string;
  readonly contentLength: number | undefined;
}

export type CertificateMediaType = 'application/x-pem-file' | 'application/x-x509-ca-cert' | 'application/pkix-cert';

/** An item write: the whole payload, or a prepared streaming body (documents). */
type ItemWrite = ItemWritePayload | RequestBody;

interface RequestSpec extends CallOptions {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: ReadonlyArray<readonly [string, string]>;
  readonly body?: RequestBody;
  readonly accept?: string;
  readonly signed?: boolean;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300 };
const DEFAULT_BUSY_WAIT_MS = 5 * 60_000;
/** The longest Retry-After obeyed; a larger one (or none) waits this long at most. */
const MAX_BUSY_WAIT_MS = 30_000;

/** Retry-After in seconds (or an HTTP date), as milliseconds to wait; 1 s when absent or unreadable. */
function retryAfterMs(res: IncomingMessage, now: number): number {
  const v = res.headers['retry-after'];
  const seconds = v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) * 1000 : v !== undefined ? Date.parse(v) - now : Number.NaN;
  return Math.min(MAX_BUSY_WAIT_MS, Number.isFinite(seconds) && seconds >= 0 ? seconds : 1000);
}

function newRequestId(): string {
  return randomBytes(16).toString('hex');
}

export class ExchangeClient {
  readonly baseUrl: URL;
  readonly organizationId: string;
  private readonly signer: RequestSigner;
  private readonly userAgent: string;
  private readonly retry: RetryPolicy;
  private readonly ca: string | Buffer | undefined;
  private readonly onClockSkew: ((skewMs: number) => void) | undefined;
  private readonly now: () => number;
  private readonly timeoutMs: number | undefined;
  private readonly agent: http.Agent;
  private skewMs: number;

  constructor(options: ExchangeClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new RangeError(`The exchange address must be http or https: ${options.baseUrl}`);
    // A base path (e.g. https://host/api) keeps its segments; every operation path is appended.
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    base.search = '';
    base.hash = '';
    this.baseUrl = base;
    this.organizationId = options.organizationId;
    this.signer = options.signer;
    this.userAgent = options.userAgent ?? defaultUserAgent();
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.ca = options.ca;
    this.onClockSkew = options.onClockSkew;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs;
    this.skewMs = options.clockSkewMs ?? 0;
    this.agent = base.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  /** Offset of the server clock from the local clock (ms, server − local) last learned. */
  get clockSkewMs(): number {
    return this.skewMs;
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  // ---- root and connectivity ------------------------------------------------------------

  async root(options: CallOptions = {}): Promise<RootDocument> {
    return this.json(rootAnswer, { method: 'GET', path: '', ...options });
  }

  /** Anonymous: the only unsigned request. */
  async ping(options: CallOptions = {}): Promise<string> {
    return this.text({ method: 'GET', path: 'ping', signed: false, ...options });
  }

  async pingSite(options: CallOptions = {}): Promise<string> {
    return this.text({ method: 'GET', path: 'ping/site', ...options });
  }

  async pingSirb(options: CallOptions = {}): Promise<string> {
    return this.text({ method: 'GET', path: 'ping/sirb', ...options });
  }

  // ---- containers -----------------------------------------------------------------------

  async listContainers(options: CallOptions = {}): Promise<Container[]> {
    return this.json(containersAnswer, { method: 'GET', path: 'containers', ...options });
  }

  async createContainer(options: CallOptions = {}): Promise<Container> {
    return this.json(containerAnswer, { method: 'POST', path: 'containers', body: bytesBody({}), ...options });
  }

  async getContainer(containerId: string, options: CallOptions = {}): Promise<Container> {
    return this.json(containerAnswer, { method: 'GET', path: containerPath(containerId), ...options });
  }

  async listContainerOrganizations(containerId: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, { method: 'GET', path: `${containerPath(containerId)}/organizations`, ...options });
  }

  async grantContainerAccess(containerId: string, organizationId: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, {
      method: 'POST',
      path: `${containerPath(containerId)}/organizations`,
      body: bytesBody({ organizationId }),
      ...options,
    });
  }

  async revokeContainerAccess(containerId: string, organizationId: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, {
      method: 'DELETE',
      path: `${containerPath(containerId)}/organizations`,
      body: bytesBody({ organizationId }),
      ...options,
    });
  }

  // ---- items ----------------------------------------------------------------------------

  /** Without a path or with a folder path: an array; with an item's path: that item. */
  async listItems(containerId: string, path?: string, options: ListItemsOptions = {}): Promise<Item | Item[]> {
    return this.json(listingAnswer, listingRequest(containerId, path, options));
  }

  /**
   * A folder's items (the whole study with `recurse`) in pages as the answer arrives, in the
   * service's order: the first rows can be shown while the rest still stream in. A failure
   * after the first page throws where it happens; the pages before it stand. Leaving the loop
   * early closes the answer.
   */
  async *listItemPages(containerId: string, folder?: string, options: ListItemsOptions = {}): AsyncGenerator<Item[]> {
    const spec = listingRequest(containerId, folder, options);
    const what = `GET /${spec.path}`;
    const { res, requestId } = await this.exchange({ accept: 'application/json', ...spec });
    const pages = readJsonArrayPages(res, MAX_JSON_RESPONSE_BYTES);
    // leaving early (the caller stopped) closes the answer
    try {
      yield* checkedPages(pages, what, requestId, spec.signal);
    } finally {
      await pages.return(undefined);
    }
  }

  /** One item's metadata (no content); ExchangeError 1015 when it is a folder or missing. */
  async getItem(containerId: string, path: string, options: CallOptions = {}): Promise<Item> {
    const result = await this.listItems(containerId, path, options);
    if (Array.isArray(result)) {
      throw new ExchangeError({ status: 404, code: 1015, message: 'The resource was not found.', details: `${path} is a folder, not an item`, requestId: '' });
    }
    return result;
  }

  /** PUT: creates or replaces the item at exactly this path; safe to retry. */
  async saveItem(containerId: string, path: string, write: ItemWrite, options: CallOptions = {}): Promise<SaveItemResult> {
    const where = `${containerPath(containerId)}/items/${itemUrl(path)}`;
    const { res, requestId } = await this.exchange({ method: 'PUT', path: where, body: toBody(write), ...options });
    const item = itemAnswer(await readAnswer(res, `PUT /${where}`, requestId, options.signal, readJson), `PUT /${where}`);
    return { item, created: res.statusCode === 201 };
  }

  /** POST: the service names the item (never retried, so never duplicated). */
  async addItem(containerId: string, folderPath: string, write: ItemWrite, options: CallOptions = {}): Promise<Item> {
    const suffix = folderPath === '' ? '' : `/${itemUrl(folderPath, 11)}`;
    return this.json(itemAnswer, { method: 'POST', path: `${containerPath(containerId)}/items${suffix}`, body: toBody(write), ...options });
  }

  async deleteItem(containerId: string, path: string, options: CallOptions = {}): Promise<void> {
    const { res } = await this.exchange({ method: 'DELETE', path: `${containerPath(containerId)}/items/${itemUrl(path)}`, ...options });
    res.resume();
  }

  /** The item with its content, read whole: for structured records and small items. */
  async getItemContent(containerId: string, path: string, options: CallOptions = {}): Promise<ItemWithContent> {
    return this.json(itemWithContentAnswer, { method: 'GET', path: `${containerPath(containerId)}/content/${itemUrl(path)}`, ...options });
  }

  /** The content endpoint as a stream, for documents (parse it with ItemJsonStreamParser). */
  async openItemContent(containerId: string, path: string, options: CallOptions = {}): Promise<ContentResponse> {
    const { res, requestId } = await this.exchange({ method: 'GET', path: `${containerPath(containerId)}/content/${itemUrl(path)}`, ...options });
    const length = res.headers['content-length'];
    return { body: res, requestId, contentLength: length === undefined ? undefined : Number(length) };
  }

  async getItemAccess(containerId: string, path: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, { method: 'GET', path: permissionsPath(containerId, path), ...options });
  }

  /** `key` is the item key wrapped (RSA-OAEP, Base-64) for the grantee. */
  async grantItemAccess(containerId: string, path: string, organizationId: string, key: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, { method: 'POST', path: permissionsPath(containerId, path), body: bytesBody({ organizationId, key }), ...options });
  }

  async updateItemAccess(containerId: string, path: string, organizationId: string, key: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, { method: 'PUT', path: permissionsPath(containerId, path), body: bytesBody({ organizationId, key }), ...options });
  }

  async revokeItemAccess(containerId: string, path: string, organizationId: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.json(organizationsAnswer, { method: 'DELETE', path: permissionsPath(containerId, path), body: bytesBody({ organizationId }), ...options });
  }

  // ---- organizations --------------------------------------------------------------------

  async listOrganizations(name?: string, options: CallOptions = {}): Promise<Organization[]> {
    const query: [string, string][] = name === undefined || name === '' ? [] : [['name', name]];
    return this.json(organizationsAnswer, { method: 'GET', path: 'organizations', query, ...options });
  }

  async createOrganization(payload: CreateOrganizationPayload, options: CallOptions = {}): Promise<Organization> {
    return this.json(organizationAnswer, { method: 'POST', path: 'organizations', body: bytesBody(payload), ...options });
  }

  async getOrganization(organizationId: string, options: CallOptions = {}): Promise<Organization> {
    return this.json(organizationAnswer, { method: 'GET', path: `organizations/${encodeURIComponent(organizationId)}`, ...options });
  }

  async updateOrganization(organizationId: string, payload: UpdateOrganizationPayload, options: CallOptions = {}): Promise<Organization> {
    return this.json(organizationAnswer, { method: 'PUT', path: `organizations/${encodeURIComponent(organizationId)}`, body: bytesBody(payload), ...options });
  }

  /** The organization's certificate as PEM text. */
  async getCertificate(organizationId: string, options: CallOptions = {}): Promise<string> {
    return this.text({ method: 'GET', path: `organizations/${encodeURIComponent(organizationId)}/certificate`, accept: 'application/x-pem-file', ...options });
  }

  /** Admin: sets the certificate; the body is the certificate itself (PEM text or DER bytes). */
  async putCertificate(organizationId: string, certificate: string | Buffer, mediaType: CertificateMediaType = 'application/x-pem-file', options: CallOptions = {}): Promise<Organization> {
    const bytes = typeof certificate === 'string' ? Buffer.from(certificate, 'utf8') : certificate;
    return this.json(organizationAnswer, {
      method: 'PUT',
      path: `organizations/${encodeURIComponent(organizationId)}/certificate`,
      body: { kind: 'bytes', bytes, contentType: mediaType },
      ...options,
    });
  }

  // ---- plumbing -------------------------------------------------------------------------

  private async json<T>(check: Check<T>, spec: RequestSpec): Promise<T> {
    const { res, requestId } = await this.exchange({ accept: 'application/json', ...spec });
    const what = `${spec.method} /${spec.path}`;
    return check(await readAnswer(res, what, requestId, spec.signal, readJson), what);
  }

  private async text(spec: RequestSpec): Promise<string> {
    const { res, requestId } = await this.exchange({ accept: 'text/plain', ...spec });
    const bytes = await readAnswer(res, `${spec.method} /${spec.path}`, requestId, spec.signal, (r) => readAll(r));
    return bytes.toString('utf8');
  }

  /** Sends with retries; resolves with a 2xx response whose body is still unread. */
  private async exchange(spec: RequestSpec): Promise<{ res: IncomingMessage; requestId: string }> {
    const attempts = spec.method === 'POST' ? 1 : Math.max(1, this.retry.attempts);
    let failures = 0;
    let busyWaited = 0;
    let skewRetried = false;
    for (;;) {
      const requestId = newRequestId();
      let res: IncomingMessage;
      try {
        res = await this.sendOnce(spec, requestId);
      } catch (error) {
        if (spec.signal?.aborted) throw new CancelledError(requestId);
        const networkError = new NetworkError(`Could not reach the exchange at ${this.baseUrl.origin}: ${(error as Error).message}`, requestId, error);
        failures += 1;
        if (failures < attempts) {
          await this.backoff(failures, spec.signal);
          continue;
        }
        throw networkError;
      }
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return { res, requestId };
      const error = await readExchangeError(res, requestId, spec.method, spec.path);
      // The service refused the request before acting on it, so a corrected retry is safe even for POST.
      if (error.code === 2004 && !skewRetried) {
        const skew = serverSkew(res, error.details, this.now());
        if (skew !== undefined) {
          skewRetried = true;
          this.skewMs = skew;
          this.onClockSkew?.(skew);
          continue;
        }
      }
      // Busy (1018) is said before the service reads or acts on anything: safe to send again,
      // POST too, once the wait it asks for has passed.
      const busyWait = error.code === 1018 ? retryAfterMs(res, Date.now()) * (1 + Math.random() * 0.25) : 0;
      if (error.code === 1018 && busyWaited + busyWait <= (this.retry.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS)) {
        busyWaited += busyWait;
        await this.wait(busyWait, spec.signal);
        continue;
      }
      failures += 1;
      if (error.retryable && failures < attempts) {
        await this.backoff(failures, spec.signal);
        continue;
      }
      throw error;
    }
  }

  private async sendOnce(spec: RequestSpec, requestId: string): Promise<IncomingMessage> {
    const url = new URL(this.baseUrl.href);
    url.pathname = this.baseUrl.pathname + spec.path;
    if (spec.query && spec.query.length > 0) url.search = new URLSearchParams(spec.query.map(([k, v]) => [k, v])).toString().replace(/\+/g, '%20');
    const target = url.pathname + url.search;
    const headers: Record<string, string> = { 'User-Agent': this.userAgent };
    if (spec.accept) headers.Accept = spec.accept;
    const body = spec.body;
    if (spec.signed === false) {
      if (body) headers['Content-Type'] = body.contentType;
    } else {
      const extra: [string, string][] = body ? [['Content-Type', body.contentType]] : [];
      const signed = signRequest(
        {
          method: spec.method,
          target,
          host: url.host,
          organizationId: this.organizationId,
          requestId,
          date: new Date(this.now() + this.skewMs),
          payloadHash: body ? bodyHash(body) : EMPTY_PAYLOAD_HASH,
          extraSignedHeaders: extra,
        },
        this.signer,
      );
      Object.assign(headers, signed.headers);
      if (body && !hasHeader(headers, 'content-type')) headers['Content-Type'] = body.contentType;
    }
    return sendRequest({ url, method: spec.method, headers, body, signal: spec.signal, agent: this.agent, ca: this.ca, timeoutMs: this.timeoutMs });
  }

  private backoff(failures: number, signal?: AbortSignal): Promise<void> {
    return this.wait(this.retry.baseDelayMs * 2 ** (failures - 1) * (0.75 + Math.random() * 0.5), signal);
  }

  private wait(delay: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, delay);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new CancelledError(''));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * Organizations with their names as everything in the app shows and logs them: a name is written
 * by the exchange's Admin, not by us, so it comes cleaned (no bidi overrides, invisible or control
 * characters) and cut like any other organization's text, once, here.
 */
function shownOrganization(org: Organization): Organization {
  const name = shownText(org.name, MAX_SHOWN_CHARS, 'Unnamed organization');
  return name === org.name ? org : { ...org, name };
}
const organizationAnswer: Check<Organization> = (value, what) => shownOrganization(checkedOrganization(value, what));
const organizationsAnswer: Check<Organization[]> = (value, what) => checkedOrganizations(value, what).map(shownOrganization);

function toBody(write: ItemWrite): RequestBody {
  return 'kind' in write && (write.kind === 'bytes' || write.kind === 'stream') ? write : bytesBody(write);
}

function bodyHash(body: RequestBody): string {
  return body.kind === 'bytes' ? createHash('sha256').update(body.bytes).digest('hex') : body.sha256;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

function containerPath(containerId: string): string {
  if (containerId === '') throw new RangeError('A container id is required.');
  return `containers/${encodeURIComponent(containerId)}`;
}

/** Validates either id form (`a/b`, `a|b`) and gives the URL form. */
function itemUrl(path: string, maxSegments?: number): string {
  parseItemPath(path, maxSegments);
  return itemPathToUrl(path);
}

/** A listing's pages checked as items; a failure reading them said as the broken-off answer it is. */
async function* checkedPages(pages: AsyncGenerator<unknown[]>, what: string, requestId: string, signal: AbortSignal | undefined): AsyncGenerator<Item[]> {
  let count = 0;
  for (;;) {
    let next: IteratorResult<unknown[]>;
    try {
      next = await pages.next();
    } catch (e) {
      // said as what it is: an answer that broke off (or turned unreadable) part way
      if (signal?.aborted) throw new CancelledError(requestId);
      if (e instanceof SyntaxError) throw new AnswerError('malformed', `The exchange's answer to ${what} broke off or is not JSON after ${count} items: ${e.message}.`);
      throw new NetworkError(`The exchange's answer to ${what} broke off after ${count} items: ${(e as Error).message}`, requestId, e);
    }
    if (next.done) return;
    count += next.value.length;
    yield itemsAnswer(next.value, what);
  }
}

function listingRequest(containerId: string, path: string | undefined, options: ListItemsOptions): RequestSpec {
  const query: [string, string][] = [];
  if (options.owner !== undefined) query.push(['owner', options.owner]);
  if (options.recurse !== undefined) query.push(['recurse', options.recurse ? 'true' : 'false']);
  if (options.since !== undefined) query.push(['since', toSinceParameter(options.since)]);
  const suffix = path === undefined || path === '' ? '' : `/${itemUrl(path)}`;
  return { method: 'GET', path: `${containerPath(containerId)}/items${suffix}`, query, signal: options.signal };
}

function permissionsPath(containerId: string, path: string): string {
  return `${containerPath(containerId)}/permissions/${itemUrl(path)}`;
}

/**
 * Reads a 2xx answer's body, saying a failure as what it is: an answer that broke off (the
 * connection closed part way: a network failure, retryable) or text that is not JSON, rather
 * than the socket's bare "aborted".
 */
async function readAnswer<T>(res: IncomingMessage, what: string, requestId: string, signal: AbortSignal | undefined, read: (res: IncomingMessage) => Promise<T>): Promise<T> {
  try {
    return await read(res);
  } catch (e) {
    if (signal?.aborted) throw new CancelledError(requestId);
    if (e instanceof SyntaxError) throw new AnswerError('malformed', `The exchange's answer to ${what} broke off or is not JSON: ${e.message}.`);
    if (e instanceof TransportError) throw e;
    throw new NetworkError(`The exchange's answer to ${what} broke off: ${(e as Error).message}`, requestId, e);
  }
}

function readJson(res: IncomingMessage): Promise<unknown> {
  return readJsonStreaming(res, MAX_JSON_RESPONSE_BYTES);
}

async function readExchangeError(res: IncomingMessage, requestId: string, method: string, path: string): Promise<ExchangeError> {
  const status = res.statusCode ?? 0;
  let body: Partial<{ code: unknown; message: unknown; details: unknown }> = {};
  let raw = '';
  try {
    raw = (await readAll(res, 1024 * 1024)).toString('utf8');
    body = JSON.parse(raw) as typeof body;
  } catch {
    // Not the service's JSON (a proxy's page, say): keep the status and a piece of the text.
  }
  const echoed = res.headers['service-irbx-request-id'];
  return new ExchangeError({
    status,
    code: typeof body.code === 'number' ? body.code : 0,
    message: typeof body.message === 'string' ? body.message : `HTTP ${status} ${res.statusMessage ?? ''}`.trim(),
    details: typeof body.details === 'string' ? body.details : raw.slice(0, 200),
    requestId: typeof echoed === 'string' && echoed !== '' ? echoed : requestId,
    method,
    path: '/' + path,
  });
}

/** Server − local clock from the Date header, else from a time in the error details. */
function serverSkew(res: IncomingMessage, details: string, localNow: number): number | undefined {
  const dateHeader = res.headers.date;
  let server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(server)) {
    const match = /\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})/.exec(details);
    server = match ? (parseIsoTimestamp(match[0]) ?? Number.NaN) : Number.NaN;
  }
  return Number.isNaN(server) ? undefined : server - localNow;
}
