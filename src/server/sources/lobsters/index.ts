export {
  createLobstersReader,
  LOBSTERS_START,
  type LobstersCursor,
  type LobstersRead,
} from './reader';
export { toLobstersComments, toLobstersStory } from './items';
