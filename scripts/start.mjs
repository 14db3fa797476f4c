// `npm start`: build when needed, then run the production server in this same process.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../dist/server/main.js');
