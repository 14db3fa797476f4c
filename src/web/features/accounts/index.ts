// What the app and other features may use of accounts (sign-in, session, profile).
export { useLogout } from './api/logout';
export { AuthProvider, useAuth } from './auth-provider';
export { AuthMarketingPanel } from './components/auth-marketing-panel';
export { DangerZone } from './components/danger-zone';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { IdentitiesForm } from './components/identities-form';
export { LoginForm } from './components/login-form';
export { PasswordForm } from './components/password-form';
export { ProfileForm } from './components/profile-form';
export { RegisterForm } from './components/register-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { useVerifyEmailNotice, VerifyEmailNotice } from './components/verify-email-notice';
export { useVerifyEmail } from './api/verify-email';
