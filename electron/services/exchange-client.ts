// Typed client of the exchange service (docs/protocol.md): one method per operation. How each
// request is signed, retried and waited out is ExchangeEngine's (exchange-engine.ts).
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
import { itemPathToUrl, MAX_FOLDER_SEGMENTS, parseItemPath } from '../../shared/item-path.js';
import type { CertificateMediaType } from '../../shared/admin/certificate-media-types.js';
import {
  AnswerError,
  containerAnswer,
  containersAnswer,
  itemAnswer,
  itemsAnswer,
  itemWithContentAnswer,
  listingAnswer,
  organizationAnswer as checkedOrganization,
  organizationsAnswer as checkedOrganizations,
  rootAnswer,
  type Check,
} from './answers.js';
import { ExchangeError, NetworkError, CancelledError } from './exchange-errors.js';
import {
  ExchangeEngine,
  readAnswer,
  readJson,
  type CallOptions,
  type ExchangeClientOptions,
  type RequestSpec,
} from './exchange-engine.js';
import { MAX_JSON_RESPONSE_BYTES } from '../../shared/limits.js';
import { bytesBody, type RequestBody } from './http-transport.js';
import { readJsonArrayPages } from './json-reader.js';
import { toSinceParameter } from './timestamps.js';
import { MAX_SHOWN_CHARS, shownText } from '../../shared/shown-text.js';

export type { RequestBody } from './http-transport.js';
export type { CallOptions, ExchangeClientOptions } from './exchange-engine.js';

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

/** An item write: the whole payload, or a prepared streaming body (documents). */
type ItemWrite = ItemWritePayload | RequestBody;

export class ExchangeClient {
  private readonly engine: ExchangeEngine;

  constructor(options: ExchangeClientOptions) {
    this.engine = new ExchangeEngine(options);
  }

  get baseUrl(): URL {
    return this.engine.baseUrl;
  }

  get organizationId(): string {
    return this.engine.organizationId;
  }

  /** Offset of the server clock from the local clock (ms, server − local) last learned. */
  get clockSkewMs(): number {
    return this.engine.clockSkewMs;
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.engine.close();
  }

  // ---- root and connectivity ------------------------------------------------------------

  async root(options: CallOptions = {}): Promise<RootDocument> {
    return this.engine.json(rootAnswer, { method: 'GET', path: '', ...options });
  }

  /** Anonymous: the only unsigned request. */
  async ping(options: CallOptions = {}): Promise<string> {
    return this.engine.text({ method: 'GET', path: 'ping', signed: false, ...options });
  }

  async pingSite(options: CallOptions = {}): Promise<string> {
    return this.engine.text({ method: 'GET', path: 'ping/site', ...options });
  }

  async pingSirb(options: CallOptions = {}): Promise<string> {
    return this.engine.text({ method: 'GET', path: 'ping/sirb', ...options });
  }

  // ---- containers -----------------------------------------------------------------------

  async listContainers(options: CallOptions = {}): Promise<Container[]> {
    return this.engine.json(containersAnswer, { method: 'GET', path: 'containers', ...options });
  }

  async createContainer(options: CallOptions = {}): Promise<Container> {
    return this.engine.json(containerAnswer, { method: 'POST', path: 'containers', body: bytesBody({}), ...options });
  }

  async getContainer(containerId: string, options: CallOptions = {}): Promise<Container> {
    return this.engine.json(containerAnswer, { method: 'GET', path: containerPath(containerId), ...options });
  }

