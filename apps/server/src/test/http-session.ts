import { XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, or undefined when there is none (or it is not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: test helper answering the parsed JSON
  body: any;
}

export interface HttpRequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * What a browser tab keeps between requests over real HTTP (tests of server processes): the access
 * token of its sign-in and the XSRF cookie, sent back to whichever server `base` names, with the
 * cookie's value echoed in the XSRF header on changes, as the web app does.
 */
export class HttpSession {
  token: string | undefined;
  xsrf: string | undefined;

  async request(base: string, method: string, path: string, options: HttpRequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.xsrf) {
      headers.cookie = `${XSRF_COOKIE}=${this.xsrf}`;
      if (method !== 'GET') headers[XSRF_HEADER] = this.xsrf;
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, base), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.match(new RegExp(`^${XSRF_COOKIE}=([^;]+)`))?.[1])
      .find(Boolean);
    if (cookie) this.xsrf = cookie;
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body } as HttpAnswer;
  }

  /** Signs in at `base` and keeps the token; throws unless it answered 200. */
  async signIn(base: string, email: string, password: string): Promise<HttpAnswer> {
    const answer = await this.request(base, 'POST', '/api/auth/login', { body: { email, password } });
    if (answer.status !== 200)
      throw new Error(`sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    this.token = answer.body.accessToken;
    return answer;
  }

  /** Like request, but throws unless the status is `expected`; answers the body. */
  async expect(status: number, base: string, method: string, path: string, options: HttpRequestOptions = {}) {
    const answer = await this.request(base, method, path, options);
    if (answer.status !== status) {
      throw new Error(
        `${method} ${path} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`,
      );
    }
    return answer.body;
  }
}
