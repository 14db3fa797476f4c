// A worker thread's entry: Node 20 does not pass tsx's loader to worker threads, so the thread
// registers it before loading the TypeScript emitter.
import { register } from 'tsx/esm/api';

register();
await import('./jetstream-emitter.ts');
