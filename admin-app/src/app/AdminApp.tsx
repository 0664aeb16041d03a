import { Route, Routes } from 'react-router';
import { AdminPage } from '../pages/AdminPage';

/** The admin panel. The shell mounts it under /admin; deployed alone it owns the whole origin. */
export default function AdminApp() {
  return (
    <Routes>
      <Route path="*" element={<AdminPage />} />
    </Routes>
  );
}
