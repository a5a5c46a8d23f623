import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertReachable, guardedLookup, isInternalAddress, type OutboundPolicy } from './outbound.ts';

const school: OutboundPolicy = { trusted: false, allowHosts: [] };
const platform: OutboundPolicy = { trusted: true, allowHosts: [] };

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    'not-an-address',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['203.0.113.10', '8.8.8.8', '47.96.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => expect(isInternalAddress(address)).toBe(false),
  );
});

describe('assertReachable', () => {
  it.each([
    ['http://127.0.0.1:9000', '127.0.0.1'],
    ['http://localhost:9000', 'localhost'],
    ['http://[::1]:9000', '::1'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://10.0.0.8', '10.0.0.8'],
  ])("refuses a school's %s, naming the host", async (url, host) => {
    await expect(assertReachable(school, url)).rejects.toMatchObject({
      status: 400,
      key: 'resource.endpoint.internal',
      params: { host },
    });
  });

  it('lets public addresses, names that do not resolve and allowed hosts through', async () => {
    await assertReachable(school, 'http://203.0.113.10:9000');
    await assertReachable(school, 'https://oss.invalid');
    await assertReachable({ trusted: false, allowHosts: ['localhost'] }, 'http://localhost:9000');
    await assertReachable({ trusted: false, allowHosts: ['intranet.test'] }, 'http://minio.intranet.test');
  });

  it("does not limit the platform's own configs", async () => {
    await assertReachable(platform, 'http://127.0.0.1:9000');
  });
});

describe('guardedLookup', () => {
  async function fetchThrough(policy: OutboundPolicy): Promise<number | string> {
    const server = createServer((_, res) => res.end('inside'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ lookup: guardedLookup(policy) });
    try {
      return await new Promise((resolve) => {
        get({ host: 'localhost', port, agent, family: 4 }, (res) => resolve(res.statusCode ?? 0)).on('error', (e) =>
          resolve((e as NodeJS.ErrnoException).code ?? 'error'),
        );
      });
    } finally {
      agent.destroy();
      server.close();
    }
  }

  it('refuses to connect a school to an internal address at the moment of connecting', async () => {
    expect(await fetchThrough(school)).toBe('EINTERNAL');
  });

  it('connects allowed hosts and the platform', async () => {
    expect(await fetchThrough({ trusted: false, allowHosts: ['localhost'] })).toBe(200);
    expect(guardedLookup(platform)).toBeUndefined();
  });
});
