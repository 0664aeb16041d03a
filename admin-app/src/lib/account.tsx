import { createContext, useContext } from 'react';
import type { SignedInAccount } from '@ai-mind/contracts';

/**
 * The signed-in account, its role and what the role may do, from the session check. The panel hides
 * what the role cannot use; the server refuses it anyway. Outside a session (a component on its own)
 * nothing is hidden.
 */
const AccountContext = createContext<SignedInAccount | undefined>(undefined);
export const AccountProvider = AccountContext.Provider;

export function useAccount(): SignedInAccount | undefined {
  return useContext(AccountContext);
}

/** Whether the signed-in role has this permission (see the backend's permissions.ts). */
export function useCan(): (permission: string) => boolean {
  const account = useContext(AccountContext);
  return (permission) => !account || account.permissions.includes(permission);
}
