import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import {
  adminKeys,
  api,
  type AccountStatus,
  type AdminRole,
  type InvitePersonRequest,
  type SetPasswordRequest,
  type SetPasswordResponse,
} from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

export function usePeople() {
  return useQuery({ queryKey: adminKeys.people(), queryFn: () => callApi(api.admin.people.list) });
}

const peopleChanged = () => [adminKeys.people()] as const;

export const useInvitePerson = declareMutation((body: InvitePersonRequest) => callApi(api.admin.people.invite, { body }), peopleChanged);

export const useChangeRole = declareMutation(
  ({ id, role }: { id: number; role: AdminRole }) => callApi(api.admin.people.changeRole, { params: { id }, body: { role } }),
  peopleChanged,
);

export const useChangeStatus = declareMutation(
  ({ id, status }: { id: number; status: AccountStatus }) => callApi(api.admin.people.changeStatus, { params: { id }, body: { status } }),
  peopleChanged,
);

export const useResetPassword = declareMutation((id: number) => callApi(api.admin.people.resetPassword, { params: { id } }), peopleChanged);

/** The invitee's call: no session, the link's token proves who may set the password. */
export function setPasswordByLink(body: SetPasswordRequest): Promise<SetPasswordResponse> {
  return callApi(api.admin.setPassword, { body });
}
