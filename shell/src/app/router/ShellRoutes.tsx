import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RemoteBoundary } from '../layout/RemoteBoundary';

interface ShellRoutesProps {
  /** The remotes' root components, usually React.lazy over a remote loader. */
  PublicApp: ComponentType;
  AdminApp: ComponentType;
}

/** /admin/* belongs to the admin app; every other path to the public site. */
export function ShellRoutes({ PublicApp, AdminApp }: ShellRoutesProps) {
  return (
    <RemoteBoundary>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<PublicApp />} />
      </Routes>
    </RemoteBoundary>
  );
}
