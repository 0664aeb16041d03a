import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ADMIN_ROUTE = 'ai-mind:public-admin-route';

/** Lets an admin-path route through the session guard: only the sign-in calls use it. */
export const PublicAdminRoute = () => SetMetadata(PUBLIC_ADMIN_ROUTE, true);
