/** Wallet calls through HTTP: the caller's own account and notifications only. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotification, ZWalletAccess, ZWalletAccount } from '@heloc/domain';
import { schema } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn } from '../../test/auth';
import { createNotification } from './service';

let t: TestApp;
beforeAll(async () => {
  // Demo data brings the staff account (no wallet) and the demo borrower.
  t = await createTestApp({ authRateLimitPerMinute: 1000 }, { demoData: true });
});
afterAll(async () => t.close());

const BASE = '/service-wallet/secure/api/v4';
type Headers = Record<string, string>;

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
const post = (url: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers });

async function ownAddress(headers: Headers): Promise<string> {
  return ZWalletAccess.parse((await get('/account/access', headers)).json()).account.address;
}

/** Notifications at fixed, increasing times (minutes after a base instant). */
async function notify(identityUuid: string, titles: string[], base = Date.parse('2025-01-06T17:00:00Z')) {
  const created = [];
  for (const [index, title] of titles.entries()) {
    created.push(
      await createNotification(t.database.db, {
        identityUuid,
        title,
        description: `${title} description`,
        ctas: [{ title: 'Open', redirectPath: '/dashboard' }],
        createdAt: new Date(base + index * 60_000),
      }),
    );
  }
  return created;
}

describe('GET /account/access', () => {
  it('answers the caller’s account: profile name, wallet address, owner', async () => {
    const ann = await registerAndSignIn(t.app, 'MAIN', {
      name: { firstName: 'Ann', middleName: 'Q', lastName: 'Lee', suffix: 'Jr.' },
    });
    const res = await get('/account/access', ann);
    expect(res.statusCode).toBe(200);
    const body = ZWalletAccess.parse(res.json());
    expect(body).toEqual({
      account: { name: 'Ann Q Lee Jr.', address: expect.stringMatching(/^0x[0-9a-f]{40}$/) },
      authorizedWallet: { authorizationType: 'OWNER' },
    });
    expect(Object.keys(res.json())).toEqual(['account', 'authorizedWallet']);
  });

  it('accepts the caller’s own address as principal, in any case', async () => {
    const ann = await registerAndSignIn(t.app);
    const address = await ownAddress(ann);
    const upper = `0x${address.slice(2).toUpperCase()}`;
    for (const principal of [address, upper]) {
      const res = await get(`/account/access?principal=${principal}`, ann);
      expect(res.statusCode).toBe(200);
      expect(res.json().account.address).toBe(address);
    }
  });

  it('answers 404 for another wallet’s address (foreign), 400 for a malformed one', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const foreign = await get(`/account/access?principal=${await ownAddress(bob)}`, ann);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: 404, message: 'Wallet account not found' });

    const malformed = await get('/account/access?principal=0x123', ann);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining('querystring.principal'),
      details: [{ path: 'querystring.principal', message: 'Must be a wallet address' }],
    });
  });

  it('names the account by e-mail when there is no profile name', async () => {
    const ann = await registerAndSignIn(t.app);
    await t.database.db.delete(schema.profiles).where(eq(schema.profiles.identityUuid, ann.identityUuid));
    const res = await get('/account/access', ann);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.name).toBe(ann.email.toLowerCase());
  });

  it('answers 404 "Wallet account not found" for an identity without a wallet (staff)', async () => {
    const ops = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
    for (const url of ['/account/access', '/account']) {
      const res = await get(url, ops);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Wallet account not found' });
    }
  });
});

describe('GET /account', () => {
  it('answers one account with the group-policy wallet and the caller’s notifications, newest first', async () => {
    const ann = await registerAndSignIn(t.app, 'MAIN', { name: { firstName: 'Ann', lastName: 'Lee' } });
    const bob = await registerAndSignIn(t.app);
    await notify(ann.identityUuid, ['first', 'second', 'third']);
    await notify(bob.identityUuid, ['bob only']);

    const res = await get('/account', ann);
    expect(res.statusCode).toBe(200);
    const accounts = res.json() as unknown[];
    expect(accounts).toHaveLength(1);
    const account = ZWalletAccount.parse(accounts[0]);
    expect(account.name).toBe('Ann Lee');
    expect(account.address).toBe(await ownAddress(ann));
    expect(account.authorizedWallets).toEqual([
      { address: expect.stringMatching(/^0x[0-9a-f]{40}$/), authorizationType: 'GROUP_POLICY' },
    ]);
    expect(account.authorizedWallets[0]!.address).not.toBe(account.address);
    expect(account.notifications.map((n) => n.title)).toEqual(['third', 'second', 'first']);
    const [newest] = account.notifications;
    expect(newest).toEqual({
      uuid: expect.any(String),
      title: 'third',
      description: 'third description',
      created: '2025-01-06T17:02:00.000Z',
      status: 'UNREAD',
      walletAddress: account.address,
      ctas: [{ title: 'Open', redirectPath: '/dashboard' }],
    });
  });

  it('answers an empty notification list when there are none', async () => {
    const ann = await registerAndSignIn(t.app);
    const [account] = (await get('/account', ann)).json();
    expect(account.notifications).toEqual([]);
  });

  it('answers at most the newest 50 notifications', async () => {
    const ann = await registerAndSignIn(t.app);
    await notify(
      ann.identityUuid,
      Array.from({ length: 55 }, (_, i) => `n${i}`),
    );
    const [account] = (await get('/account', ann)).json();
    expect(account.notifications).toHaveLength(50);
    expect(account.notifications[0].title).toBe('n54');
    expect(account.notifications[49].title).toBe('n5');
  });

  it('refuses a notification whose call to action leaves the site', async () => {
    const ann = await registerAndSignIn(t.app);
    await expect(
      createNotification(t.database.db, {
        identityUuid: ann.identityUuid,
        title: 'Phish',
        description: 'x',
        ctas: [{ title: 'Go', redirectPath: 'https://evil.example/' }],
      }),
    ).rejects.toThrow();
  });
});

