import { afterAll, afterEach, beforeEach } from 'vitest';
import { endFile, endTest, recordConsoleErrors, startTest } from './helpers/console';

// Registered before each file's own hooks: beforeEach runs first, afterEach and afterAll last.
recordConsoleErrors();
beforeEach(startTest);
afterEach(endTest);
afterAll(endFile);
