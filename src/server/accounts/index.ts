// The accounts area: registration, sessions, profile and password, email verification,
// password reset, the guessing limits, account deletion.
export { createRequireUser, createSessionCookies } from './guard';
export { createAccountJobs, type AccountJobName } from './jobs';
export { accountRoutes, publicAccountRoutes } from './routes';
export { createAuthService, type AuthService } from './service';
export { createGuessingLimits } from './guessing';
export { sessionIdOf } from './sessions';
export { createIdentityService, type IdentityService } from './identities';