  async listContainerOrganizations(containerId: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'GET',
      path: `${containerPath(containerId)}/organizations`,
      ...options,
    });
  }

  async grantContainerAccess(
    containerId: string,
    organizationId: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'POST',
      path: `${containerPath(containerId)}/organizations`,
      body: bytesBody({ organizationId }),
      ...options,
    });
  }

  async revokeContainerAccess(
    containerId: string,
    organizationId: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'DELETE',
      path: `${containerPath(containerId)}/organizations`,
      body: bytesBody({ organizationId }),
      ...options,
    });
  }

  // ---- items ----------------------------------------------------------------------------

  /** Without a path or with a folder path: an array; with an item's path: that item. */
  async listItems(containerId: string, path?: string, options: ListItemsOptions = {}): Promise<Item | Item[]> {
    return this.engine.json(listingAnswer, listingRequest(containerId, path, options));
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
    const { res, requestId } = await this.engine.exchange({ accept: 'application/json', ...spec });
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
      throw new ExchangeError({
        status: 404,
        code: 1015,
        message: 'The resource was not found.',
        details: `${path} is a folder, not an item`,
        requestId: '',
      });
    }
    return result;
  }

  /** PUT: creates or replaces the item at exactly this path; safe to retry. */
  async saveItem(
    containerId: string,
    path: string,
    write: ItemWrite,
    options: CallOptions = {},
  ): Promise<SaveItemResult> {
    const where = `${containerPath(containerId)}/items/${itemUrl(path)}`;
    const { res, requestId } = await this.engine.exchange({
      method: 'PUT',
      path: where,
      body: toBody(write),
      ...options,
    });
    const item = itemAnswer(
      await readAnswer(res, `PUT /${where}`, requestId, options.signal, readJson),
      `PUT /${where}`,
    );
    return { item, created: res.statusCode === 201 };
  }

  /** POST: the service names the item (never retried, so never duplicated). */
  async addItem(containerId: string, folderPath: string, write: ItemWrite, options: CallOptions = {}): Promise<Item> {
    const suffix = folderPath === '' ? '' : `/${itemUrl(folderPath, MAX_FOLDER_SEGMENTS)}`;
    return this.engine.json(itemAnswer, {
      method: 'POST',
      path: `${containerPath(containerId)}/items${suffix}`,
      body: toBody(write),
      ...options,
    });
  }

  async deleteItem(containerId: string, path: string, options: CallOptions = {}): Promise<void> {
    const { res } = await this.engine.exchange({
      method: 'DELETE',
      path: `${containerPath(containerId)}/items/${itemUrl(path)}`,
      ...options,
    });
    res.resume();
  }

  /** The item with its content, read whole: for structured records and small items. */
  async getItemContent(containerId: string, path: string, options: CallOptions = {}): Promise<ItemWithContent> {
    return this.engine.json(itemWithContentAnswer, {
      method: 'GET',
      path: `${containerPath(containerId)}/content/${itemUrl(path)}`,
      ...options,
    });
  }

  /** The content endpoint as a stream, for documents (parse it with ItemJsonStreamParser). */
  async openItemContent(containerId: string, path: string, options: CallOptions = {}): Promise<ContentResponse> {
    const { res, requestId } = await this.engine.exchange({
      method: 'GET',
      path: `${containerPath(containerId)}/content/${itemUrl(path)}`,
      ...options,
    });
    const length = res.headers['content-length'];
    return { body: res, requestId, contentLength: length === undefined ? undefined : Number(length) };
  }

  async getItemAccess(containerId: string, path: string, options: CallOptions = {}): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'GET',
      path: permissionsPath(containerId, path),
      ...options,
    });
  }

  /** `key` is the item key wrapped (RSA-OAEP, Base-64) for the grantee. */
  async grantItemAccess(
    containerId: string,
    path: string,
    organizationId: string,
    key: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'POST',
      path: permissionsPath(containerId, path),
      body: bytesBody({ organizationId, key }),
      ...options,
    });
  }

  async updateItemAccess(
    containerId: string,
    path: string,
    organizationId: string,
    key: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'PUT',
      path: permissionsPath(containerId, path),
      body: bytesBody({ organizationId, key }),
      ...options,
    });
  }

  async revokeItemAccess(
    containerId: string,
    path: string,
    organizationId: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    return this.engine.json(organizationsAnswer, {
      method: 'DELETE',
      path: permissionsPath(containerId, path),
      body: bytesBody({ organizationId }),
      ...options,
    });
  }

  // ---- organizations --------------------------------------------------------------------

  async listOrganizations(name?: string, options: CallOptions = {}): Promise<Organization[]> {
    const query: [string, string][] = name === undefined || name === '' ? [] : [['name', name]];
    return this.engine.json(organizationsAnswer, { method: 'GET', path: 'organizations', query, ...options });
  }

  async createOrganization(payload: CreateOrganizationPayload, options: CallOptions = {}): Promise<Organization> {
    return this.engine.json(organizationAnswer, {
      method: 'POST',
      path: 'organizations',
      body: bytesBody(payload),
      ...options,
    });
  }

  async getOrganization(organizationId: string, options: CallOptions = {}): Promise<Organization> {
    return this.engine.json(organizationAnswer, {
      method: 'GET',
      path: `organizations/${encodeURIComponent(organizationId)}`,
      ...options,
    });
  }

  async updateOrganization(
    organizationId: string,
    payload: UpdateOrganizationPayload,
    options: CallOptions = {},
  ): Promise<Organization> {
    return this.engine.json(organizationAnswer, {
      method: 'PUT',
      path: `organizations/${encodeURIComponent(organizationId)}`,
      body: bytesBody(payload),
      ...options,
    });
  }

  /** The organization's certificate as PEM text. */
  async getCertificate(organizationId: string, options: CallOptions = {}): Promise<string> {
    return this.engine.text({
      method: 'GET',
      path: `organizations/${encodeURIComponent(organizationId)}/certificate`,
      accept: 'application/x-pem-file',
      ...options,
    });
  }

  /** Admin: sets the certificate; the body is the certificate itself (PEM text or DER bytes). */
  async putCertificate(
    organizationId: string,
    certificate: string | Buffer,
    mediaType: CertificateMediaType = 'application/x-pem-file',
    options: CallOptions = {},
  ): Promise<Organization> {
    const bytes = typeof certificate === 'string' ? Buffer.from(certificate, 'utf8') : certificate;
    return this.engine.json(organizationAnswer, {
      method: 'PUT',
      path: `organizations/${encodeURIComponent(organizationId)}/certificate`,
      body: { kind: 'bytes', bytes, contentType: mediaType },
      ...options,
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
const organizationsAnswer: Check<Organization[]> = (value, what) =>
  checkedOrganizations(value, what).map(shownOrganization);

function toBody(write: ItemWrite): RequestBody {
  return 'kind' in write && (write.kind === 'bytes' || write.kind === 'stream') ? write : bytesBody(write);
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
async function* checkedPages(
  pages: AsyncGenerator<unknown[]>,
  what: string,
  requestId: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<Item[]> {
  let count = 0;
  for (;;) {
    let next: IteratorResult<unknown[]>;
    try {
      next = await pages.next();
    } catch (e) {
      // said as what it is: an answer that broke off (or turned unreadable) part way
      if (signal?.aborted) throw new CancelledError(requestId);
      if (e instanceof SyntaxError)
        throw new AnswerError(
          'malformed',
          `The exchange's answer to ${what} broke off or is not JSON after ${count} items: ${e.message}.`,
        );
      throw new NetworkError(
        `The exchange's answer to ${what} broke off after ${count} items: ${(e as Error).message}`,
        requestId,
        e,
      );
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
