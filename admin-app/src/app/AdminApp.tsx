import { Route, Routes } from 'react-router';
import { AdminBaseProvider } from '../lib/admin-routes';
import { AdminPage } from '../pages/AdminPage';

/**
 * The admin panel. The shell mounts it under /admin; deployed alone it owns the whole origin. Either
 * way each tab, filter and open article has its own URL below that base (/admin/articles/12,
 * /articles?status=draft), so reload, Back and Forward keep the view.
 */
export default function AdminApp() {
  return (
    <Routes>
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
