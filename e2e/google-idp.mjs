// A local stand-in for Google's identity service, for the browser tests only: it publishes an RS256
// public key as a JWKS (what GOOGLE_JWKS_URL points at) and signs ID tokens on request, so the real
// server verifies real signatures, issuers, audiences and expiries without reaching Google.
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

const port = Number(process.env.GOOGLE_IDP_PORT ?? 3125);
const { publicKey, privateKey } = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };

async function sign({ email, name, audience, issuer = 'https://accounts.google.com', verified = true }) {
  return new SignJWT({ email, name, email_verified: verified })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(`google-${email}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/certs') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(JSON.stringify({ keys: [jwk] }));
  }
  if (url.pathname === '/sign') {
    const token = await sign({
      email: url.searchParams.get('email') ?? 'someone@example.com',
      name: url.searchParams.get('name') ?? 'Someone',
      audience: url.searchParams.get('aud') ?? 'e2e-google-client',
    });
    response.writeHead(200, { 'content-type': 'text/plain' });
    return response.end(token);
  }
  response.writeHead(404).end();
}).listen(port, '127.0.0.1', () => console.log(`google stand-in on ${port}`));
