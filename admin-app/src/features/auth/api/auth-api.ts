import { apiRequest, setCsrfToken } from '@ai-mind/ui';
import type { AdminCheckResponse, AdminLoginRequest } from '@ai-mind/contracts';

/** The session state; no session (401) is an answer, not an error. Keeps the CSRF token for later calls. */
export async function checkSession(): Promise<AdminCheckResponse> {
  const session = (await apiRequest<AdminCheckResponse | null>('/api/admin/check', { on401: 'returnNull' })) ?? { authenticated: false };
  setCsrfToken(session.csrfToken);
  return session;
}

export async function login(credentials: AdminLoginRequest): Promise<AdminCheckResponse> {
  const session = await apiRequest<AdminCheckResponse>('/api/admin/login', { method: 'POST', body: credentials });
  setCsrfToken(session.csrfToken);
  return session;
}

export async function logout(): Promise<void> {
  await apiRequest('/api/admin/logout', { method: 'POST' });
  setCsrfToken(null);
}
