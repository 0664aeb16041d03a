// The auth module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { AuthModule } from './auth.module.js';
export { AdminUser } from './admin-user.entity.js';
export { registerAccessGate, type AccessAudit } from './access-gate.js';
export { AdminAccessService } from './admin-access.service.js';
export { AdminUsersService } from './admin-users.service.js';
export { hashPassword } from './password-hasher.js';
export { changeAdminAccess, insertAdminAccount, setActiveAdminPasswordHash, setAdminPasswordHash } from './admin-account-writes.js';
export { permissionOf, RequirePermission, roleMay, type Permission } from './permissions.js';
export { registerWithRouteConfig } from './route-access.js';
export { endSessionsOf } from './session-generation.js';
export { SIGN_IN_CODE_MAILER, type SignInCodeMailer } from './sign-in-code-mailer.js';
export { SessionWatch } from './session-watch.js';
export { AUTH_ENTITIES } from './tables.js';
// The database's behaviour on the admin_user table (assembled in app/database-behaviour.ts).
export { accountPurgeSql } from './account-purge.sql.js';
