import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ai-mind/ui';
import {
  adminKeys,
  type AccountStatus,
  type AdminAccount,
  type AdminRole,
  type InvitePersonRequest,
  type PasswordLinkResponse,
  type SetPasswordRequest,
  type SetPasswordResponse,
} from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

export function usePeople() {
  return useQuery({ queryKey: adminKeys.people(), queryFn: () => apiRequest<AdminAccount[]>('/api/admin/people') });
}

const peopleChanged = () => [adminKeys.people()] as const;

export const useInvitePerson = declareMutation((body: InvitePersonRequest) => apiRequest<PasswordLinkResponse>('/api/admin/people', { method: 'POST', body }), peopleChanged);

export const useChangeRole = declareMutation(
  ({ id, role }: { id: number; role: AdminRole }) => apiRequest<AdminAccount>(`/api/admin/people/${id}/role`, { method: 'POST', body: { role } }),
  peopleChanged,
);

export const useChangeStatus = declareMutation(
  ({ id, status }: { id: number; status: AccountStatus }) => apiRequest<AdminAccount>(`/api/admin/people/${id}/status`, { method: 'POST', body: { status } }),
  peopleChanged,
);

export const useResetPassword = declareMutation(
  (id: number) => apiRequest<PasswordLinkResponse>(`/api/admin/people/${id}/reset-password`, { method: 'POST' }),
  peopleChanged,
);

/** The invitee's call: no session, the link's token proves who may set the password. */
export function setPasswordByLink(body: SetPasswordRequest): Promise<SetPasswordResponse> {
  return apiRequest<SetPasswordResponse>('/api/admin/set-password', { method: 'POST', body });
}
