import { callApi, setCsrfToken } from '@ai-mind/ui';
import { api, type AdminCheckResponse, type AdminLoginRequest } from '@ai-mind/contracts';

/** The session state; no session (401) is an answer, not an error. Keeps the CSRF token for later calls. */
export async function checkSession(): Promise<AdminCheckResponse> {
  // 'returnNull': a 401 answers null rather than what the route declares.
  const answer: AdminCheckResponse | null = await callApi(api.admin.checkSession, { on401: 'returnNull' });
  const session = answer ?? { authenticated: false };
  setCsrfToken(session.csrfToken);
  return session;
}

export async function login(credentials: AdminLoginRequest): Promise<AdminCheckResponse> {
  const session = await callApi(api.admin.signIn, { body: credentials });
  setCsrfToken(session.csrfToken);
  return session;
}

export async function logout(): Promise<void> {
  await callApi(api.admin.signOut);
  setCsrfToken(null);
}
