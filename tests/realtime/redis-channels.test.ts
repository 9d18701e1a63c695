// Decision 125: shops that share one Redis (staging beside production, or two test servers) keep to their own
// channels (REDIS_CHANNEL_PREFIX); instances of one shop share them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';
import { loginAdmin } from '../factories/users.js';
import { placeOrder } from '../factories/orders.js';

useSockets();

describe.runIf(process.env.TEST_REDIS_URL)('Redis channels per shop', () => {
  const servers: TestServer[] = [];
  beforeAll(async () => {
    // Two shops (their own PGlite each) on one Redis; the first and the third share a prefix as one shop would.
    servers.push(await startTestServer({ redis: true, env: { REDIS_CHANNEL_PREFIX: 'shop-one-' + process.pid } }));
    servers.push(await startTestServer({ redis: true, env: { REDIS_CHANNEL_PREFIX: 'shop-two-' + process.pid } }));
    servers.push(await startTestServer({ redis: true, env: { REDIS_CHANNEL_PREFIX: 'shop-one-' + process.pid } }));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('When an order is placed in one shop, then an admin of another shop on the same Redis hears nothing; an instance of the same shop hears it', async () => {
    const [one, two, oneAgain] = servers;
    const otherShop = await connectSocket(two, { token: (await loginAdmin(two)).token });
    const sameShop = await connectSocket(oneAgain, { token: (await loginAdmin(oneAgain)).token });
    const heardByOther: string[] = [];
    otherShop.on('order:created', (order) => heardByOther.push(order.id));
    const heard = nextEvent(sameShop, 'order:created');
    const id = await placeOrder(one);
    expect((await heard).id).toBe(id);
    // The same shop heard it through Redis; give the other shop's socket the same time and a bit more.
    const control = nextEvent(otherShop, 'order:created');
    const own = await placeOrder(two);
    expect((await control).id).toBe(own);
    expect(heardByOther).toEqual([own]);
  });
});
