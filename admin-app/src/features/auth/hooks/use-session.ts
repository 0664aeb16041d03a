import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@ai-mind/contracts';
import { checkSession, login, logout } from '../api/auth-api';

export function useSession() {
  return useQuery({ queryKey: adminKeys.session(), queryFn: checkSession });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      queryClient.setQueryData(adminKeys.session(), { authenticated: false });
    },
  });
}
