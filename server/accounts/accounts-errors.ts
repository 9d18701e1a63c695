// The accounts domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { errors } from '../http/app-error.js';

export const accountErrors = {
  userNotFound: () => errors.notFound('errors.userNotFound', 'User not found'),
  emailTaken: () => errors.conflict('errors.emailTaken', 'This e-mail is already registered'),
  lastAdmin: () => errors.conflict('errors.lastAdmin', 'The last admin cannot be demoted'),
};
