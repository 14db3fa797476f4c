// The alerts area: a user's keywords, their limits and their check state.
export { findOwnedAlert } from './repo';
export { alertRoutes } from './routes';
export { createAlertService, type AlertService } from './service';
