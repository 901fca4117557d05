/**
 * The HTTP piece against a real local server: private, reserved, documentation and the host's own
 * addresses refused by default (literal, resolved — DNS answers faked — and after a redirect), allowed
 * when configured; JSON and text bodies both ways; failures, time limits,
 * stopping and size limits, each with a message a user can act on.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import { createHttpAction, type HttpLimits, type ResolveHost } from '../../server/engine/pieces/http.ts';
import { createAddressGuard, isPrivateAddress } from '../../server/engine/pieces/private-address.ts';

const LIMITS: HttpLimits = { defaultTimeoutMs: 5000, maxTimeoutMs: 10_000, allowPrivateNetworks: true, maxResponseBytes: 1000 };
const context = { userId: 'u1' };

let server: Server;
let base: string;
let port: number;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const body = await readBody(request);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(value));
    };
    switch (url.pathname) {
      case '/json':
        return json(200, { hello: 'world', n: 1 });
      case '/echo':
        return json(200, { method: request.method, headers: request.headers, body });
      case '/text':
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('just text');
      case '/bad-json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{not json');
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('No such   thing\nhere');
      case '/slow':
        return setTimeout(() => json(200, { late: true }), 3000);
      case '/large':
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('x'.repeat(2000));
      case '/large-chunked':
        // No content-length: the limit has to be enforced while reading.
        response.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 20; i++) response.write('y'.repeat(100));
        return response.end();
      case '/redirect':
        response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/json' });
        return response.end();
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        return response.end();
      default:
        response.writeHead(500);
        return response.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = createHttpAction(LIMITS);
const guarded = createHttpAction({ ...LIMITS, allowPrivateNetworks: false });

describe('private network addresses', () => {
  it('are refused by default, naming the address, and allowed when configured', async () => {
    await expect(guarded({ method: 'GET', url: `${base}/json` }, context)).rejects.toThrow('Requests to private network addresses are not allowed (127.0.0.1)');
    expect(await allowed({ method: 'GET', url: `${base}/json` }, context)).toMatchObject({ status: 200 });
  });

  it('are refused when a host name resolves to one (checked at connect time)', async () => {
    await expect(guarded({ url: `http://localhost:${port}/json` }, context)).rejects.toThrow(/private network addresses are not allowed \((127\.0\.0\.1|::1)\)/);
    expect(await allowed({ url: `http://localhost:${port}/json` }, context)).toMatchObject({ status: 200, body: { hello: 'world' } });
  });

  it('are refused as literal URLs in every spelling', async () => {
    for (const [url, address] of [
      ['http://[::1]/', '::1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://0x7f000001/', '127.0.0.1'],
      ['http://127.1/', '127.0.0.1'],
      ['http://0.0.0.0/', '0.0.0.0'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['http://10.1.2.3/', '10.1.2.3'],
      ['https://192.168.0.1/', '192.168.0.1'],
    ]) {
      await expect(guarded({ url }, context)).rejects.toThrow(`not allowed (${address})`);
    }
  });

  it('are refused after a redirect, each hop checked like the first', async () => {
    // Only the test server's own address passes, so it stands in for a public host.
    const onlyTestServer = createHttpAction({ ...LIMITS, allowPrivateNetworks: false }, { isBlocked: (address) => address !== '127.0.0.1' });
    expect(await onlyTestServer({ url: `${base}/json` }, context)).toMatchObject({ status: 200 });
    const via = (to: string) => `${base}/redirect?to=${encodeURIComponent(to)}`;
    await expect(onlyTestServer({ url: via(`http://127.0.0.2:${port}/json`) }, context)).rejects.toThrow('not allowed (127.0.0.2)');
    await expect(onlyTestServer({ url: via('http://169.254.169.254/') }, context)).rejects.toThrow('not allowed (169.254.169.254)');
    await expect(onlyTestServer({ url: via(`http://[::1]:${port}/json`) }, context)).rejects.toThrow('not allowed (::1)');
  });

  it('classifies addresses, IPv4 inside IPv6 included', () => {
    const blocked = ['127.0.0.1', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '2002:c0a8:101::1', '[::1]', 'example.com', '::ffff:0:127.0.0.1', '64:ff9b:1::7f00:1', '2001:0:4136:e378::1'];
    const open = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];
    expect(blocked.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(open.filter((address) => isPrivateAddress(address))).toEqual([]);
  });

  // One address of each refused documentation and benchmarking range, with its IPv6 forms.
  const RESERVED = ['192.0.2.1', '192.0.2.255', '198.51.100.7', '203.0.113.200', '198.18.0.1', '198.19.255.254'];
  const ipv6Forms = (ipv4: string) => {
    const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
    const high = ((a << 8) | b).toString(16);
    const low = ((c << 8) | d).toString(16);
    return [`::ffff:${ipv4}`, `::ffff:${high}:${low}`, `64:ff9b::${high}:${low}`, `2002:${high}:${low}::1`, `::ffff:0:${ipv4}`, `::${ipv4}`];
  };

  it('refuse the documentation and benchmarking ranges, in IPv4 and every IPv6 form that carries them', () => {
    const refused = [...RESERVED, ...RESERVED.flatMap(ipv6Forms), '2001:db8::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '[2001:db8::5]', '3fff::1'];
    expect(refused.filter((address) => !isPrivateAddress(address))).toEqual([]);
    // The neighbours of those ranges are ordinary public addresses.
    const neighbours = ['192.0.3.1', '198.51.101.1', '203.0.114.1', '198.17.255.255', '198.20.0.1', '2001:db9::1', '2001:db7:ffff::1'];
    expect(neighbours.filter((address) => isPrivateAddress(address))).toEqual([]);
  });

  it("refuse this host's own interface addresses, read at check time, whatever their range", () => {
    let interfaces: ReturnType<typeof networkInterfaces> = {};
    const guard = createAddressGuard(() => interfaces);
    expect(guard('93.184.216.34')).toBe(false);
    expect(guard('2606:4700::6810:84e5')).toBe(false);
    // The host gains public addresses: from then on they are refused, IPv4 in its IPv6 forms too.
    interfaces = {
      eth1: [
        { address: '93.184.216.34', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '93.184.216.34/24' },
        { address: '2606:4700::6810:84e5', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: '2606:4700::6810:84e5/64', scopeid: 0 },
      ],
    };
    const forms = ['93.184.216.34', ...ipv6Forms('93.184.216.34'), '2606:4700::6810:84e5', '2606:4700:0:0:0:0:6810:84e5', '[2606:4700::6810:84e5]'];
    expect(forms.filter((address) => !guard(address))).toEqual([]);
    // Other addresses of the same networks are not the host.
    expect(guard('93.184.216.35')).toBe(false);
    expect(guard('2606:4700::6810:84e6')).toBe(false);
    // The host loses them again.
    interfaces = {};
    expect(guard('93.184.216.34')).toBe(false);
    // The real host: every address of every interface is refused.
    const own = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((address) => !isPrivateAddress(address))).toEqual([]);
  });

  it('refuse a zoned IPv6 address like the address itself', () => {
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
    expect(isPrivateAddress('fd00::2%1')).toBe(true);
  });

  /** A resolver with fixed answers: each name maps to the addresses listed, like a DNS answer. */
  const fakeDns = (answers: Record<string, string[]>): ResolveHost => async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('are refused when a DNS answer maps a name to a refused range, before connecting', async () => {
    const answers: Record<string, string[]> = { 'local.test': ['127.0.0.1'] };
    for (const [index, address] of [...RESERVED, '2001:db8::10', '64:ff9b::c633:6407'].entries()) answers[`reserved-${index}.test`] = [address];
    // Never let a broken guard send a packet outside: every address answered here must be refused first.
    expect(Object.values(answers).flat().filter((address) => !isPrivateAddress(address))).toEqual([]);

    const resolve = fakeDns(answers);
    const viaDns = createHttpAction({ ...LIMITS, allowPrivateNetworks: false }, { resolve });
    for (const [name, [address]] of Object.entries(answers)) {
      await expect(viaDns({ url: `http://${name}:${port}/json` }, context)).rejects.toThrow(`Requests to private network addresses are not allowed (${address})`);
    }
    await expect(viaDns({ url: `http://nowhere.test:${port}/json` }, context)).rejects.toThrow('the host name could not be found');
    // Allowing private networks lifts the refusal (shown on the loopback answer, the only reachable one).
    const allowedViaDns = createHttpAction(LIMITS, { resolve });
    expect(await allowedViaDns({ url: `http://local.test:${port}/json` }, context)).toMatchObject({ status: 200, body: { hello: 'world' } });
  });

  it('are refused when any one address of a DNS answer is refused, wherever it sits', async () => {
    // The test server's own address stands in for a public host, so nothing can leave this machine.
    const isBlocked = (address: string) => address !== '127.0.0.1' && isPrivateAddress(address);
    const resolve = fakeDns({ 'first.test': ['127.0.0.1', '203.0.113.9'], 'last.test': ['198.18.5.5', '127.0.0.1'], 'public.test': ['127.0.0.1'] });
    const action = createHttpAction({ ...LIMITS, allowPrivateNetworks: false }, { isBlocked, resolve });
    expect(await action({ url: `http://public.test:${port}/json` }, context)).toMatchObject({ status: 200 });
    await expect(action({ url: `http://first.test:${port}/json` }, context)).rejects.toThrow('not allowed (203.0.113.9)');
    await expect(action({ url: `http://last.test:${port}/json` }, context)).rejects.toThrow('not allowed (198.18.5.5)');
  });

  it("are refused when a DNS answer maps a name to one of the host's own addresses", async () => {
    const hostAddress = '93.184.216.34';
    const guard = createAddressGuard(() => ({
      eth1: [{ address: hostAddress, netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: `${hostAddress}/24` }],
    }));
    expect(guard(hostAddress)).toBe(true);
    expect(guard(`64:ff9b::5db8:d822`)).toBe(true);
    const action = createHttpAction(
      { ...LIMITS, allowPrivateNetworks: false },
      { isBlocked: guard, resolve: fakeDns({ 'self.test': [hostAddress], 'self6.test': ['64:ff9b::5db8:d822'] }) },
    );
    await expect(action({ url: 'http://self.test/' }, context)).rejects.toThrow(`not allowed (${hostAddress})`);
    await expect(action({ url: 'https://self6.test/' }, context)).rejects.toThrow('not allowed (64:ff9b::5db8:d822)');
    await expect(action({ url: `http://${hostAddress}/` }, context)).rejects.toThrow(`not allowed (${hostAddress})`);
  });

  it('are refused as literal URLs in the documentation and benchmarking ranges', async () => {
    for (const [url, address] of [
      ['http://192.0.2.10/', '192.0.2.10'],
      ['http://198.51.100.1:8080/', '198.51.100.1'],
      ['https://203.0.113.1/', '203.0.113.1'],
      ['http://198.19.0.1/', '198.19.0.1'],
      ['http://3325256705/', '198.51.100.1'],
      ['http://[2001:db8::1]/', '2001:db8::1'],
      ['http://[::ffff:192.0.2.1]/', '::ffff:c000:201'],
      ['http://[64:ff9b::cb00:7101]/', '64:ff9b::cb00:7101'],
    ]) {
      expect(isPrivateAddress(address!)).toBe(true);
      await expect(guarded({ url }, context)).rejects.toThrow(`not allowed (${address})`);
    }
  });
});

