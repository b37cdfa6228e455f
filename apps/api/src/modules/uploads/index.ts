// The front door of this module: what other modules may use. Everything else is internal.
export { default as uploadRoutes } from './routes';
export {
  assertUploadOfSchool,
  deleteUpload,
  readThumbnail,
  storeImage,
  uploadsDir,
} from './service';
export { signPhotos } from './signed-urls';
