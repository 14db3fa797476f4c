// What the app may use of email (digests, the test email).
export { NotificationSettings } from './components/notification-settings';
export { TestEmailSection } from './components/test-email-section';
