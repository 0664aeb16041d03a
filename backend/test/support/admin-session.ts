import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AdminRole } from '@ai-mind/contracts';
import { PeopleService } from '../../src/modules/people/index.js';
import { uniqueSuffix } from './test-config.js';

export interface SignedInAdmin {
  username: string;
  role: AdminRole;
  cookie: string;
  csrfToken: string;
  /** Headers for a call that changes something. */
  headers: Record<string, string>;
}

/** Creates an account of its own with this role (an owner unless told) and signs in through the real login route. */
export async function signInAdmin(app: NestFastifyApplication, password = 'a-long-test-password', role: AdminRole = 'owner'): Promise<SignedInAdmin> {
  const username = `${role}-${uniqueSuffix()}`;
  await app.get(PeopleService).saveAccount({ username, password, role });
  return signIn(app, username, password, role);
}

/**
 * Signs in to an existing account through the real login route, from `remoteAddress` (a client whose
 * failed sign-ins elsewhere in the run cannot lock it out, when the test gives one of its own).
 */
export async function signIn(app: NestFastifyApplication, username: string, password: string, role: AdminRole, remoteAddress?: string): Promise<SignedInAdmin> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, ...(remoteAddress ? { remoteAddress } : {}) });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'ai_mind_admin')!;
  const csrfToken = response.json().csrfToken as string;
  return {
    username,
    role,
    cookie: `ai_mind_admin=${cookie.value}`,
    csrfToken,
    headers: { cookie: `ai_mind_admin=${cookie.value}`, 'x-csrf-token': csrfToken },
  };
}