describe('requests and responses', () => {
  it('parses a JSON response and returns status, headers and body', async () => {
    const output = (await allowed({ method: 'GET', url: `${base}/json` }, context)) as { status: number; headers: Record<string, string>; body: unknown };
    expect(output.status).toBe(200);
    expect(output.headers['content-type']).toContain('application/json');
    expect(output.body).toEqual({ hello: 'world', n: 1 });
  });

  it('keeps text as text, and JSON that does not parse as text', async () => {
    expect(await allowed({ url: `${base}/text` }, context)).toMatchObject({ body: 'just text' });
    expect(await allowed({ url: `${base}/bad-json` }, context)).toMatchObject({ body: '{not json' });
  });

  it('sends an object body as JSON with its content type, and headers given as JSON text', async () => {
    const output = (await allowed({ method: 'POST', url: `${base}/echo`, headers: '{"X-Test": "yes", "X-Count": 3}', body: { name: 'Ada', tags: [1, 2] } }, context)) as {
      body: { method: string; headers: Record<string, string>; body: string };
    };
    expect(output.body.method).toBe('POST');
    expect(output.body.headers['content-type']).toBe('application/json');
    expect(output.body.headers['x-test']).toBe('yes');
    expect(output.body.headers['x-count']).toBe('3');
    expect(JSON.parse(output.body.body)).toEqual({ name: 'Ada', tags: [1, 2] });
  });

  it('sends text as it is, keeping a content type the user set', async () => {
    const output = (await allowed({ method: 'put', url: `${base}/echo`, headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n1,2' }, context)) as {
      body: { method: string; headers: Record<string, string>; body: string };
    };
    expect(output.body).toMatchObject({ method: 'PUT', body: 'a,b\n1,2' });
    expect(output.body.headers['content-type']).toBe('text/csv');
  });

  it('fails on a status of 400 or more, with the status and a short excerpt', async () => {
    await expect(allowed({ url: `${base}/missing` }, context)).rejects.toThrow('Request failed with status 404: No such thing here');
  });

  it('follows redirects (a POST after 303 becomes a GET), stops after five, drops credentials across origins', async () => {
    expect(await allowed({ url: `${base}/redirect?to=/json` }, context)).toMatchObject({ status: 200, body: { hello: 'world' } });
    const after303 = (await allowed({ method: 'POST', url: `${base}/redirect?status=303&to=/echo`, body: 'data' }, context)) as { body: { method: string; body: string } };
    expect(after303.body).toMatchObject({ method: 'GET', body: '' });
    const after307 = (await allowed({ method: 'POST', url: `${base}/redirect?status=307&to=/echo`, body: 'data' }, context)) as { body: { method: string; body: string } };
    expect(after307.body).toMatchObject({ method: 'POST', body: 'data' });
    await expect(allowed({ url: `${base}/loop` }, context)).rejects.toThrow('Too many redirects');
    // Credentials meant for one origin are not handed to another.
    const elsewhere = `${base}/redirect?to=${encodeURIComponent(`http://localhost:${port}/echo`)}`;
    const moved = (await allowed({ url: elsewhere, headers: { Authorization: 'Bearer secret', 'X-Keep': '1' } }, context)) as { body: { headers: Record<string, string> } };
    expect(moved.body.headers.authorization).toBeUndefined();
    expect(moved.body.headers['x-keep']).toBe('1');
  });

  it('times out by the timeout input, and stops when the run is stopped', async () => {
    await expect(allowed({ url: `${base}/slow`, timeout: 1 }, context)).rejects.toThrow('The request timed out after 1 second');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(allowed({ url: `${base}/slow` }, { ...context, signal: controller.signal })).rejects.toThrow('The request was stopped');
  });

  it('caps the timeout at the configured maximum', async () => {
    const capped = createHttpAction({ ...LIMITS, maxTimeoutMs: 300 });
    await expect(capped({ url: `${base}/slow`, timeout: 60 }, context)).rejects.toThrow('timed out after 0.3 seconds');
  });

  it('refuses a response larger than the limit, declared or streamed', async () => {
    await expect(allowed({ url: `${base}/large` }, context)).rejects.toThrow('The response is larger than 1000 bytes');
    await expect(allowed({ url: `${base}/large-chunked` }, context)).rejects.toThrow('The response is larger than 1000 bytes');
  });

  it('refuses bad input with a message a user understands', async () => {
    await expect(allowed({ url: 'file:///etc/passwd' }, context)).rejects.toThrow('Only http and https addresses can be requested');
    await expect(guarded({ url: 'file:///etc/passwd' }, context)).rejects.toThrow('Only http and https addresses can be requested');
    await expect(allowed({ url: '' }, context)).rejects.toThrow('Enter the URL');
    await expect(allowed({ url: 'not a url' }, context)).rejects.toThrow('is not a valid URL');
    await expect(allowed({ method: 'TRACE', url: `${base}/json` }, context)).rejects.toThrow('Choose a method');
    await expect(allowed({ url: `${base}/json`, headers: '[1]' }, context)).rejects.toThrow('Headers must be a JSON object');
    await expect(allowed({ url: `${base}/json`, headers: '{oops' }, context)).rejects.toThrow('Headers must be a JSON object');
    await expect(allowed({ url: `${base}/json`, headers: { 'bad name': 'x' } }, context)).rejects.toThrow('cannot be sent');
    await expect(allowed({ url: `${base}/json`, timeout: 'soon' }, context)).rejects.toThrow('The timeout must be a number of seconds');
  });
});
