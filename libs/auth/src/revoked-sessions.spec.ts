import { RevokedSessions } from './revoked-sessions';

describe('RevokedSessions in one process (all-in-one: the gateway and the services)', () => {
  it("lists a session revoked by one holder for every other holder, for the entry's lifetime", async () => {
    const gateway = RevokedSessions.open();
    const messaging = RevokedSessions.open();
    const heard: string[] = [];
    const stop = messaging.onRevoked((sessionId) => heard.push(sessionId));
    await messaging.listening();

    await gateway.revoke('family-1', 60_000);
    expect(await messaging.isRevoked('family-1')).toBe(true);
    expect(await messaging.isRevoked('family-2')).toBe(false);
    expect(heard).toEqual(['family-1']);

    await gateway.revoke('short-lived', 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await messaging.isRevoked('short-lived')).toBe(false);

    stop();
    await gateway.revoke('family-3', 60_000);
    expect(heard).toEqual(['family-1', 'short-lived']);
    await Promise.all([gateway.close(), messaging.close()]);
  });

  it("closing one holder neither empties the list nor silences another holder's listeners", async () => {
    const [a, b] = [RevokedSessions.open(), RevokedSessions.open()];
    const heardByB: string[] = [];
    b.onRevoked((sessionId) => heardByB.push(sessionId));
    await a.revoke('before-close', 60_000);
    await a.close();
    expect(await b.isRevoked('before-close')).toBe(true);
    const c = RevokedSessions.open();
    await c.revoke('after-close', 60_000);
    expect(heardByB).toEqual(['before-close', 'after-close']);
    await Promise.all([b.close(), c.close()]);
  });

  it('never lists a token without a session id', async () => {
    const sessions = RevokedSessions.open();
    await sessions.revoke('', 60_000);
    expect(await sessions.isRevoked('')).toBe(false);
    await sessions.close();
  });
});