describe('POST /notifications/{uuid}/read and /notifications/read-all', () => {
  it('marks the caller’s notification read and answers it; repeating changes nothing', async () => {
    const ann = await registerAndSignIn(t.app);
    const [first, second] = await notify(ann.identityUuid, ['a', 'b']);
    const res = await post(`/notifications/${first!.uuid}/read`, ann);
    expect(res.statusCode).toBe(200);
    const read = ZNotification.parse(res.json());
    expect(read).toEqual({ ...first, status: 'READ' });

    const again = await post(`/notifications/${first!.uuid.toUpperCase()}/read`, ann);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());

    const [account] = (await get('/account', ann)).json();
    expect(account.notifications.map((n: { uuid: string; status: string }) => [n.uuid, n.status])).toEqual([
      [second!.uuid, 'UNREAD'],
      [first!.uuid, 'READ'],
    ]);
  });

  it('accepts the web client’s JSON body ({}) on both calls', async () => {
    const ann = await registerAndSignIn(t.app);
    const [n] = await notify(ann.identityUuid, ['a', 'b']);
    const json = (url: string) =>
      t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: ann, payload: {} });
    expect((await json(`/notifications/${n!.uuid}/read`)).json().status).toBe('READ');
    expect((await json('/notifications/read-all')).json()).toEqual({ updated: 1 });
  });

  it('keeps the first read time when read again', async () => {
    const ann = await registerAndSignIn(t.app);
    const [n] = await notify(ann.identityUuid, ['a']);
    await post(`/notifications/${n!.uuid}/read`, ann);
    const readAt = async () =>
      (
        await t.database.db
          .select({ readAt: schema.notifications.readAt })
          .from(schema.notifications)
          .where(eq(schema.notifications.uuid, n!.uuid))
      )[0]!.readAt;
    const first = await readAt();
    expect(first).toBeInstanceOf(Date);
    await post(`/notifications/${n!.uuid}/read`, ann);
    await post('/notifications/read-all', ann);
    expect(await readAt()).toEqual(first);
  });

  it('answers 404 for another borrower’s notification and leaves it unread', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const [bobs] = await notify(bob.identityUuid, ['bob']);
    const res = await post(`/notifications/${bobs!.uuid}/read`, ann);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Notification not found' });
    const [account] = (await get('/account', bob)).json();
    expect(account.notifications[0].status).toBe('UNREAD');
  });

  it('answers 404 for an unknown notification and 400 (error shape) for a malformed id', async () => {
    const ann = await registerAndSignIn(t.app);
    const unknown = await post('/notifications/00000000-0000-4000-8000-000000000000/read', ann);
    expect(unknown.statusCode).toBe(404);
    const malformed = await post('/notifications/not-a-uuid/read', ann);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      status: 400,
      message: 'Invalid request: params.uuid: Must be a valid UUID',
      details: [{ path: 'params.uuid', message: 'Must be a valid UUID' }],
    });
  });

  it('read-all marks every unread notification of the caller and counts them; again answers 0', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const [a] = await notify(ann.identityUuid, ['a', 'b', 'c']);
    await notify(bob.identityUuid, ['bob']);
    await post(`/notifications/${a!.uuid}/read`, ann);

    const res = await post('/notifications/read-all', ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await post('/notifications/read-all', ann)).json()).toEqual({ updated: 0 });

    const [mine] = (await get('/account', ann)).json();
    expect(mine.notifications.every((n: { status: string }) => n.status === 'READ')).toBe(true);
    const [bobs] = (await get('/account', bob)).json();
    expect(bobs.notifications[0].status).toBe('UNREAD');
  });
});

describe('authentication', () => {
  it('answers 401 without a token on every wallet call', async () => {
    const calls = [
      get('/account/access', {}),
      get('/account', {}),
      post('/notifications/00000000-0000-4000-8000-000000000000/read', {}),
      post('/notifications/read-all', {}),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    }
  });

  it('answers 401 for a token without its fingerprint cookie', async () => {
    const ann = await registerAndSignIn(t.app);
    expect((await get('/account', { authorization: ann.authorization })).statusCode).toBe(401);
  });
});

describe('the demo borrower', () => {
  it('sees the seeded notifications, newest first', async () => {
    const demo = await signIn(t.app, 'demo@heloc.test', 'Demo-password-1');
    const [account] = (await get('/account', demo)).json();
    expect(account.name).toBe('Dana Demo');
    expect(account.address).toBe('0x5d1e0b6f6a2c4e8a9b3d7c1f0e2a4b6c8d0e1f23');
    expect(account.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Meet your loan officer',
      'Welcome to your HELOC application',
    ]);
  });
});
