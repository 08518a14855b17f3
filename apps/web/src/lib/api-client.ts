import {
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  type TApiError,
  type TFieldError,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@mqr/contracts';
import { type TApiText, wordMessage } from './api-messages.ts';
import { authStore, type TAuthStore } from './auth-store.ts';

/** Shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';

/** A field's error as the server sent it; `message` is worded in the active language when read. */
function wordedField(field: TFieldError): TFieldError {
  const sent: TApiText = {
    message: field.message,
    messageId: typeof field.messageId === 'string' ? field.messageId : undefined,
    values: isValues(field.values) ? field.values : undefined,
  };
  return {
    path: field.path,
    ...(sent.messageId ? { messageId: sent.messageId } : {}),
    ...(sent.values ? { values: sent.values } : {}),
    get message() {
      return wordMessage(sent);
    },
  };
}

/**
 * Every failed request throws this: the server's `{code, message, fields}` plus the HTTP status.
 * `message` and each field's `message` are worded in the active language when read (ADR 113): by
 * the message id and values the server sent, else the English as sent; `englishMessage` keeps it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: TFieldError[];
  readonly englishMessage: string;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: TFieldError[] = [],
    said: { messageId?: string | undefined; values?: TApiText['values'] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.englishMessage = message;
    this.fields = fields.map(wordedField);
    const text: TApiText = { message, ...said };
    Object.defineProperty(this, 'message', { get: () => wordMessage(text), configurable: true });
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /**
   * The write cannot be taken now and may be later (ADR 140): no connection, or an answer that says
   * so (a gateway with no server, the database or the file storage unavailable, the disk full). A
   * write the user made is kept on the device then (the outbox) rather than refused.
   */
  get isTryLater(): boolean {
    return this.status === 0 || TRY_LATER_STATUSES.has(this.status);
  }
}

/** Answers that mean "not now": 502 and 504 (a proxy without a server), 503 (unavailable), 507 (the disk full). */
export const TRY_LATER_STATUSES: ReadonlySet<number> = new Set([502, 503, 504, 507]);

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData/Blob. */
  body?: unknown;
  /** Empty values are left out; a list repeats its key (`filter=a&filter=b`). */
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: a repeat with the same key gets the first answer, never a second change. */
  idempotencyKey?: string;
};

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+\-.]*:/i.test(url) && !url.startsWith('//');
}

function withQuery(url: string, query: TRequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

export function createApiClient(options: { store?: TAuthStore; fetchImpl?: typeof fetch } = {}) {
  const store = options.store ?? authStore;

  async function send(url: string, init: TRequestOptions = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    const token = store.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (init.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, init.idempotencyKey);
    if (method !== 'GET' && isRelative(url)) {
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    let body: BodyInit | undefined;
    if (init.body instanceof FormData || init.body instanceof Blob) {
      body = init.body;
    } else if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }

    const fetchImpl = options.fetchImpl ?? globalThis.fetch;
    const fullUrl = withQuery(url, init.query);
    let response: Response;
    try {
      response = await fetchImpl(fullUrl, {
        method,
        headers,
        body,
        signal: init.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
    }

    if (!response.ok) {
      // The token is no longer valid (expired, user deactivated, password changed).
      // Only when the token sent is still the stored one: a request that raced a token change
      // (a password change hands out a new token) must not end the new session.
      if (response.status === 401 && token && store.getToken() === token) store.logout();
      throw await toApiError(response);
    }
    return response;
  }

  async function request<T = unknown>(url: string, init: TRequestOptions = {}): Promise<T> {
    const response = await send(url, init);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request, send };
}

async function toApiError(response: Response): Promise<ApiError> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (isApiErrorBody(parsed)) {
    return new ApiError(response.status, parsed.code, parsed.message, parsed.fields ?? [], {
      messageId: typeof parsed.messageId === 'string' ? parsed.messageId : undefined,
      values: isValues(parsed.values) ? parsed.values : undefined,
    });
  }
  return new ApiError(response.status, 'HTTP_ERROR', `Request failed (${response.status}).`);
}

/** A message's values as ZApiError has them: texts and numbers by name. */
function isValues(value: unknown): value is NonNullable<TApiText['values']> {
  return (
    !!value &&
    typeof value === 'object' &&
    Object.values(value).every((entry) => typeof entry === 'string' || typeof entry === 'number')
  );
}

/**
 * The shape of ZApiError, checked without zod: every page's bundle carries this client, and the
 * public page's bundle stays without the schemas (ADR 032).
 */
function isApiErrorBody(value: unknown): value is TApiError {
  if (!value || typeof value !== 'object') return false;
  const body = value as Record<string, unknown>;
  const codes: readonly unknown[] = ERROR_CODES;
  return (
    codes.includes(body.code) &&
    typeof body.message === 'string' &&
    (body.fields === undefined ||
      (Array.isArray(body.fields) &&
        body.fields.every(
          (field: unknown) =>
            !!field &&
            typeof field === 'object' &&
            typeof (field as Record<string, unknown>).path === 'string' &&
            typeof (field as Record<string, unknown>).message === 'string',
        )))
  );
}

const defaultClient = createApiClient();

/** JSON request through the app's auth store. Throws ApiError. */
export const apiRequest = defaultClient.request;
/** Raw response (for headers such as X-Total-Count). Throws ApiError. */
export const apiSend = defaultClient.send;
