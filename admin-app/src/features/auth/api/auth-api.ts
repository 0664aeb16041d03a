import { ApiError, callApi, setCsrfToken } from '@ai-mind/ui';
import { api, ErrorResponseSchema, type AdminCheckResponse, type AdminLoginRequest } from '@ai-mind/contracts';

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

/**
 * What the server says of a code when it refused a sign-in because the username has had all the
 * attempts it allows: a code is on its way by email (the field error of `code`), or null.
 */
export function signInCodeOffer(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return null;
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success ? (parsed.data.details?.find((detail) => detail.path === 'code')?.message ?? null) : null;
}

export async function logout(): Promise<void> {
  await callApi(api.admin.signOut);
  setCsrfToken(null);
}
