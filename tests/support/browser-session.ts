import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * One browser for API tests: keeps the cookies the app sets (set, replaced, or cleared by an
 * expired one) and sends them back, with this site's Origin on state-changing requests.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin = 'http://localhost:3000',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      ...(method === 'GET' ? {} : { origin: this.origin }),
      ...(options.headers as Record<string, string> | undefined),
    };
    // Always a cookie header, even empty: this browser, never the test app's default one.
    headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({ ...options, headers });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: object) {
    return this.request({ method: 'POST', url, ...(payload ? { payload } : {}) });
  }

  put(url: string, payload: object) {
    return this.request({ method: 'PUT', url, payload });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}
