import { Route, Routes } from 'react-router';
import { SetPasswordPage } from '../features/people/components/SetPasswordPage';
import { AdminBaseProvider, SET_PASSWORD_PATH } from '../lib/admin-routes';
import { AdminPage } from '../pages/AdminPage';

/**
 * The admin panel. The shell mounts it under /admin; deployed alone it owns the whole origin. Either
 * way each tab, filter and open article has its own URL below that base (/admin/articles/12,
 * /articles?status=draft), so reload, Back and Forward keep the view. `set-password` (before any
 * session) is where an invitation or a password reset link leads.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route
        path={`/admin/${SET_PASSWORD_PATH}`}
        element={
          <AdminBaseProvider value="/admin">
            <SetPasswordPage />
          </AdminBaseProvider>
        }
      />
      <Route
        path={`/${SET_PASSWORD_PATH}`}
        element={
          <AdminBaseProvider value="">
            <SetPasswordPage />
          </AdminBaseProvider>
        }
      />
      <Route
        path="/admin/*"
        element={
          <AdminBaseProvider value="/admin">
            <AdminPage />
          </AdminBaseProvider>
        }
      />
      <Route
        path="*"
        element={
          <AdminBaseProvider value="">
            <AdminPage />
          </AdminBaseProvider>
        }
      />
    </Routes>
  );
}
