import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AdminUsersService } from '../../src/modules/auth/admin-users.service.js';
import { uniqueSuffix } from './test-config.js';

export interface SignedInAdmin {
  username: string;
  cookie: string;
  csrfToken: string;
  /** Headers for a call that changes something. */
  headers: Record<string, string>;
}

/** Creates an admin of its own and signs in through the real login route. */
export async function signInAdmin(app: NestFastifyApplication, password = 'a-long-test-password'): Promise<SignedInAdmin> {
  const username = `editor-${uniqueSuffix()}`;
  await app.get(AdminUsersService).upsert(username, password);
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'ai_mind_admin')!;
  const csrfToken = response.json().csrfToken as string;
  return { username, cookie: `ai_mind_admin=${cookie.value}`, csrfToken, headers: { cookie: `ai_mind_admin=${cookie.value}`, 'x-csrf-token': csrfToken } };
}
