// Public surface of the accounts domain (register, log in, profiles, roles, the admin's users screens).
// Other domains and the composition root import only from here.
export { createUsersRepository, type UsersRepository } from './users.repository.js';
export { createAdminUsersRepository } from './admin-users.repository.js';
export { createAccountsService, type AccountsService, type AccountEvents } from './accounts.service.js';
export { accountErrors } from './accounts-errors.js';
export { createAdminUsersService, type AdminUsersService } from './admin-users.service.js';
export { createUserPresenter, type UserPresenter } from './user-dto.js';
export { accountsRoutes } from './accounts.routes.js';
export { usersRoutes } from './users.routes.js';
export { adminUsersRoutes } from './admin-users.routes.js';
export { createTwoFactorRepository, type TwoFactorRepository } from './two-factor.repository.js';
export { createTwoFactorService, type TwoFactorService } from './two-factor.service.js';
export { twoFactorRoutes } from './two-factor.routes.js';
