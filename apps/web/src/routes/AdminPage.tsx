import { AdminApp } from '../features/admin/AdminApp';
import { useAdminPageHead } from '../features/admin/use-admin-page-head';

/** /admin-summer in every language: the operator's login and dashboard, never indexed. */
export function AdminPage() {
  useAdminPageHead();
  return <AdminApp />;
}

export default AdminPage;
