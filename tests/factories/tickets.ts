// Tickets opened through the API (so events and rows are exactly what a customer produces).
import type { TestServer } from '../support/server.js';
import type { TestUser } from './users.js';

let counter = 0;
export async function openTicket(
  server: TestServer,
  owner: TestUser,
  overrides: Partial<{ subject: string; text: string }> = {},
): Promise<string> {
  counter += 1;
  const res = await server.api.post(
    '/supports',
    {
      support: {
        subject: overrides.subject ?? 'other',
        text: overrides.text ?? `I need help with my order number ${counter}`,
      },
    },
    owner.token,
  );
  if (res.status !== 201) throw new Error(`openTicket failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
