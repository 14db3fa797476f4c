// @ts-expect-error -- plain ESM script shared with `npm start`, no type declarations.
import { ensureBuild } from '../../scripts/ensure-build.mjs';

export default function setup() {
  (ensureBuild as (options: { quiet: boolean }) => boolean)({ quiet: true });
}
