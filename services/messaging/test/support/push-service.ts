import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/** A push the local push service accepted, its payload decrypted with the browser's key. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  payload: Record<string, unknown>;
  /** The VAPID token's claims, verified with the key the request names. */
  claims: Record<string, unknown>;
}

/** A browser's subscription: what `PushSubscription.toJSON()` gives, and the keys to read its pushes. */
export interface Browser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A local Web Push service (tests only): it checks each push as a real one does — a VAPID
 * `Authorization: vapid t=<ES256 JWT>, k=<public key>` whose token verifies and names this
 * service's origin, `Content-Encoding: aes128gcm`, a `TTL` — decrypts the payload (RFC 8291) with
 * the subscription's private key, and answers 201, or 410 for a subscription under `/gone/`.
 */
export async function startPushService(vapidPublicKey: string) {
  const pushes: ReceivedPush[] = [];
  const refusals: string[] = [];
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = request.url ?? '';
        if (path.startsWith('/gone/')) return response.writeHead(410).end();
        const browser = browsers.get(path);
        const match = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.authorization ?? '');
        if (!browser || !match || match[2] !== vapidPublicKey)
          throw new Error(`unknown subscription or bad Authorization: ${request.headers.authorization}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const point = Buffer.from(match[2], 'base64url');
        const key = await importJWK(
          {
            kty: 'EC',
            crv: 'P-256',
            x: point.subarray(1, 33).toString('base64url'),
            y: point.subarray(33, 65).toString('base64url'),
          },
          'ES256',
        );
        const { payload: claims } = await jwtVerify(match[1], key, { audience: origin });
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth)) as Record<
          string,
          unknown
        >;
        pushes.push({ path, headers: request.headers, payload, claims });
        response.writeHead(201).end();
      })().catch((error: unknown) => {
        refusals.push(String(error));
        response.writeHead(400).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    pushes,
    refusals,
    /** A new browser subscription at this service (`gone`: one it will answer 410 for). */
    browser(gone = false): Browser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/${gone ? 'gone' : 'push'}/${++next}`;
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: origin + path,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 / RFC 8188: the single record of an aes128gcm Web Push message, decrypted. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}
