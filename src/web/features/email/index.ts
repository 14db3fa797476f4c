// What the app and other features may use of email (digests, the test email).
export { useSendTestEmail } from './api/send-test-email';
export { NotificationSettings } from './components/notification-settings';
