import { sign, signatureProblem } from './vlab-signature';

describe('vlab result signatures', () => {
  const secret = 'a'.repeat(64);
  const body = Buffer.from('{"user_id":1,"score":80}');
  const now = 1_800_000_000_000;
  const timestamp = String(now / 1000);

  it('accepts the HMAC-SHA256 of timestamp and body', () => {
    expect(signatureProblem(secret, timestamp, sign(secret, timestamp, body), body, now)).toBeNull();
    expect(sign(secret, timestamp, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('refuses another body, another secret, another time, an old time and missing headers', () => {
    const good = sign(secret, timestamp, body);
    expect(signatureProblem(secret, timestamp, good, Buffer.from('{"user_id":1,"score":99}'), now)).toBe(
      'The signature does not match the body',
    );
    expect(signatureProblem('b'.repeat(64), timestamp, good, body, now)).not.toBeNull();
    expect(signatureProblem(secret, String(now / 1000 + 1), good, body, now)).not.toBeNull();
    const old = String(now / 1000 - 301);
    expect(signatureProblem(secret, old, sign(secret, old, body), body, now)).toMatch(
      /more than 300 seconds/,
    );
    expect(signatureProblem(secret, timestamp, undefined, body, now)).toMatch(/x-vlab-signature/);
    expect(signatureProblem(secret, 'soon', good, body, now)).toMatch(/Unix seconds/);
    expect(signatureProblem(secret, timestamp, 'sha256=short', body, now)).not.toBeNull();
  });
});
