import { randomUUID } from 'node:crypto';
import { PasswordReset } from '../src/passwords/password-reset.entity';
import { Registration } from '../src/registrations/registration.entity';
import { RetentionSweeper } from '../src/retention/retention.sweeper';
import { RefreshToken } from '../src/sessions/refresh-token.entity';
import { IdentityHarness } from './support/harness';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('retention: what identity no longer keeps', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('deletes unverified registrations and reset links a day after they expired, refresh tokens after 30 days, nothing younger', async () => {
    const campus = await h.campus();
    const user = await h.user(campus.id, 'student');
    const ago = (ms: number) => new Date(Date.now() - ms);
    let n = 0;
    const hash = () => `${String(++n).padStart(4, '0')}${randomUUID().replace(/-/g, '')}`.padEnd(64, '0');
    const registration = (expired: number) =>
      h.ds.getRepository(Registration).save({
        tenantId: campus.id,
        username: `visitor${++n}`,
        name: 'Visitor',
        email: `visitor${n}@example.org`,
        passwordHash: 'x',
        tokenHash: hash(),
        expiresAt: ago(expired),
      });
    const reset = (expired: number, usedAt: Date | null = null) =>
      h.ds
        .getRepository(PasswordReset)
        .save({ tenantId: campus.id, userId: user.id, tokenHash: hash(), expiresAt: ago(expired), usedAt });
    const token = (expired: number) =>
      h.ds.getRepository(RefreshToken).save({
        id: randomUUID(),
        tenantId: campus.id,
        userId: user.id,
        family: randomUUID(),
        tokenHash: hash(),
        expiresAt: ago(expired),
      });

    const kept = [
      await registration(-HOUR), // still usable
      await registration(DAY - HOUR),
      await reset(-HOUR),
      await reset(DAY - HOUR, ago(2 * DAY)),
      await token(-DAY),
      await token(29 * DAY),
    ];
    await registration(DAY + HOUR);
    await reset(3 * DAY, ago(3 * DAY + HOUR));
    await token(31 * DAY);
    await token(400 * DAY);

    const sweeper = h.app.get(RetentionSweeper);
    expect(await sweeper.sweep()).toEqual({ registrations: 1, password_resets: 1, refresh_tokens: 2 });
    expect(await sweeper.sweep()).toEqual({ registrations: 0, password_resets: 0, refresh_tokens: 0 });
    const left = [
      ...(await h.ds.getRepository(Registration).findBy({ tenantId: campus.id })),
      ...(await h.ds.getRepository(PasswordReset).findBy({ tenantId: campus.id })),
      ...(await h.ds.getRepository(RefreshToken).findBy({ tenantId: campus.id })),
    ];
    expect(left.map((row) => row.tokenHash).sort()).toEqual(kept.map((row) => row.tokenHash).sort());
  });
});
