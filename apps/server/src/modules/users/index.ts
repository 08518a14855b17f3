// What other modules and the route table may use of the users module (ADR 102): they import it from here only.
export { assertAccountPassword } from './password-check.ts';
export { updateProfile } from './profile.ts';
export { readerLanguage } from './reader-language.ts';
export { userAdminRoutes, userRoutes } from './routes.ts';
export {
  addUser,
  getUserByEmail,
  getUserByIdForAuth,
  toCurrentUser,
  USERS_EMAIL_UNIQUE,
  type UserRow,
  verifyCredentials,
} from './service.ts';
export { signedIn } from './signed-in.ts';
