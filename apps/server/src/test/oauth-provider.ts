import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';

/** The person the test provider says signed in (OpenID Connect standard claims). */
export interface TestPerson {
  sub: string;
  preferred_username: string;
  name: string;
  picture?: string;
  email?: string;
}

interface Grant {
  person: TestPerson;
  clientId: string;
  redirectUri: string;
}

/**
 * A real OAuth2 authorization-code server on a local port, for the API and end-to-end tests of social sign-in. It
 * approves at once as `person` (whoever the test says signs in next), checks the client and the callback address
 * like a real provider, gives each code once, and also serves two pages for the embedded-page tests: one that may
 * be framed and one that refuses framing.
 */
export class TestOAuthServer {
  readonly clientId = 'shixun-test-client';
  readonly clientSecret = randomBytes(16).toString('hex');
  person: TestPerson = { sub: 'u-1001', preferred_username: 'zhangsan', name: '张三', email: 'zhangsan@example.edu' };
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, TestPerson>();

  private readonly app: FastifyInstance = Fastify({ logger: false });
  url = '';

  private constructor() {}

  static async start(): Promise<TestOAuthServer> {
    const server = new TestOAuthServer();
    await server.app.register(formbody);
    server.routes();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    server.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return server;
  }

  /** A generic provider's addresses, as an administrator enters them. */
  get endpoints() {
    return {
      authorizeUrl: `${this.url}/authorize`,
      tokenUrl: `${this.url}/token`,
      userInfoUrl: `${this.url}/userinfo`,
    };
  }

  close(): Promise<void> {
    return this.app.close();
  }

  private routes(): void {
    this.app.get('/authorize', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (q.response_type !== 'code' || q.client_id !== this.clientId || !q.redirect_uri || !q.state) {
        return reply.status(400).send({ error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, { person: this.person, clientId: q.client_id, redirectUri: q.redirect_uri });
      const back = new URL(q.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.state);
      return reply.redirect(back.toString());
    });

    this.app.post('/token', async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string | undefined>;
      const grant = b.code ? this.codes.get(b.code) : undefined;
      if (b.code) this.codes.delete(b.code);
      const ok =
        b.grant_type === 'authorization_code' &&
        b.client_id === this.clientId &&
        b.client_secret === this.clientSecret &&
        grant?.clientId === b.client_id &&
        grant.redirectUri === b.redirect_uri;
      if (!ok || !grant) return reply.status(400).send({ error: 'invalid_grant' });
      const accessToken = randomBytes(16).toString('hex');
      this.tokens.set(accessToken, grant.person);
      return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
    });

    this.app.get('/userinfo', async (req, reply) => {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const person = token ? this.tokens.get(token) : undefined;
      if (!person) return reply.status(401).send({ error: 'invalid_token' });
      return person;
    });

    this.app.get('/page.html', async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><title>实训资料库</title><h1>实训资料库</h1>'),
    );
    this.app.get('/deny.html', async (_req, reply) =>
      reply
        .header('x-frame-options', 'DENY')
        .header('content-security-policy', "frame-ancestors 'none'")
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>拒绝嵌入</title><h1>拒绝嵌入</h1>'),
    );
  }
}
