export { type AuthStatus, useAuthStatus } from './hooks/use-auth-status';
