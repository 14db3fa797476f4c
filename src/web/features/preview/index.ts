// What the app and other features may use of the volume preview (the keyword dialog, the
// diagnostic page).
export { VolumePreview } from './components/volume-preview';
