import { createContext, useContext } from 'react';
import type { Permission, SignedInAccount } from '@ai-mind/contracts';

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

/** Whether the signed-in role has this permission (the contract's ROLE_PERMISSIONS). */
export function useCan(): (permission: Permission) => boolean {
  const account = useContext(AccountContext);
  return (permission) => !account || account.permissions.includes(permission);
}
